import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWebsite, createTestApp, registerUser, startTrial, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { type GoogleSearchRow, type GoogleServer, startGoogleServer } from '../../test/google-server';
import { PROCESS_TEST_MS, readyOf, type SitelensProcess, spawnSitelens, waitFor } from '../../test/processes';
import { searchConsoleImportJob } from './import';

// SECURITY.md G for the Search Console import: a worker SIGKILLed in the middle of a property's
// import leaves whole days; the next run imports the rest and writes no day twice. Separate
// processes share only a database server, so this needs PostgreSQL.
const serverUrl = process.env.TEST_DATABASE_URL;

const DOMAIN = 'quayside-books.test';
const PROPERTY = `sc-domain:${DOMAIN}`;
const DAYS = 14;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const LAST_DAY = isoDay(new Date(Date.now() - 2 * 86_400_000));
const FIRST_DAY = isoDay(new Date(Date.now() - (DAYS + 1) * 86_400_000));

/** Three named rows a day (one query on two pages, another on one) and one Google hides. */
function rowsOf(siteUrl: string, date: string): GoogleSearchRow[] {
  if (siteUrl !== PROPERTY || date < FIRST_DAY) return [];
  return [
    {
      date,
      query: 'second-hand books',
      page: `https://${DOMAIN}/`,
      country: 'gbr',
      device: 'DESKTOP',
      clicks: 5,
      impressions: 50,
      position: 3,
    },
    {
      date,
      query: 'second-hand books',
      page: `https://${DOMAIN}/shop`,
      country: 'gbr',
      device: 'MOBILE',
      clicks: 2,
      impressions: 30,
      position: 5,
    },
    {
      date,
      query: 'rare maps',
      page: `https://${DOMAIN}/maps`,
      country: 'fra',
      device: 'TABLET',
      clicks: 1,
      impressions: 12,
      position: 9,
    },
    {
      date,
      query: null,
      page: `https://${DOMAIN}/`,
      country: 'gbr',
      device: 'MOBILE',
      clicks: 1,
      impressions: 4,
      position: 2,
    },
  ];
}

describe.skipIf(!serverUrl)('the Search Console import under a SIGKILLed worker (PostgreSQL)', () => {
  let google: GoogleServer;
  let t: TestApp;
  let databaseUrl: string;
  let guid: string;
  let env: Record<string, string>;
  const workers: SitelensProcess[] = [];

  beforeAll(async () => {
    google = await startGoogleServer({
      properties: [{ siteUrl: PROPERTY }],
      rows: rowsOf,
      lastDay: LAST_DAY,
    });
    const keyFile = path.join(tmpdir(), `sitelens-sa-kill-${process.pid}.json`);
    writeFileSync(keyFile, JSON.stringify(google.serviceAccountKey));
    env = { GOOGLE_SERVICE_ACCOUNT_FILE: keyFile, GOOGLE_API_URL: google.url, GOOGLE_OAUTH_URL: google.url };
    const database = await createTestDatabase();
    databaseUrl = (database.queueConnection as { connectionString: string }).connectionString;
    t = await createTestApp(env, undefined, database);
    const owner = await registerUser(t.app);
    await startTrial(t.app, owner);
    ({ guid } = await addWebsite(t.app, owner, { domain: DOMAIN, homepage_url: `https://${DOMAIN}/` }));
    const connected = await t.app.inject({
      method: 'POST',
      url: `/api/search-console/${guid}/service-account`,
      headers: owner.auth,
    });
    expect(connected.statusCode).toBe(200);
    // Picking the property queues the import; no worker runs yet.
    const picked = await t.app.inject({
      method: 'PUT',
      url: `/api/search-console/${guid}/property`,
      headers: owner.auth,
      payload: { site_url: PROPERTY },
    });
    expect(picked.statusCode).toBe(200);
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await t?.close();
    await google?.close();
  });

  const startWorker = async () => {
    // Two queries a second, so a day takes about 2 s and the kill lands mid-import.
    const worker = spawnSitelens(['worker'], {
      DATABASE_URL: databaseUrl,
      GOOGLE_QUERIES_PER_MINUTE: '120',
      ...env,
    });
    workers.push(worker);
    await readyOf(worker, 'sitelens worker ready');
    return worker;
  };
  const stored = async () =>
    (
      await t.database.query<{ days: number; rows: number; query_days: number }>(
        `select (select count(*)::int from search_console_days where website_id = $1) as days,
                (select count(*)::int from search_console_rows where website_id = $1) as rows,
                (select count(*)::int from search_console_query_days where website_id = $1) as query_days`,
        [guid],
      )
    )[0]!;

  it(
    'every day once, none lost',
    async () => {
      const first = await startWorker();
      await waitFor('a few days imported', async () => (await stored()).days >= 3, first);
      first.kill('SIGKILL');
      expect((await stored()).days).toBeLessThan(DAYS);

      const second = await startWorker();
      await t.queue.send(searchConsoleImportJob, { website_id: guid }, { singletonKey: 'after-the-kill' });
      await waitFor('every day imported', async () => (await stored()).days === DAYS, second);
      await waitFor(
        'the run ended',
        async () =>
          (
            await t.database.query<{ ended: boolean }>(
              'select last_run_at is not null as ended from search_console_connections where website_id = $1',
              [guid],
            )
          )[0]!.ended,
        second,
      );
      // Three named rows and two named queries a day, each once.
      expect(await stored()).toEqual({ days: DAYS, rows: 3 * DAYS, query_days: 2 * DAYS });
      const [queries] = await t.database.query<{ n: number }>(
        'select count(*)::int as n from search_console_queries where website_id = $1',
        [guid],
      );
      expect(queries!.n).toBe(2);
    },
    PROCESS_TEST_MS,
  );
});
