import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import type { PlanLimits } from '../sales/plan-limits';
import type { AccessClaims, RefreshResult } from './tokens';

export const SESSION_COOKIE = 'sitelens_session';
/**
 * Readable by the page and secret-free: it only tells the SPA that a session cookie exists, so a
 * visitor without one is not sent through a refresh that can only fail.
 */
export const SESSION_HINT_COOKIE = 'sitelens_signed_in';

/** The claims of an access token, read fresh from the user's membership and the governing subscription. */
export async function claimsFor(
  database: Database,
  planLimits: PlanLimits,
  userId: string,
  sessionId: string,
): Promise<AccessClaims> {
  const [row] = await database.query<{ organization_id: string | null; role: 'owner' | 'member' | null }>(
    'select m.organization_id, m.role from users u left join memberships m on m.user_id = u.id where u.id = $1',
    [userId],
  );
  const effective = await planLimits.ofUser(database.query, userId);
  const [dates] = await database.query<{ current_period_ends_at: Date | null; trial_ends_at: Date | null }>(
    `select s.current_period_ends_at, s.trial_ends_at from subscriptions s
      where s.user_id = coalesce((select o.owner_id from organizations o where o.id = $2), $1)`,
    [userId, row?.organization_id ?? null],
  );
  return {
    identity: userId,
    sid: sessionId,
    user_claims: {
      // Empty until a plan is chosen: the web app sends such a user to the free trial.
      subscription:
        effective.plan && effective.status
          ? {
              plan_code: effective.plan.code,
              status: effective.status,
              current_period_ends_at: dates?.current_period_ends_at
                ? new Date(dates.current_period_ends_at).toISOString()
                : null,
              trial_ends_at: dates?.trial_ends_at ? new Date(dates.trial_ends_at).toISOString() : null,
            }
          : {},
      o_guid: row?.organization_id ?? null,
      org_role: row?.role ?? null,
    },
  };
}

export interface IssuedSession {
  access_token: string;
  refresh_token: string;
}

/** Starts a sign-in: a new refresh-token family, an access token, and the session cookie for the SPA. */
export async function startSession(
  deps: { database: Database; services: Services; secureCookies: boolean },
  reply: FastifyReply,
  userId: string,
  rememberMe: boolean,
): Promise<IssuedSession> {
  const refresh = await deps.services.refreshTokens.start(userId, rememberMe);
  return sessionReply(deps, reply, refresh);
}

/** Answers with an access token for a refresh token just issued, and sets the cookie to it. */
export async function sessionReply(
  deps: { database: Database; services: Services; secureCookies: boolean },
  reply: FastifyReply,
  refresh: RefreshResult,
): Promise<IssuedSession> {
  const access_token = await deps.services.accessTokens.sign(
    await claimsFor(deps.database, deps.services.planLimits, refresh.userId, refresh.familyId),
  );
  // Without "remember me" the cookies have no expiry and end with the browser.
  const expires = refresh.rememberMe ? { expires: refresh.expiresAt } : {};
  reply.setCookie(SESSION_COOKIE, refresh.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.secureCookies,
    ...expires,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    path: '/',
    sameSite: 'strict',
    secure: deps.secureCookies,
    ...expires,
  });
  return { access_token, refresh_token: refresh.token };
}

export function clearSessionCookie(reply: FastifyReply, secureCookies: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureCookies });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'strict', secure: secureCookies });
}

/** The refresh token of a call: the SPA's cookie, or an API client's bearer header. */
export function presentedRefreshToken(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}
