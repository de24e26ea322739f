import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, registerUser, type TestApp } from '../test/app';
import { nulPath } from './nul-guard';

let t: TestApp;
let account: Account;
beforeAll(async () => {
  t = await createTestApp();
  account = await registerUser(t.app);
});
afterAll(() => t.close());

describe('NUL characters', () => {
  it('finds the first field holding one, in nested objects, arrays and keys', () => {
    expect(nulPath({ a: 'fine', b: { c: ['ok', 'bad\u0000'] } })).toBe('b.c.1');
    expect(nulPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(nulPath('\u0000')).toBe('');
    expect(nulPath({ a: 1, b: null, c: ['x'] })).toBeNull();
  });

  it('are refused with the field before any query sees them, in a body and in a query string', async () => {
    const body = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${account.guid}`,
      headers: account.auth,
      payload: { f_name: 'Ada\u0000', l_name: 'Lovelace' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ error: 'f_name: must not contain a NUL character', code: 'bad_request' });

    const query = await t.app.inject({ url: '/api/report/v2/urls?domain=%00', headers: account.auth });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toBe('querystring.domain: must not contain a NUL character');
  });
});
