import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS, type AccessClaims, createAccessTokens } from './tokens';

const SECRET = 'a-secret-of-the-installation-long-enough-for-hs256';
const claims: AccessClaims = {
  identity: '0b0e7f6c-8d0c-4a77-9d37-0d5c1ea3a001',
  sid: '5a3f4a0e-63d1-4b7e-9f0a-2f4c8e6b1c02',
  user_claims: { subscription: {}, o_guid: null, org_role: null },
};

describe('access tokens recognised after their first check', () => {
  it('still end when their 15 minutes are over', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(claims);
    const issued = Date.now();
    expect((await tokens.verify(token, issued))?.identity).toBe(claims.identity);
    expect((await tokens.verify(token, issued + 60_000))?.identity).toBe(claims.identity);
    expect(await tokens.verify(token, issued + (ACCESS_TOKEN_SECONDS + 1) * 1000)).toBeNull();
    // Once refused it is not trusted again later on: the next check is jose's, with the time.
    expect(await tokens.verify(token, issued + (ACCESS_TOKEN_SECONDS + 2) * 1000)).toBeNull();
  });

  it('are not used before they were issued', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await tokens.verify(token, Date.now() - 120_000)).toBeNull();
  });

  it('vouch for nothing but the exact string: an altered token or another key is refused', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), identity: 'someone' }),
    ).toString('base64url');
    const flipped = signature.at(-2) === 'A' ? 'B' : 'A';
    for (const forged of [
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`,
      await createAccessTokens('another-installation-with-its-own-secret-value').sign(claims),
    ]) {
      expect(await tokens.verify(forged)).toBeNull();
    }
  });
});
