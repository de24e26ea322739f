import type { FastifyInstance, FastifyRequest } from 'fastify';
// `app.deps` is declared on FastifyInstance by app.ts; a program that reaches this file without it (a job
// imported by a test) needs the declaration too.
import type {} from '../app';
import type { PreparedStatement } from '../db/client';
import { AppError } from '../errors';

/** Who is calling, re-read from the database on every request so a removed member loses access at once. */
export interface AuthContext {
  userId: string;
  email: string;
  organizationId: string | null;
  role: 'owner' | 'member' | null;
  /** The sign-in the caller's token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Read on every signed-in request, so prepared once per connection. The token's sign-in must still
 * be live: a logout, a password change or a replayed refresh token ends it, and its access tokens
 * with it, at once and in every process (the same statement, no second round trip).
 */
const CALLER: PreparedStatement = {
  name: 'auth_caller',
  text: `select u.email, m.organization_id, m.role
           from users u left join memberships m on m.user_id = u.id
          where u.id = $1
            and exists (select 1 from refresh_tokens r
                         where r.family_id = $2 and r.user_id = $1 and r.revoked_at is null and r.expires_at > now())`,
};

const UNAUTHORIZED = 'Your session has ended. Please sign in again.';

export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** Resolves the bearer access token into the caller, or null when there is none or it is not valid. */
export async function readAuth(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await app.deps.services.accessTokens.verify(header.slice(7).trim());
  if (!claims) return null;
  const [row] = await app.deps.database.query<{
    email: string;
    organization_id: string | null;
    role: 'owner' | 'member' | null;
  }>(CALLER, [claims.identity, claims.sid]);
  if (!row) return null;
  return {
    userId: claims.identity,
    email: row.email,
    organizationId: row.organization_id,
    role: row.role,
    sessionId: claims.sid,
  };
}

/**
 * preHandler for routes that need a signed-in caller: 401 otherwise. A caller already read for this
 * request (by the idempotency hook, which runs first) is not read again.
 */
export async function requireAuth(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  request.auth ??= await readAuth(this, request);
  if (!request.auth) throw new AppError('unauthorized', UNAUTHORIZED);
}

/** The caller, for handlers behind `requireAuth`. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', UNAUTHORIZED);
  return request.auth;
}

export const NO_TEAM = 'You are not part of a team yet.';

/** The caller's organization, which scopes every query of theirs; 404 for a user without a team. */
export function organizationOf(caller: AuthContext): string {
  if (!caller.organizationId) throw new AppError('not_found', NO_TEAM);
  return caller.organizationId;
}
