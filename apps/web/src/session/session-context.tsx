import {
  ACCOUNT_MESSAGES,
  activeSubscription,
  type Organization,
  type Subscription,
  type User,
} from '@sitelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { RequestError, refreshSession, request } from '../api/client';
import { tokenStore } from '../api/token-store';
import { useToast } from '../components/use-toast';

/** What the layout needs to know of the signed-in user (from the user and organization calls). */
export interface Session {
  guid: string;
  email: string;
  f_name: string;
  l_name: string;
  /** The organization role; null for a user with no team. */
  org_role: 'owner' | 'member' | null;
  o_guid: string | null;
  /** The subscription claim (plan_code, status, dates); empty until a plan is chosen. */
  subscription: { plan_code?: string; status?: 'active' | 'canceled' | 'expired'; [claim: string]: unknown };
  plan_name: string | null;
  is_legacy_paypal: boolean;
  /** The team, for a member: its name and its owner's e-mail. */
  team: { name: string; owner: string } | null;
}

export type SessionStatus = 'loading' | 'anonymous' | 'signed-in';

interface SessionState {
  status: SessionStatus;
  session: Session | null;
  /** Stores the tokens of a sign-in and loads the user; rejects when the user cannot be loaded. */
  signIn(tokens: { access_token: string }): Promise<Session>;
  /** Re-reads the user and team, e.g. after a name change. */
  reload(): Promise<void>;
  /**
   * Gets a fresh access token, whose claims follow a change of plan or team, and reloads the
   * session from it; null when the refresh fails.
   */
  refreshClaims(): Promise<Session | null>;
  /** Clears every cache and the session (the caller decides where to go). */
  signOut(): Promise<void>;
  setSession(session: Session | null): void;
}

const SessionContext = createContext<SessionState | null>(null);

interface AccessClaims {
  identity: string;
  user_claims: {
    subscription: Record<string, unknown>;
    o_guid: string | null;
    org_role: 'owner' | 'member' | null;
  };
}

/** Reads the claims of our own access token (already verified by the server that issued it). */
export function claimsOf(accessToken: string): AccessClaims {
  const payload = accessToken.split('.')[1] ?? '';
  return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
}

async function loadSession(accessToken: string): Promise<Session> {
  const claims = claimsOf(accessToken);
  const user = await request<User>(`/user/${claims.identity}`);
  const team = claims.user_claims.o_guid
    ? await request<Organization>('/organization').catch(() => null)
    : null;
  // The plan's name and the PayPal flag are not in the token; the subscription call has them.
  const subscription =
    typeof claims.user_claims.subscription.plan_code === 'string'
      ? await request<Subscription>('/subscription').catch(() => null)
      : null;
  const details = activeSubscription(subscription);
  return {
    guid: user.guid,
    email: user.email,
    f_name: user.f_name,
    l_name: user.l_name,
    org_role: claims.user_claims.org_role,
    o_guid: claims.user_claims.o_guid,
    subscription: claims.user_claims.subscription,
    plan_name: details?.plan_details.name ?? null,
    is_legacy_paypal: details?.is_legacy_paypal ?? false,
    team: team && team.role === 'member' ? { name: team.name, owner: team.owner } : null,
  };
}

export function SessionProvider({ initial, children }: { initial?: Session | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [session, setSession] = useState<Session | null>(initial ?? null);
  const [status, setStatus] = useState<SessionStatus>(
    initial !== undefined ? (initial ? 'signed-in' : 'anonymous') : 'loading',
  );

  const signIn = useCallback(async (tokens: { access_token: string }) => {
    tokenStore.set(tokens.access_token);
    const loaded = await loadSession(tokens.access_token);
    setSession(loaded);
    setStatus('signed-in');
    return loaded;
  }, []);

  const signOut = useCallback(async () => {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' }).catch(() => undefined);
    tokenStore.set(null);
    queryClient.clear();
    setSession(null);
    setStatus('anonymous');
  }, [queryClient]);

  const refreshClaims = useCallback(async () => {
    const token = (await refreshSession()) ? tokenStore.get() : null;
    return token ? signIn({ access_token: token }) : null;
  }, [signIn]);

  const reload = useCallback(async () => {
    const token = tokenStore.get();
    if (token) setSession(await loadSession(token));
  }, []);

  // A reload of the page starts here: the HttpOnly cookie, if any, gives a fresh access token.
  useEffect(() => {
    if (initial !== undefined) return;
    let cancelled = false;
    (async () => {
      // The server marks a signed-in browser with a readable, secret-free cookie; without it there is nothing to refresh.
      const hasSession = document.cookie.split('; ').includes('sitelens_signed_in=1');
      const restored = hasSession && (await refreshSession()) && tokenStore.get();
      if (!restored) {
        if (!cancelled) setStatus('anonymous');
        return;
      }
      try {
        const loaded = await loadSession(restored);
        if (!cancelled) {
          setSession(loaded);
          setStatus('signed-in');
        }
      } catch (error) {
        if (cancelled) return;
        // Loading the user failed: the spec signs out, and says so. The session itself is ended
        // only when the server answered: a page left while it loaded (a reload) or a network that
        // failed said nothing against it, and ending it there signed out a user who reloaded a
        // slow page twice.
        toast.error(ACCOUNT_MESSAGES.userLoadFailed);
        if (error instanceof RequestError)
          await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' }).catch(() => undefined);
        tokenStore.set(null);
        setStatus('anonymous');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [initial, toast]);

  const value = useMemo(
    () => ({
      status,
      session,
      signIn,
      signOut,
      reload,
      refreshClaims,
      setSession: (next: Session | null) => {
        setSession(next);
        setStatus(next ? 'signed-in' : 'anonymous');
      },
    }),
    [status, session, signIn, signOut, reload, refreshClaims],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in user, or null when nobody is signed in. */
export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
