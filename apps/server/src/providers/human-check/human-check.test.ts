import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { type AltchaChallenge, solveAltcha } from '../../test/altcha';
import { createTestDatabase } from '../../test/db';
import { createHumanCheck } from './human-check';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const solved = async (check: Awaited<ReturnType<typeof createHumanCheck>>) =>
  solveAltcha((await check.challenge()) as AltchaChallenge);

describe('ALTCHA', () => {
  it('accepts a solved challenge once, and refuses a replay, a forgery and nothing', async () => {
    const check = await createHumanCheck({ kind: 'altcha', database });
    const token = await solved(check);
    expect(await check.verify(token, '127.0.0.1')).toBe(true);
    expect(await check.verify(token, '127.0.0.1')).toBe(false);
    const forged = JSON.parse(Buffer.from(await solved(check), 'base64').toString());
    forged.number += 1;
    expect(await check.verify(Buffer.from(JSON.stringify(forged)).toString('base64'), '127.0.0.1')).toBe(
      false,
    );
    expect(await check.verify('', '127.0.0.1')).toBe(false);
    expect(await check.verify('not base64 json', '127.0.0.1')).toBe(false);
  });
});

describe.each(['recaptcha', 'turnstile'] as const)('%s siteverify', (kind) => {
  const posted: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      posted.push(form);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          success: form.get('response') === 'good-token' && form.get('secret') === 'server-secret',
        }),
      );
    });
  });
  let url = '';
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => server.close());

  it('asks the provider with the secret, the response and the address', async () => {
    const check = await createHumanCheck({
      kind,
      database,
      siteKey: 'site',
      secretKey: 'server-secret',
      verifyUrl: url,
    });
    expect(check.siteKey).toBe('site');
    expect(await check.verify('good-token', '203.0.113.9')).toBe(true);
    expect(await check.verify('bad-token', '203.0.113.9')).toBe(false);
    expect(posted[0]!.get('remoteip')).toBe('203.0.113.9');
  });
});
