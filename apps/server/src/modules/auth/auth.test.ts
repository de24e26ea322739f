import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTHeaderParameters, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastMailLinks, registerUser, setCookie, type TestApp } from '../../test/app';

let t: TestApp;
/** A key server a forged token points at (jku, x5u); it counts the requests it gets. */
const keyServer = { url: '', requests: 0 };
const keyServerListener = createServer((_request, response) => {
  keyServer.requests++;
  response.end('{"keys":[]}');
});
beforeAll(async () => {
  t = await createTestApp();
  await new Promise<void>((resolve) => keyServerListener.listen(0, '127.0.0.1', resolve));
  keyServer.url = `http://127.0.0.1:${(keyServerListener.address() as AddressInfo).port}/keys.json`;
});
afterAll(async () => {
  keyServerListener.close();
  await t.close();
});

const signIn = (user_name: string, password: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { user_name, password, recaptcha_token: '', ...extra },
  });
const refreshWith = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { sitelens_session: token } });

describe('registration (POST /api/user)', () => {
  it('creates the user with a lower-cased e-mail and starts a session in an HttpOnly, strict cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        email: '  Grace.Hopper@Example.TEST ',
        f_name: 'Grace',
        l_name: 'Hopper',
        pw: 'cobol-1959',
        recaptcha_token: '',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      guid: expect.any(String),
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const cookie = setCookie(res, 'sitelens_session')!;
    expect(cookie).toContain(`sitelens_session=${body.refresh_token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Expires|Max-Age/); // no "remember me": ends with the browser
    const me = await t.app.inject({
      url: `/api/user/${body.guid}`,
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json()).toEqual({
      guid: body.guid,
      email: 'grace.hopper@example.test',
      f_name: 'Grace',
      l_name: 'Hopper',
    });
  });

  it("answers 409 'Email address already in use!' for a taken e-mail, whatever its case", async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        email: user.email.toUpperCase(),
        f_name: 'A',
        l_name: 'B',
        pw: 'secret-pw',
        recaptcha_token: '',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Email address already in use!');
  });

  it('answers 400 naming the field for a bad e-mail or a short password, and stores nothing', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { email: 'nope', f_name: 'A', l_name: 'B', pw: 'secret-pw' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toContainEqual({ field: 'email', message: 'Please enter a valid email' });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { email: 'short@example.test', f_name: 'A', l_name: 'B', pw: '123' },
    });
    expect(short.json().fields).toContainEqual({ field: 'pw', message: 'Between 6 and 128 characters' });
    expect(
      await t.database.query("select 1 from users where email in ('nope', 'short@example.test')"),
    ).toEqual([]);
  });

  it('rejects fields the caller may not set', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        email: 'role@example.test',
        f_name: 'A',
        l_name: 'B',
        pw: 'secret-pw',
        org_role: 'owner',
        o_guid: crypto.randomUUID(),
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in (POST /api/auth)', () => {
  it('answers 201 with both tokens; remember me gives a lasting cookie', async () => {
    const user = await registerUser(t.app);
    const res = await signIn(user.email, user.password, { remember_me: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(setCookie(res, 'sitelens_session')).toMatch(/Expires=/);
  });

  it("answers a wrong password and an unknown e-mail alike: 401 'Invalid email or password!'", async () => {
    const user = await registerUser(t.app);
    const wrong = await signIn(user.email, 'not the password');
    const unknown = await signIn('nobody@example.test', 'whatever-pw');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Invalid email or password!');
    }
  });

  it('puts identity and user_claims (subscription, o_guid, org_role) in a 15-minute access token', async () => {
    const user = await registerUser(t.app);
    const [, payload] = user.access.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({
      identity: user.guid,
      user_claims: { subscription: {}, o_guid: null, org_role: null },
    });
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });
});

describe('access tokens', () => {
  it.each([
    [
      'none algorithm',
      async (guid: string, sid: string) =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsFor(guid, sid))}.`,
    ],
    ['another key', async (guid: string, sid: string) => sign(claimsFor(guid, sid), FORGED_SECRET)],
    [
      'expired',
      async (guid: string, sid: string) =>
        sign({ ...claimsFor(guid, sid), exp: Math.floor(Date.now() / 1000) - 60 }),
    ],
    [
      'wrong audience',
      async (guid: string, sid: string) => sign({ ...claimsFor(guid, sid), aud: 'someone-else' }),
    ],
    [
      'no expiry, correctly signed',
      async (guid: string, sid: string) => sign(without(claimsFor(guid, sid), 'exp')),
    ],
    [
      'no issue time, correctly signed',
      async (guid: string, sid: string) => sign(without(claimsFor(guid, sid), 'iat')),
    ],
    [
      "an expiry far beyond an access token's life, correctly signed",
      async (guid: string, sid: string) =>
        sign({
          ...claimsFor(guid, sid),
          iat: Math.floor(Date.now() / 1000) - 3600,
          exp: Math.floor(Date.now() / 1000) + 365 * 86_400,
        }),
    ],
    [
      'a fresh issue time and an expiry a year away, correctly signed',
      async (guid: string, sid: string) =>
        sign({ ...claimsFor(guid, sid), exp: Math.floor(Date.now() / 1000) + 365 * 86_400 }),
    ],
    [
      'a switched algorithm (HS512, the right key)',
      async (guid: string, sid: string) => sign(claimsFor(guid, sid), undefined, { alg: 'HS512' }),
    ],
    [
      'a switched algorithm (RS256, its key in a jwk header)',
      async (guid: string, sid: string) => {
        const { privateKey, publicKey } = await generateKeyPair('RS256');
        return new SignJWT(claimsFor(guid, sid))
          .setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(publicKey) })
          .sign(privateKey);
      },
    ],
    [
      'its own key in a jwk header',
      async (guid: string, sid: string) =>
        sign(claimsFor(guid, sid), FORGED_SECRET, {
          // A symmetric key in the header: jose's type rightly forbids it, an attacker sends it anyway.
          jwk: {
            kty: 'oct',
            k: Buffer.from(FORGED_SECRET).toString('base64url'),
          } as JWTHeaderParameters['jwk'],
        }),
    ],
    [
      'a jku header',
      async (guid: string, sid: string) => sign(claimsFor(guid, sid), FORGED_SECRET, { jku: keyServer.url }),
    ],
    [
      'an x5u header',
      async (guid: string, sid: string) => sign(claimsFor(guid, sid), FORGED_SECRET, { x5u: keyServer.url }),
    ],
    [
      'a kid naming a file or a query',
      async (guid: string, sid: string) =>
        sign(claimsFor(guid, sid), FORGED_SECRET, { kid: "../../../../dev/null' or '1'='1" }),
    ],
  ])('refuses a token with %s (401)', async (_name, forge) => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      url: `/api/user/${user.guid}`,
      headers: { authorization: `Bearer ${await forge(user.guid, sidOf(user.access))}` },
    });
    expect(res.statusCode).toBe(401);
    // Key headers are never followed: the key server named in jku and x5u is never asked.
    expect(keyServer.requests).toBe(0);
  });

  it('accepts a token signed with the key for a live sign-in: the refusals above are for their own reasons', async () => {
    const user = await registerUser(t.app);
    const token = await sign(claimsFor(user.guid, sidOf(user.access)));
    const me = (authorization: string) =>
      t.app.inject({ url: `/api/user/${user.guid}`, headers: { authorization } });
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    // Without the sign-in's id, or with another sign-in's, the same token is refused.
    expect((await me(`Bearer ${await sign(without(claimsFor(user.guid, ''), 'sid'))}`)).statusCode).toBe(401);
    const other = await registerUser(t.app);
    expect((await me(`Bearer ${await sign(claimsFor(user.guid, sidOf(other.access)))}`)).statusCode).toBe(
      401,
    );
  });

  it('refuses a refresh token or a reset token used as an access token', async () => {
    const user = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { u_name: user.email } });
    const resetToken = (await lastMailLinks(t.database, user.email))[0]!.split('/').pop()!;
    for (const token of [user.refresh, resetToken]) {
      const res = await t.app.inject({
        url: `/api/user/${user.guid}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('refresh (POST /api/auth/refresh)', () => {
  it('rotates the refresh token on every use and answers a new access token', async () => {
    const user = await registerUser(t.app);
    const res = await refreshWith(user.refresh);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refresh_token).not.toBe(user.refresh);
    expect(setCookie(res, 'sitelens_session')).toContain(next.refresh_token);
    const me = await t.app.inject({
      url: `/api/user/${user.guid}`,
      headers: { authorization: `Bearer ${next.access_token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('accepts an API client presenting the refresh token as bearer', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${user.refresh}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets a parallel tab reuse a just-rotated token, but a replay after 30 s revokes the whole family', async () => {
    const user = await registerUser(t.app);
    const first = (await refreshWith(user.refresh)).json().refresh_token;
    expect((await refreshWith(user.refresh)).statusCode).toBe(200); // within the grace window
    await t.database.query(
      "update refresh_tokens set rotated_at = now() - interval '31 seconds' where rotated_at is not null and user_id = $1",
      [user.guid],
    );
    const replay = await refreshWith(user.refresh);
    expect(replay.statusCode).toBe(401);
    expect(setCookie(replay, 'sitelens_session')).toMatch(/sitelens_session=;/);
    expect((await refreshWith(first)).statusCode).toBe(401); // the family is gone
    // And every access token of that sign-in with it.
    expect((await t.app.inject({ url: `/api/user/${user.guid}`, headers: user.auth })).statusCode).toBe(401);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    expect((await refreshWith('made-up')).statusCode).toBe(401);
  });
});

describe('logout (POST /api/auth/logout)', () => {
  it('ends the sign-in and clears the cookie', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { sitelens_session: user.refresh },
    });
    expect(res.statusCode).toBe(204);
    expect(setCookie(res, 'sitelens_session')).toMatch(/sitelens_session=;/);
    expect((await refreshWith(user.refresh)).statusCode).toBe(401);
    // Its access token ends with it, not 15 minutes later.
    expect((await t.app.inject({ url: `/api/user/${user.guid}`, headers: user.auth })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets the password, signs in, and ends other sessions', async () => {
    const user = await registerUser(t.app);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { u_name: user.email.toUpperCase() },
    });
    expect(request.statusCode).toBe(200);
    const [link] = await lastMailLinks(t.database, user.email);
    expect(link).toMatch(/^http:\/\/sitelens\.test\/reset-password\/[\w-]{40,}$/);
    const token = link!.split('/').pop()!;

    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/reset-password',
      payload: { token, pw: 'brand-new-pw' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    expect((await signIn(user.email, 'brand-new-pw')).statusCode).toBe(201);
    expect((await refreshWith(user.refresh)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/user/${user.guid}`, headers: user.auth })).statusCode).toBe(401);
    const signedIn = { authorization: `Bearer ${reset.json().access_token}` };
    expect((await t.app.inject({ url: `/api/user/${user.guid}`, headers: signedIn })).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/reset-password',
      payload: { token, pw: 'another-pw' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('This token was already used!');
  });

  it('refuses an expired token', async () => {
    const user = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { u_name: user.email } });
    const token = (await lastMailLinks(t.database, user.email))[0]!.split('/').pop()!;
    await t.database.query("update password_resets set expires_at = now() - interval '1 minute'");
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/reset-password',
      payload: { token, pw: 'brand-new-pw' },
    });
    expect(res.statusCode).toBe(410);
  });

  it("answers an unknown e-mail with the spec's message", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { u_name: 'ghost@example.test' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("We weren't able to identify you given the information provided");
  });
});

describe('the user (GET, PATCH /api/user/{id}, DELETE /api/user)', () => {
  it("answers 404 for another user's id and changes nothing", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await t.app.inject({ url: `/api/user/${b.guid}`, headers: a.auth })).statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${b.guid}`,
      headers: a.auth,
      payload: { f_name: 'X', l_name: 'Y' },
    });
    expect(patch.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/user/${b.guid}`, headers: b.auth })).json().f_name).toBe('Ada');
  });

  it('changes the name', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.guid}`,
      headers: user.auth,
      payload: { f_name: 'Augusta', l_name: 'King' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ f_name: 'Augusta', l_name: 'King' });
  });

  it('changes the password only right after the current one is confirmed', async () => {
    const user = await registerUser(t.app);
    const early = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.guid}`,
      headers: user.auth,
      payload: { pw: 'next-password' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe('Please confirm your current password first.');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: user.auth,
      payload: { user_name: user.email, password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Your current password is incorrect');

    // Another sign-in of the same user, on another device.
    const elsewhere = (await signIn(user.email, user.password)).json();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: user.auth,
      payload: { user_name: user.email, password: user.password },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ confirmed: true });

    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.guid}`,
      headers: user.auth,
      payload: { pw: 'next-password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await signIn(user.email, 'next-password')).statusCode).toBe(201);
    // The sign-in elsewhere ends at once, its access token too; this one keeps going.
    const me = (authorization: string) =>
      t.app.inject({ url: `/api/user/${user.guid}`, headers: { authorization } });
    expect((await me(`Bearer ${elsewhere.access_token}`)).statusCode).toBe(401);
    expect((await refreshWith(elsewhere.refresh_token)).statusCode).toBe(401);
    expect((await me(user.auth.authorization)).statusCode).toBe(200);
    expect((await refreshWith(user.refresh)).statusCode).toBe(200);
  });

  it('deletes the account with the reason for leaving', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: user.auth,
      payload: { reason: 'It is too costly', comment: 'Budget cuts this quarter.' },
    });
    expect(res.statusCode).toBe(204);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect(
      await t.database.query('select reason, comment from cancellation_reasons where email = $1', [
        user.email,
      ]),
    ).toEqual([{ reason: 'It is too costly', comment: 'Budget cuts this quarter.' }]);
  });

  it('answers 401 without a session', async () => {
    const user = await registerUser(t.app);
    expect((await t.app.inject({ url: `/api/user/${user.guid}` })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after too many sign-ins for one e-mail', async () => {
    const user = await registerUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await signIn(user.email, 'wrong-password')).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    const limited = await signIn(user.email, user.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("counts wrong passwords per e-mail and address: a stranger's guesses do not lock the owner out", async () => {
    const user = await registerUser(t.app);
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth',
        remoteAddress,
        payload: { user_name: user.email, password, recaptcha_token: '' },
      });
    for (let i = 0; i < 11; i++) await from('203.0.113.66', 'a-guess');
    expect((await from('203.0.113.66', user.password)).statusCode).toBe(429);
    // The owner, elsewhere, signs in; right passwords cost nothing, however many.
    for (let i = 0; i < 12; i++) expect((await from('198.51.100.7', user.password)).statusCode).toBe(201);
  });

  it('limits password-reset requests per e-mail', async () => {
    const user = await registerUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/user/reset-password',
            payload: { u_name: user.email },
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** The sign-in an access token was issued for. */
const sidOf = (access: string): string =>
  JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()).sid;
const claimsFor = (guid: string, sid: string) => ({
  identity: guid,
  sid,
  sub: guid,
  typ: 'access',
  user_claims: { subscription: {}, o_guid: null, org_role: null },
  iss: 'sitelens',
  aud: 'sitelens-api',
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 600,
});
const without = (claims: Record<string, unknown>, name: string) =>
  Object.fromEntries(Object.entries(claims).filter(([key]) => key !== name));
const FORGED_SECRET = 'a-different-secret-of-thirty-two-chars!!';
async function sign(
  claims: Record<string, unknown>,
  secret?: string,
  header: Partial<JWTHeaderParameters> = {},
): Promise<string> {
  const key =
    secret ??
    (
      await t.database.query<{ value: string }>(
        "select value from app_secrets where name = 'jwt_signing_key'",
      )
    )[0]!.value;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', ...header })
    .sign(new TextEncoder().encode(key));
}
