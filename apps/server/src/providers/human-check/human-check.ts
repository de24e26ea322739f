import type { HumanCheckKind } from '@sitelens/contracts';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Database } from '../../db/client';
import { appSecret } from '../../platform/secrets';

export interface HumanCheck {
  kind: HumanCheckKind;
  siteKey: string | null;
  /** ALTCHA only: a fresh proof-of-work challenge. */
  challenge(): Promise<object | null>;
  /** True when the token proves a human (or the check is off); each ALTCHA solution counts once. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

const VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;
const ALTCHA_LIFETIME_MS = 10 * 60_000;
// About a second of hashing in a browser: enough to price out scripted sign-ups, not people.
const ALTCHA_MAX_NUMBER = 100_000;

export async function createHumanCheck(options: {
  kind: HumanCheckKind;
  database: Database;
  siteKey?: string;
  secretKey?: string;
  /** Overrides the provider's siteverify URL (tests talk to a local server). */
  verifyUrl?: string;
}): Promise<HumanCheck> {
  const { kind, database } = options;
  if (kind === 'off') {
    return { kind, siteKey: null, challenge: async () => null, verify: async () => true };
  }
  if (kind === 'altcha') {
    const hmacKey = await appSecret(database, 'altcha_hmac_key');
    return {
      kind,
      siteKey: null,
      challenge: () =>
        createChallenge({
          hmacKey,
          maxnumber: ALTCHA_MAX_NUMBER,
          expires: new Date(Date.now() + ALTCHA_LIFETIME_MS),
        }),
      async verify(token) {
        if (!token) return false;
        const valid = await verifySolution(token, hmacKey, true).catch(() => false);
        if (!valid) return false;
        const { signature } = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
          signature: string;
        };
        // The first use of a solution claims it; a replay finds the row there already.
        const claimed = await database.query(
          `insert into human_check_solutions (signature, expires_at) values ($1, now() + interval '15 minutes')
           on conflict (signature) do nothing returning signature`,
          [signature],
        );
        await database.query('delete from human_check_solutions where expires_at < now()');
        return claimed.length === 1;
      },
    };
  }
  const verifyUrl = options.verifyUrl ?? VERIFY_URLS[kind];
  return {
    kind,
    siteKey: options.siteKey ?? null,
    challenge: async () => null,
    async verify(token, remoteIp) {
      if (!token) return false;
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: options.secretKey ?? '', response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      if (!response?.ok) return false;
      const answer = (await response.json().catch(() => ({}))) as { success?: boolean };
      return answer.success === true;
    },
  };
}
