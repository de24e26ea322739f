import { randomUUID } from 'node:crypto';
import { CHECKUP_MESSAGES, WEBSITE_MESSAGES } from '@sitelens/contracts';
import { allChecks } from '@sitelens/engine';
import { type CrawlSitePage, htmlPage, proseOf } from '@sitelens/engine/testing/crawl-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, teamAccount } from '../../test/app';
import { deepAnalysisDriver, robotsPage, serveSites, sitemapPage } from '../../test/deep-analysis';
import { comparisonSummary, recordSnapshot, SNAPSHOTS_KEPT } from './comparison';

const ORIGIN = 'http://compare.example.com';
let t: TestApp;
let served: Awaited<ReturnType<typeof serveSites>>;
const { api, website: trackedWebsite, runProcesses } = deepAnalysisDriver(() => t);
const website = (account: Parameters<typeof trackedWebsite>[0]) => trackedWebsite(account, 'compare');

const page = (
  title: string,
  i: number,
  options: { links?: string[]; extra?: string; description?: boolean } = {},
) => ({
  body: htmlPage({
    title,
    ...(options.description === false
      ? {}
      : { description: `About ${title.toLowerCase()}, in words of its own.` }),
    text: `${proseOf(i)}${options.extra ?? ''}`,
    links: options.links ?? ['/'],
  }),
});

/** The fixture's pages, changed between the crawls: the server reads this object on every request. */
const routes: Record<string, CrawlSitePage> = {
  '/robots.txt': robotsPage,
  '/sitemap.xml': sitemapPage(['/', '/a', '/b', '/c']),
  '/': page('Comparison home', 0, { links: ['/a', '/b', '/c'] }),
  // A deprecated tag: fixed before the second crawl.
  '/a': page('Page with an old tag', 1, { extra: ' <center>oak table</center>' }),
  '/b': page('A page that will get an old tag', 2),
  // No meta description: left as is, then the URL is deleted before the second crawl.
  '/c': page('A page without a description', 3, { description: false }),
};

/** A site that goes down between two crawls (its homepage answers 503), then comes back. */
const fragile: Record<string, CrawlSitePage> = {
  '/robots.txt': robotsPage,
  '/sitemap.xml': sitemapPage(['/', '/a']),
  '/': page('Fragile home', 4, { links: ['/a'] }),
  '/a': page('A page without a description', 5, { description: false }),
};

beforeAll(async () => {
  served = await serveSites({ compare: routes, fragile });
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await served.close();
});

const withUrls = () =>
  teamAccount(t, { max_tracked_websites: 5, max_monitored_regions: 1, dp_max_urls: 100 });

interface Comparison {
  current: { c_at: string; urls: number; analysed: number; score: number | null } | null;
  previous: { c_at: string; urls: number; analysed: number; score: number | null } | null;
  checks: { test_key: string; title: string; new: number; fixed: number; still_open: number }[];
  summary: { new: number; fixed: number; still_open: number };
  urls: { url: string; url_guid: string | null; new: string[]; fixed: string[] }[];
  urls_total: number;
}

/** The website's current issues, as `check url` strings. */
async function issuesNow(websiteId: string): Promise<string[]> {
  const rows = await t.database.query<{ issue: string }>(
    `select r.check_key || ' ' || u.url as issue from url_check_results r join serviceable_urls u on u.id = r.url_id
      where r.website_id = $1 and r.status in ('failed', 'warning')
     union all
     select check_key || ' ' || origin from site_check_results where website_id = $1 and status in ('failed', 'warning')`,
    [websiteId],
  );
  return rows.map((row) => row.issue).sort();
}

describe('the crawl comparison', () => {
  it('reports exactly what the second crawl fixed and found new, per check and per URL', async () => {
    const account = await withUrls();
    const w = await website(account);
    const empty = await api(account, 'GET', `/on-page-seo/crawl-comparison/${w}`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({
      current: null,
      previous: null,
      checks: [],
      summary: { new: 0, fixed: 0, still_open: 0 },
      urls: [],
      urls_total: 0,
    });

    const imported = await api(account, 'POST', '/import-sitemap', { w_guid: w });
    expect(imported.statusCode, imported.body).toBe(202);
    await runProcesses(w);
    const first = (await api(account, 'GET', `/on-page-seo/crawl-comparison/${w}`)).json() as Comparison;
    const openAtFirst = await issuesNow(w);
    expect(openAtFirst).toContain(`deprecated-html-tags ${ORIGIN}/a`);
    expect(openAtFirst).toContain(`meta-description ${ORIGIN}/c`);
    // One crawl: nothing to compare with, every issue is open.
    expect(first).toMatchObject({
      current: { urls: 4, analysed: 4 },
      previous: null,
      summary: { new: 0, fixed: 0, still_open: openAtFirst.length },
      urls: [],
      urls_total: 0,
    });
    expect(first.current!.score).toBeGreaterThan(0);
    expect(first.checks.find((check) => check.test_key === 'deprecated-html-tags')).toEqual({
      test_key: 'deprecated-html-tags',
      title: expect.any(String),
      new: 0,
      fixed: 0,
      still_open: 1,
    });

    // Between the crawls: /a loses its old tag, /b gets one, /c is no longer linked and is deleted.
    routes['/a'] = page('Page with an old tag', 1);
    routes['/b'] = page('A page that will get an old tag', 2, {
      extra: ' <font color="red">walnut chair</font>',
    });
    routes['/'] = page('Comparison home', 0, { links: ['/a', '/b'] });
    const c = (
      await t.database.query<{ id: string }>(
        'select id from serviceable_urls where website_id = $1 and url = $2',
        [w, `${ORIGIN}/c`],
      )
    )[0]!;
    expect((await api(account, 'DELETE', `/serviceable-url/${w}/${c.id}`)).statusCode).toBe(204);
    expect((await api(account, 'POST', '/on-page-seo/batch', { w_guid: w })).statusCode).toBe(202);
    await runProcesses(w);

    const res = await api(account, 'GET', `/on-page-seo/crawl-comparison/${w}`);
    expect(res.statusCode, res.body).toBe(200);
    const raw = res.json() as Comparison;
    const second = raw;
    const [a, b] = await t.database.query<{ id: string }>(
      'select id from serviceable_urls where website_id = $1 and url = any($2::text[]) order by url',
      [w, [`${ORIGIN}/a`, `${ORIGIN}/b`]],
    );
    expect(second.previous).toEqual(first.current);
    expect(second.current).toMatchObject({ urls: 3, analysed: 3 });
    expect(second.checks.find((check) => check.test_key === 'deprecated-html-tags')).toEqual({
      test_key: 'deprecated-html-tags',
      title: allChecks.find((check) => check.key === 'deprecated-html-tags')!.title,
      new: 1,
      fixed: 1,
      still_open: 0,
    });
    expect(second.urls).toEqual([
      { url: `${ORIGIN}/a`, url_guid: a!.id, new: [], fixed: ['deprecated-html-tags'] },
      { url: `${ORIGIN}/b`, url_guid: b!.id, new: ['deprecated-html-tags'], fixed: [] },
    ]);
    expect(second.urls_total).toBe(2);
    // The deleted /c counts in nothing: its issues are not fixed, nor open.
    const descriptions = (await issuesNow(w)).filter((issue) => issue.startsWith('meta-description '));
    expect(second.checks.find((check) => check.test_key === 'meta-description')).toMatchObject({
      new: 0,
      fixed: 0,
      still_open: descriptions.length,
    });
    expect(second.summary).toEqual({
      new: 1,
      fixed: 1,
      still_open: (await issuesNow(w)).length - 1,
    });
    expect(second.summary.still_open).toBe(
      openAtFirst.filter((issue) => !issue.endsWith('/c') && !issue.startsWith('deprecated-html-tags'))
        .length,
    );
    for (const check of second.checks) expect(check.new + check.fixed + check.still_open).toBeGreaterThan(0);
    expect(await comparisonSummary(t.database.query, w)).toEqual({
      current: raw.current,
      previous: raw.previous,
      summary: raw.summary,
    });

    // Another organization's website is not found.
    const stranger = await withUrls();
    const theirs = await api(stranger, 'GET', `/on-page-seo/crawl-comparison/${w}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(WEBSITE_MESSAGES.notFound);
    expect((await api(account, 'GET', '/on-page-seo/crawl-comparison/not-a-uuid')).statusCode).toBe(400);

    // The last five snapshots are kept; a process recorded already is not recorded again.
    const [process] = await t.database.query<{ id: string }>(
      `select process_id as id from crawl_snapshots where website_id = $1 order by created_at desc limit 1`,
      [w],
    );
    await t.database.transaction((query) => recordSnapshot(query, w, process!.id));
    for (let n = 0; n < SNAPSHOTS_KEPT + 1; n++)
      await t.database.transaction((query) => recordSnapshot(query, w, randomUUID()));
    const [kept] = await t.database.query<{ n: number; issues: number }>(
      `select count(*)::int as n, (select count(*)::int from crawl_issues i join crawl_snapshots s on s.id = i.snapshot_id
                                    where s.website_id = $1) as issues
         from crawl_snapshots where website_id = $1`,
      [w],
    );
    expect(kept!.n).toBe(SNAPSHOTS_KEPT);
    expect(kept!.issues).toBe(SNAPSHOTS_KEPT * (await issuesNow(w)).length);
    const same = (await api(account, 'GET', `/on-page-seo/crawl-comparison/${w}`)).json() as Comparison;
    expect(same.summary).toEqual({ new: 0, fixed: 0, still_open: raw.summary.still_open + 1 });

    // A domain analysis records its snapshot too.
    const domain = await api(account, 'POST', '/on-page-seo/domain', { w_guid: w });
    expect(domain.statusCode, domain.body).toBe(202);
    await runProcesses(w);
    const [latest] = await t.database.query<{ process_id: string }>(
      'select process_id from crawl_snapshots where website_id = $1 order by created_at desc limit 1',
      [w],
    );
    expect(latest!.process_id).toBe(domain.json().process_guid);
    const afterDomain = (
      await api(account, 'GET', `/on-page-seo/crawl-comparison/${w}`)
    ).json() as Comparison;
    expect(afterDomain.summary).toMatchObject({ new: 0, fixed: 0 });
  }, 60_000);
});

describe("the crawl comparison of Chromium's checks", () => {
  /** `check` fails on the page at `path` now, as Chromium's pass on it found. */
  async function failsInChromium(w: string, path: string, check: string) {
    const [url] = await t.database.query<{ id: string }>(
      `update serviceable_urls set browser = true where website_id = $1 and url = $2 returning id`,
      [w, `${ORIGIN}${path}`],
    );
    await t.database.query(
      `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
       values ($1, $2, $3, 'failed', 5, 'Found by Chromium', '{}')
       on conflict (url_id, check_key) do update set status = 'failed'`,
      [url!.id, w, check],
    );
  }
  const snapshot = (w: string) => t.database.transaction((query) => recordSnapshot(query, w, randomUUID()));
  const counts = async (account: Parameters<typeof website>[0], w: string, check: string) => {
    const comparison = (await api(account, 'GET', `/on-page-seo/crawl-comparison/${w}`)).json() as Comparison;
    const row = comparison.checks.find((c) => c.test_key === check);
    return {
      new: row?.new ?? 0,
      fixed: row?.fixed ?? 0,
      still_open: row?.still_open ?? 0,
      urls: comparison.urls,
    };
  };

  it("reports a Chromium check's issue as new only on a URL the crawl before sampled too", async () => {
    const account = await withUrls();
    const w = await website(account);
    expect((await api(account, 'POST', '/import-sitemap', { w_guid: w })).statusCode).toBe(202);
    await runProcesses(w);
    // /a joins the browser sample: what Chromium finds there is open, and no change of the site.
    await failsInChromium(w, '/a', 'console-errors');
    await snapshot(w);
    expect(await counts(account, w, 'console-errors')).toEqual({ new: 0, fixed: 0, still_open: 1, urls: [] });
    // Sampled in both crawls, /a fails a second Chromium check: that is new.
    await failsInChromium(w, '/a', 'js-errors');
    await snapshot(w);
    expect(await counts(account, w, 'js-errors')).toMatchObject({ new: 1, fixed: 0, still_open: 0 });
    expect((await counts(account, w, 'js-errors')).urls).toEqual([
      { url: `${ORIGIN}/a`, url_guid: expect.any(String), new: ['js-errors'], fixed: [] },
    ]);
    expect(await counts(account, w, 'console-errors')).toMatchObject({ new: 0, still_open: 1 });
  });
});

describe('a crawl that cannot reach the site', () => {
  it('fails with the cause, and the last crawl that reached the site keeps its figures', async () => {
    const account = await withUrls();
    const w = await trackedWebsite(account, 'fragile');
    expect((await api(account, 'POST', '/import-sitemap', { w_guid: w })).statusCode).toBe(202);
    await runProcesses(w);
    const overview = async () =>
      (await api(account, 'GET', `/on-page-seo/website-audit/overview/${w}`)).json();
    const before = await overview();
    expect(before).toMatchObject({ analyzed_urls: 2, monitored_urls: 2, failed_crawl: null });
    const comparisonBefore = (await api(account, 'GET', `/on-page-seo/crawl-comparison/${w}`)).json();

    const home = fragile['/']!;
    fragile['/'] = { status: 503, body: 'Down for maintenance' };
    expect((await api(account, 'POST', '/on-page-seo/batch', { w_guid: w })).statusCode).toBe(202);
    await runProcesses(w);
    const after = await overview();
    expect(after.failed_crawl.error).toBe(
      CHECKUP_MESSAGES.cannotAccessBecause('http://fragile.example.com/', 'it answered with HTTP 503'),
    );
    // The figures are the last good crawl's: its score, its URLs analysed, its date, its comparison.
    expect(after).toMatchObject({
      overall_score: before.overall_score,
      analyzed_urls: 2,
      monitored_urls: 2,
      c_at: before.c_at,
      summary: before.summary,
    });
    expect((await api(account, 'GET', `/on-page-seo/crawl-comparison/${w}`)).json()).toEqual(
      comparisonBefore,
    );
    const processes = await t.database.query<{ status: string }>(
      `select status from analysis_processes where website_id = $1 and type = 'on_page_seo_batch_url_analysis'
        order by created_at`,
      [w],
    );
    expect(processes.map((row) => row.status)).toEqual(['completed', 'failed']);
    const left = await t.database.query(
      `select 1 from serviceable_urls where website_id = $1 and crawl_state <> 'done'`,
      [w],
    );
    expect(left).toEqual([]);

    // Back online: the next crawl runs, and the failure is no longer shown.
    fragile['/'] = home;
    expect((await api(account, 'POST', '/on-page-seo/batch', { w_guid: w })).statusCode).toBe(202);
    await runProcesses(w);
    expect(await overview()).toMatchObject({ failed_crawl: null, analyzed_urls: 2 });
  });
});
