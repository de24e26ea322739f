import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWebsite, createTestApp, registerUser, startTrial, type TestApp } from '../../test/app';
import { type FakeDataForSeo, startFakeDataForSeo } from '../../test/dataforseo-server';
import { createTestDatabase } from '../../test/db';
import { PROCESS_TEST_MS, readyOf, type SitelensProcess, spawnSitelens, waitFor } from '../../test/processes';
import { trackKeywordsJob } from './tracking';

// SECURITY.md G for position tracking: a worker SIGKILLed in the middle of the daily check loses
// no keyword and writes none twice; the next run finishes the day. Separate processes share only a
// database server, so this needs PostgreSQL.
const serverUrl = process.env.TEST_DATABASE_URL;

const DOMAIN = 'harbour-guide.co.uk';
const KEYWORDS = Array.from({ length: 24 }, (_, i) => `harbour keyword ${i + 1}`);

describe.skipIf(!serverUrl)('the daily position check under a SIGKILLed worker (PostgreSQL)', () => {
  let fake: FakeDataForSeo;
  let t: TestApp;
  let databaseUrl: string;
  const workers: SitelensProcess[] = [];

  beforeAll(async () => {
    // Slow answers, so the kill lands mid-run.
    fake = await startFakeDataForSeo({ latencyMs: 600, serpDomains: [DOMAIN] });
    const database = await createTestDatabase();
    databaseUrl = (database.queueConnection as { connectionString: string }).connectionString;
    t = await createTestApp({}, undefined, database);
    const account = await registerUser(t.app);
    await startTrial(t.app, account);
    await addWebsite(t.app, account, {
      domain: DOMAIN,
      homepage_url: `https://${DOMAIN}/`,
      keywords: KEYWORDS,
    });
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await t?.close();
    await fake?.close();
  });

  const startWorker = async () => {
    const worker = spawnSitelens(['worker'], {
      DATABASE_URL: databaseUrl,
      DATAFORSEO_LOGIN: fake.login,
      DATAFORSEO_PASSWORD: fake.password,
      DATAFORSEO_API_URL: fake.url,
    });
    workers.push(worker);
    await readyOf(worker, 'sitelens worker ready');
    return worker;
  };
  const written = async () =>
    (await t.database.query<{ n: number }>('select count(*)::int as n from keyword_positions'))[0]!.n;

  it(
    'one position per keyword for the day, none lost',
    async () => {
      const first = await startWorker();
      await t.queue.send(trackKeywordsJob, {});
      await waitFor('a few positions', async () => (await written()) >= 3, first);
      first.kill('SIGKILL');
      const atKill = await written();
      expect(atKill).toBeLessThan(KEYWORDS.length);

      const second = await startWorker();
      await t.queue.send(trackKeywordsJob, {}, { singletonKey: 'after-the-kill' });
      await waitFor('every keyword checked', async () => (await written()) === KEYWORDS.length, second);
      const rows = await t.database.query<{ keyword: string; days: number }>(
        'select keyword, count(*)::int as days from keyword_positions group by keyword',
      );
      expect(rows).toHaveLength(KEYWORDS.length);
      expect(rows.every((row) => row.days === 1)).toBe(true);
    },
    PROCESS_TEST_MS,
  );
});
