import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** What the layout needs to know of the signed-in user (filled by sign-in, from the user and organization calls). */
export interface Session {
  email: string;
  f_name: string;
  l_name: string;
  /** The organization role; null for a user with no team. */
  org_role: 'owner' | 'member' | null;
  plan_name: string | null;
  is_legacy_paypal: boolean;
  /** The team, for a member: its name and its owner's e-mail. */
  team: { name: string; owner: string } | null;
}

interface SessionState {
  session: Session | null;
  setSession(session: Session | null): void;
}

const SessionContext = createContext<SessionState>({ session: null, setSession: () => {} });

export function SessionProvider({
  initial = null,
  children,
}: {
  initial?: Session | null;
  children: ReactNode;
}) {
  const [session, setSession] = useState<Session | null>(initial);
  const value = useMemo(() => ({ session, setSession }), [session]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in user, or null when nobody is signed in. */
export function useSession(): SessionState {
  return useContext(SessionContext);
}
