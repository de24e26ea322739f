import { generatedSite, startCrawlSite } from '@sitelens/engine/testing/crawl-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, teamAccount } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import {
  exitOf,
  expireJobs,
  readyOf,
  type SitelensProcess,
  spawnSitelens,
  waitFor,
} from '../../test/processes';

// SECURITY.md G for the crawl: a worker SIGKILLed mid-crawl loses no URL, and a URL saved twice is
// written once. Separate processes share only a database server: PostgreSQL only.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.info('crawl resume test skipped: it needs PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!serverUrl)('a crawl whose worker is killed (PostgreSQL)', () => {
  let t: TestApp;
  let databaseUrl: string;
  const workers: SitelensProcess[] = [];
  const pages = generatedSite(60);
  let site: Awaited<ReturnType<typeof startCrawlSite>>;

  beforeAll(async () => {
    // Slow pages, so the crawl is still running when its worker is killed.
    site = await startCrawlSite(
      (path, origin) => {
        const page = pages(path, origin);
        return page && path.startsWith('/p/') ? { ...page, delayMs: 120 } : page;
      },
      { publicOrigin: 'http://resume.example.com' },
    );
    const database = await createTestDatabase();
    databaseUrl = (database.queueConnection as { connectionString: string }).connectionString;
    t = await createTestApp({}, undefined, database);
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await t?.close();
    await site?.close();
  });

  const startWorker = async () => {
    const worker = spawnSitelens(['worker'], {
      DATABASE_URL: databaseUrl,
      FETCH_CONNECT_TO: `resume.example.com:80:127.0.0.1:${site.port}`,
    });
    workers.push(worker);
    await readyOf(worker, 'sitelens worker ready');
    return worker;
  };

  it('resumes where it stopped: every URL analysed once, none lost, nothing left taken', async () => {
    const account = await teamAccount(t, {
      max_tracked_websites: 1,
      max_monitored_regions: 1,
      dp_max_urls: 500,
    });
    const api = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        headers: account.auth,
        payload: payload as Record<string, unknown>,
      });
    const created = await api('POST', '/website-index', {
      domain: 'resume.example.com',
      homepage_url: 'http://resume.example.com/',
    });
    const w = created.json().guid as string;
    await api('PATCH', `/website-index/settings/${w}`, {
      crawl: { follow_links: true, browser_sample: 0, urls_per_second: null },
    });
    expect((await api('POST', '/import-sitemap', { w_guid: w })).statusCode).toBe(202);

    const first = await startWorker();
    const done = async () =>
      (
        await t.database.query<{ n: number }>(
          `select count(*)::int as n from serviceable_urls where website_id = $1 and crawl_state = 'done'`,
          [w],
        )
      )[0]!.n;
    await waitFor('part of the crawl', async () => (await done()) >= 10, 60_000).catch((error) => {
      throw new Error(`${error.message}\n${first.output()}`);
    });
    first.kill('SIGKILL');
    await exitOf(first);
    const before = await done();
    const [left] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from serviceable_urls where website_id = $1 and crawl_state <> 'done'`,
      [w],
    );
    expect(left!.n).toBeGreaterThan(0); // killed mid-crawl
    // The sitemap's pages saved before the kill, and how often each page had been asked for by then.
    const savedBeforeKill = (
      await t.database.query<{ url: string }>(
        `select url from serviceable_urls where website_id = $1 and crawl_state = 'done'`,
        [w],
      )
    )
      .map((row) => new URL(row.url).pathname)
      .filter((path) => path.startsWith('/p/')); // the sitemap's pages, as above
    const requestsAtKill = new Map(savedBeforeKill.map((path) => [path, site.requests(path)]));

    await expireJobs(t.database, databaseUrl, "name = 'deep-analysis.process' and state = 'active'");

    const second = await startWorker();
    await waitFor(
      'the crawl to complete',
      async () =>
        (
          await t.database.query(
            `select 1 from analysis_processes where website_id = $1 and type = 'on_page_seo_batch_url_analysis' and status = 'completed'`,
            [w],
          )
        ).length > 0,
      120_000,
    ).catch((error) => {
      throw new Error(`${error.message}\n${second.output()}`);
    });

    const urls = await t.database.query<{
      url: string;
      crawl_state: string;
      analysed_at: Date | null;
      results: number;
    }>(
      `select u.url, u.crawl_state, u.analysed_at,
              (select count(*)::int from url_check_results r where r.url_id = u.id) as results
         from serviceable_urls u where u.website_id = $1`,
      [w],
    );
    expect(await done()).toBeGreaterThan(before);
    // Every page of the sitemap is there and analysed; nothing is left taken or pending.
    for (let i = 0; i < 60; i++) expect(urls.map((u) => u.url)).toContain(`http://resume.example.com/p/${i}`);
    expect(urls.filter((u) => u.crawl_state !== 'done' || !u.analysed_at)).toEqual([]);
    // One set of results per page: every judged page holds exactly the page checks, once each.
    const counts = new Set(urls.filter((u) => u.results > 0 && u.url.includes('/p/')).map((u) => u.results));
    expect(counts.size).toBe(1);
    const [duplicates] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from (select url_id, check_key from url_check_results where website_id = $1
         group by url_id, check_key having count(*) > 1) d`,
      [w],
    );
    expect(duplicates!.n).toBe(0);
    // The resumed crawl fetches none of the pages saved before the kill: it goes on where the
    // killed worker stopped (only the pages it held unsaved are fetched again).
    expect(savedBeforeKill.length).toBeGreaterThan(0);
    // Except through a redirect: the fixture's /old/15 answers 301 to /p/15, so checking that old
    // address (a link of /p/10) asks for its target again, whenever /p/15 itself was saved.
    const reachedByRedirect = (path: string) => site.requests(path.replace('/p/', '/old/')) > 0;
    expect(
      savedBeforeKill.filter(
        (path) => !reachedByRedirect(path) && site.requests(path) !== requestsAtKill.get(path),
      ),
    ).toEqual([]);
  }, 240_000);
});
