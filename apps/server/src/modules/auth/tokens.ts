import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';

const ISSUER = 'sitelens';
const AUDIENCE = 'sitelens-api';
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A remembered sign-in lasts 30 days; otherwise the cookie ends with the browser and the token within 12 h. */
export const REMEMBERED_SECONDS = 30 * 24 * 3600;
export const SESSION_SECONDS = 12 * 3600;
/** Parallel tabs may present the same refresh token just after it rotated; later, it is a replay. */
export const REPLAY_GRACE_SECONDS = 30;

export interface AccessClaims {
  identity: string;
  /** The sign-in the token was issued for (its refresh-token family): ended, the token is refused. */
  sid: string;
  user_claims: {
    subscription: Record<string, unknown>;
    o_guid: string | null;
    org_role: 'owner' | 'member' | null;
  };
}

/** How many verified access tokens one process recognises without checking the signature again. */
const VERIFIED_TOKENS_KEPT = 10_000;

interface VerifiedToken {
  claims: AccessClaims;
  iat: number;
  exp: number;
}

/** The same time rules jose applies on the first check: not expired, not issued in the future, not too old. */
function inLifetime({ iat, exp }: VerifiedToken, now: number): boolean {
  const seconds = Math.floor(now / 1000);
  return seconds < exp && iat <= seconds && seconds - iat <= ACCESS_TOKEN_SECONDS;
}

/** SHA-256 of a random token, the only form in which tokens are stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const randomToken = (): string => randomBytes(32).toString('base64url');

export function createAccessTokens(secret: string) {
  // Imported once: given the raw bytes, jose imports a key on every call, which under load was
  // most of the cost of verifying a token.
  const imported = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, VerifiedToken>();
  const remember = (token: string, entry: VerifiedToken) => {
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, entry);
  };
  return {
    async sign(claims: AccessClaims): Promise<string> {
      const key = await imported;
      return new SignJWT({ ...claims, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.identity)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key);
    },
    /**
     * The claims of a valid access token, or null: one algorithm, issuer, audience, and an expiry
     * and issue time that must be present (a token without `exp` would never end) and no older
     * than an access token lives. The key is ours alone: header keys (jwk, jku, x5u, kid) are
     * never consulted.
     *
     * A client sends the same token with every call for its 15 minutes; its signature is checked
     * once (an HMAC through WebCrypto cost about 0.15 ms of the event loop per request under
     * load), then the exact same string is recognised. The times are checked on every call.
     */
    async verify(token: string, now = Date.now()): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (inLifetime(known, now)) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await imported, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: ACCESS_TOKEN_SECONDS,
          currentDate: new Date(now),
        });
        if (
          payload.typ !== 'access' ||
          typeof payload.identity !== 'string' ||
          typeof payload.sid !== 'string' ||
          payload.identity !== payload.sub ||
          (payload.exp as number) - (payload.iat as number) > ACCESS_TOKEN_SECONDS
        )
          return null;
        const claims = payload as unknown as AccessClaims;
        remember(token, { claims, iat: payload.iat as number, exp: payload.exp as number });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

export interface RefreshResult {
  token: string;
  userId: string;
  /** The sign-in: every token rotated from the first shares it. */
  familyId: string;
  rememberMe: boolean;
  expiresAt: Date;
}

/** Opaque refresh tokens, stored hashed, one family per sign-in. */
export function createRefreshTokens(database: Database) {
  async function insert(
    userId: string,
    familyId: string,
    rememberMe: boolean,
    expiresAt?: Date,
  ): Promise<RefreshResult> {
    const token = randomToken();
    const ends =
      expiresAt ?? new Date(Date.now() + (rememberMe ? REMEMBERED_SECONDS : SESSION_SECONDS) * 1000);
    await database.query(
      'insert into refresh_tokens (user_id, family_id, token_hash, remember_me, expires_at) values ($1, $2, $3, $4, $5)',
      [userId, familyId, hashToken(token), rememberMe, ends],
    );
    return { token, userId, familyId, rememberMe, expiresAt: ends };
  }

  return {
    start(userId: string, rememberMe: boolean): Promise<RefreshResult> {
      return insert(userId, crypto.randomUUID(), rememberMe);
    },

    /**
     * Exchanges a refresh token for its successor in one atomic update. A token already rotated
     * within the grace window gets a sibling (parallel tabs); later, the whole family is revoked.
     */
    async rotate(token: string): Promise<RefreshResult | null> {
      const hash = hashToken(token);
      const [fresh] = await database.query<{
        user_id: string;
        family_id: string;
        remember_me: boolean;
        expires_at: Date;
      }>(
        `update refresh_tokens set rotated_at = now()
          where token_hash = $1 and rotated_at is null and revoked_at is null and expires_at > now()
          returning user_id, family_id, remember_me, expires_at`,
        [hash],
      );
      if (fresh)
        return insert(
          fresh.user_id,
          fresh.family_id,
          fresh.remember_me,
          slide(fresh.remember_me, fresh.expires_at),
        );

      const [used] = await database.query<{
        family_id: string;
        user_id: string;
        remember_me: boolean;
        expires_at: Date;
        in_grace: boolean;
      }>(
        `select family_id, user_id, remember_me, expires_at,
                rotated_at > now() - make_interval(secs => $2) as in_grace
           from refresh_tokens where token_hash = $1 and revoked_at is null and expires_at > now()`,
        [hash, REPLAY_GRACE_SECONDS],
      );
      if (!used) return null;
      if (used.in_grace)
        return insert(used.user_id, used.family_id, used.remember_me, new Date(used.expires_at));
      await this.revokeFamily(used.family_id);
      return null;
    },

    async revokeFamily(familyId: string): Promise<void> {
      await database.query(
        'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
        [familyId],
      );
    },

    /** Ends the sign-in this token belongs to. */
    async revokeByToken(token: string): Promise<void> {
      await database.query(
        `update refresh_tokens set revoked_at = now()
          where revoked_at is null and family_id = (select family_id from refresh_tokens where token_hash = $1)`,
        [hashToken(token)],
      );
    },

    /** Ends every sign-in of the user, or every one but `keep` (the sign-in changing the password). */
    async revokeUser(userId: string, keep: string | null = null): Promise<void> {
      await database.query(
        `update refresh_tokens set revoked_at = now()
          where user_id = $1 and revoked_at is null and family_id is distinct from $2`,
        [userId, keep],
      );
    },
  };
}
export type RefreshTokens = ReturnType<typeof createRefreshTokens>;

/** A remembered session slides forward on use; a browser session keeps its end. */
function slide(rememberMe: boolean, expiresAt: Date): Date {
  return rememberMe ? new Date(Date.now() + REMEMBERED_SECONDS * 1000) : new Date(expiresAt);
}
