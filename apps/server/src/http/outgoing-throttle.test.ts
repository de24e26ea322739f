import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, registerUser, startTrial, type TestApp } from '../test/app';
import { OUTGOING_LIMITS, type OutgoingWork } from './outgoing-throttle';

let t: TestApp;
let ada: Account;
let grace: Account;
beforeAll(async () => {
  t = await createTestApp();
  ada = await registerUser(t.app);
  grace = await registerUser(t.app);
  await startTrial(t.app, ada);
  await startTrial(t.app, grace);
});
afterAll(() => t.close());

const orgOf = async (account: Account) =>
  (
    await t.database.query<{ organization_id: string }>(
      'select organization_id from memberships where user_id = $1',
      [account.guid],
    )
  )[0]!.organization_id;

/** Every call that starts outgoing work, with a body its schema takes (the ids need not exist). */
const CALLS: { work: OutgoingWork; url: string; payload?: object }[] = [
  { work: 'checkup', url: '/api/report', payload: { url: 'https://quay.example.com/' } },
  { work: 'checkup', url: '/api/report/background', payload: { url: 'https://quay.example.com/' } },
  { work: 'crawl', url: '/api/import-sitemap', payload: { w_guid: randomUUID() } },
  { work: 'crawl', url: '/api/on-page-seo/url', payload: { w_guid: randomUUID(), url_guid: randomUUID() } },
  { work: 'crawl', url: '/api/on-page-seo/batch', payload: { w_guid: randomUUID() } },
  { work: 'crawl', url: '/api/on-page-seo/domain', payload: { w_guid: randomUUID() } },
  { work: 'toolRun', url: '/api/broken-links', payload: { w_guid: randomUUID() } },
  { work: 'toolRun', url: `/api/broken-links/${randomUUID()}/recheck`, payload: {} },
  { work: 'toolRun', url: '/api/sitemap-generator', payload: { w_guid: randomUUID() } },
  { work: 'pageLoad', url: '/api/loading-time', payload: { url: 'https://quay.example.com/' } },
  { work: 'notificationTest', url: `/api/notifications/channels/${randomUUID()}/test` },
];

const call = (who: Account, { url, payload }: (typeof CALLS)[number], remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload, remoteAddress });

describe('calls that start outgoing work', () => {
  it('answer 429 with Retry-After once the organization or the address has used its budget', async () => {
    const adaOrg = await orgOf(ada);
    for (const entry of CALLS) {
      const limit = OUTGOING_LIMITS[entry.work];
      await t.database.query('delete from rate_limits');
      // Within the budget the call reaches its handler (which may refuse the made-up ids).
      expect((await call(ada, entry, '192.0.2.1')).statusCode, entry.url).not.toBe(429);
      // The organization's budget spent: refused from any address, with when to come back.
      await t.database.query(`update rate_limits set count = $2 where key = $1`, [
        `${entry.work}:org:${adaOrg}`,
        limit.max,
      ]);
      const refused = await call(ada, entry, '192.0.2.99');
      expect(refused.statusCode, entry.url).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(limit.windowSeconds);
      // Another organization, from another address, is not held back by it.
      expect((await call(grace, entry, '198.51.100.2')).statusCode, entry.url).not.toBe(429);
      // One address's budget spent: another organization from that address is refused too.
      await t.database.query(`update rate_limits set count = $2 where key = $1`, [
        `${entry.work}:ip:198.51.100.2`,
        limit.max,
      ]);
      expect((await call(ada, entry, '198.51.100.2')).statusCode, entry.url).toBe(429);
    }
  });

  it('count only calls their schema took: a refused body costs nothing', async () => {
    await t.database.query('delete from rate_limits');
    const limit = OUTGOING_LIMITS.pageLoad;
    for (let i = 0; i <= limit.max; i++)
      expect(
        (await call(ada, { ...CALLS.at(-2)!, payload: { url: 'not a url' } }, '192.0.2.5')).statusCode,
      ).toBe(400);
    expect(await t.database.query('select key from rate_limits')).toEqual([]);
  });
});
