import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveAltcha } from '../../test/altcha';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ HUMAN_CHECK: 'altcha' });
});
afterAll(() => t.close());

async function solvedToken(): Promise<string> {
  const res = await t.app.inject({ url: '/api/human-check/challenge' });
  expect(res.statusCode).toBe(200);
  return solveAltcha(res.json());
}

const register = (email: string, recaptcha_token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user',
    payload: { email, f_name: 'Ada', l_name: 'L', pw: 'secret-pw', recaptcha_token },
  });

describe('the ALTCHA human check on the forms', () => {
  it('tells the web app which check to show', async () => {
    expect((await t.app.inject({ url: '/api/app-config' })).json().human_check).toEqual({
      kind: 'altcha',
      site_key: null,
    });
  });

  it('refuses a registration without a solution, accepts a solved one once', async () => {
    const missing = await register('no-proof@example.test', '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Please complete the human check again.');
    const token = await solvedToken();
    expect((await register('proof@example.test', token)).statusCode).toBe(201);
    expect((await register('replay@example.test', token)).statusCode).toBe(400);
  });

  it('guards sign-in and the forgot-password form', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { user_name: 'proof@example.test', password: 'secret-pw' },
    });
    expect(signIn.statusCode).toBe(400);
    const withProof = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: {
        user_name: 'proof@example.test',
        password: 'secret-pw',
        recaptcha_token: await solvedToken(),
      },
    });
    expect(withProof.statusCode).toBe(201);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { u_name: 'proof@example.test' },
    });
    expect(forgot.statusCode).toBe(400);
  });
});
