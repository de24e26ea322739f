import { gunzipSync } from 'node:zlib';
import { CHECKUP_MESSAGES, MESSAGES, WEBMASTER_MESSAGES } from '@sitelens/contracts';
import { htmlPage } from '@sitelens/engine/testing/crawl-site';
import { validateSitemap } from '@sitelens/engine/testing/sitemap-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { deepAnalysisDriver, serveSites } from '../../test/deep-analysis';
import { ELSEWHERE_SITE, LINKED_SITE, runToolRuns } from '../../test/webmaster-tools';

let t: TestApp;
const { api, website } = deepAnalysisDriver(() => t);
let served: Awaited<ReturnType<typeof serveSites>>;
const L = 'http://links.example.com';
const E = 'http://elsewhere.example.com';

beforeAll(async () => {
  served = await serveSites({
    links: LINKED_SITE,
    elsewhere: ELSEWHERE_SITE,
    down: { '/': { status: 503, body: 'Down for maintenance' } },
    private: {
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /\n' },
      '/': { body: htmlPage({ title: 'Members only', links: ['/inside'] }) },
    },
    moved: {
      '/': { status: 301, headers: { location: '/home' }, body: '' },
      '/home': { status: 502, body: '' },
    },
  });
  // A name that points at a port nobody listens on: the connection is refused.
  process.env.FETCH_CONNECT_TO = `${process.env.FETCH_CONNECT_TO},refused.example.com:80:127.0.0.1:9`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await served.close();
});

const account = (seo_analysis_limit = 50) =>
  teamAccount(t, { max_tracked_websites: 5, max_monitored_regions: 1, seo_analysis_limit });

async function allLinks(owner: Account, runId: string, query = '') {
  const rows: Record<string, unknown>[] = [];
  let key: string | null = null;
  do {
    const res = await api(
      owner,
      'GET',
      `/broken-links/${runId}/links?limit=3${query}${key ? `&last_evaluated_key=${key}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    rows.push(...res.json().data);
    key = res.json().meta.last_evaluated_key;
  } while (key);
  return rows as { guid: string; url: string; kind: string; status: number | null; internal: boolean }[];
}

const byUrl = (rows: { url: string; kind: string }[]) =>
  Object.fromEntries(rows.map((row) => [row.url, row.kind]));

describe('Broken Links', () => {
  it('finds exactly the planted problems, tells loops, chains and unverifiable links apart, and exports them', async () => {
    const owner = await account();
    const w = await website(owner, 'links');
    const started = await api(owner, 'POST', '/broken-links', { w_guid: w });
    expect(started.statusCode, started.body).toBe(202);
    const run = started.json();
    expect(run).toMatchObject({
      status: 'running',
      phase: 'queued',
      url: `${L}/`,
      w_guid: w,
      tool: 'broken_links',
    });
    await runToolRuns(t);

    const done = (await api(owner, 'GET', `/broken-links/${run.guid}`)).json();
    expect(done.run).toMatchObject({
      status: 'completed',
      phase: 'completed',
      capped: false,
      broken_found: 3,
    });
    expect(done.run.pages_crawled).toBeGreaterThanOrEqual(12);
    expect(done.run.links_checked).toBe(done.run.links_found);
    expect(done.counts).toMatchObject({
      broken: 3,
      redirect_loop: 1,
      redirect_chain: 1,
      redirected: 1,
      not_verified: 2,
      internal_broken: 2,
      external_broken: 1,
    });
    expect(done.comparison).toBeNull();

    const problems = await allLinks(owner, run.guid);
    expect(byUrl(problems)).toEqual({
      [`${L}/missing`]: 'broken',
      [`${L}/server-error`]: 'broken',
      [`${E}/gone`]: 'broken',
      [`${L}/loop-a`]: 'redirect_loop',
      [`${L}/chain-1`]: 'redirect_chain',
      [`${L}/moved`]: 'redirected',
      [`${E}/busy`]: 'not_verified',
      [`${L}/private/report`]: 'not_verified',
    });
    const gone = problems.find((row) => row.url === `${E}/gone`) as unknown as Record<string, unknown>;
    expect(gone).toMatchObject({ internal: false, status: 404, found_on_count: 2, found_on: `${L}/` });
    const pages = await api(owner, 'GET', `/broken-links/${run.guid}/links/${gone.guid}/pages`);
    expect(pages.json()).toEqual({
      data: [
        { url: `${L}/`, anchor: `${E}/gone` },
        { url: `${L}/about`, anchor: `${E}/gone` },
      ],
      meta: { total: 2 },
    });
    const chain = problems.find((row) => row.url === `${L}/chain-1`) as unknown as Record<string, unknown>;
    expect(chain.redirect_chain).toEqual([
      { url: `${L}/chain-1`, status: 302 },
      { url: `${L}/chain-2`, status: 301 },
      { url: `${L}/about`, status: 200 },
    ]);

    // Filters, search and sorting.
    expect(byUrl(await allLinks(owner, run.guid, '&kind=broken&scope=external'))).toEqual({
      [`${E}/gone`]: 'broken',
    });
    expect(Object.keys(byUrl(await allLinks(owner, run.guid, '&status_class=5xx')))).toEqual([
      `${L}/server-error`,
    ]);
    expect(Object.keys(byUrl(await allLinks(owner, run.guid, '&q=LOOP')))).toEqual([`${L}/loop-a`]);
    const sorted = await allLinks(owner, run.guid, '&sort=url&order=asc');
    expect(sorted.map((row) => row.url)).toEqual([...sorted.map((row) => row.url)].sort());
    expect((await allLinks(owner, run.guid, '&kind=ok')).length).toBeGreaterThan(3);
    const badKey = await api(owner, 'GET', `/broken-links/${run.guid}/links?last_evaluated_key=nonsense`);
    expect(badKey.statusCode).toBe(400);

    const csv = await api(owner, 'GET', `/broken-links/${run.guid}/export.csv?kind=broken`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'URL,Type,Internal,Status,Reason,Redirect chain,Anchor text,Found on (count),Found on',
    );
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([`${E}/gone`, `${L}/missing`, `${L}/server-error`].sort());
    expect(lines.find((line) => line.startsWith(`${E}/gone`))).toContain(`${L}/ ${L}/about`);
  });

  it('re-checks a row, then compares the next run with the last: new and fixed problems', async () => {
    const owner = await account();
    const w = await website(owner, 'links');
    const first = (await api(owner, 'POST', '/broken-links', { w_guid: w })).json();
    await runToolRuns(t);
    const missing = (await allLinks(owner, first.guid, '&kind=broken')).find(
      (row) => row.url === `${L}/missing`,
    )!;

    LINKED_SITE['/missing'] = { body: htmlPage({ title: 'Restored page' }) };
    try {
      const recheck = await api(owner, 'POST', `/broken-links/${first.guid}/recheck`, {
        link_guids: [missing.guid],
      });
      expect(recheck.statusCode, recheck.body).toBe(202);
      expect(recheck.json()).toMatchObject({ status: 'running', phase: 'checking_links' });
      await runToolRuns(t);
      const after = (await api(owner, 'GET', `/broken-links/${first.guid}`)).json();
      expect(after.run.status).toBe('completed');
      expect(after.counts.broken).toBe(2);

      // Every problem again: the page robots.txt forbids stays unasked.
      const all = await api(owner, 'POST', `/broken-links/${first.guid}/recheck`, {});
      expect(all.statusCode, all.body).toBe(202);
      await runToolRuns(t);
      const again = (await api(owner, 'GET', `/broken-links/${first.guid}`)).json();
      expect(again.counts).toEqual(after.counts);
      expect(served.sites.links!.requests('/private/report')).toBe(0);

      LINKED_SITE['/about'] = {
        body: htmlPage({ title: 'About, rewritten', links: ['/', '/server-error', '/retired'] }),
      };
      const second = (await api(owner, 'POST', '/broken-links', { w_guid: w })).json();
      await runToolRuns(t);
      const compared = (await api(owner, 'GET', `/broken-links/${second.guid}`)).json();
      expect(compared.comparison).toMatchObject({ previous_guid: first.guid, new: 1, fixed: 0 });
      const news = (await allLinks(owner, second.guid)).filter(
        (row) => (row as { change?: string }).change === 'new',
      );
      expect(news.map((row) => row.url)).toEqual([`${L}/retired`]);
    } finally {
      delete LINKED_SITE['/missing'];
      LINKED_SITE['/about'] = {
        body: htmlPage({
          title: 'About the linked site',
          description: 'About about the linked site.',
          links: ['/', '/server-error', `${E}/gone`],
        }),
      };
    }
  });

  it('resumes a run whose worker died mid-crawl without losing or doubling a link', async () => {
    const owner = await account();
    const { guid } = (await api(owner, 'POST', '/broken-links', { url: `${L}/` })).json();
    await runToolRuns(t);
    const before = (await api(owner, 'GET', `/broken-links/${guid}`)).json();
    // As a killed worker leaves it: two pages taken and unsaved, the run in its crawl, its runner silent.
    await t.database.query(
      `update tool_run_urls set crawl_state = 'taken' where run_id = $1 and url in ($2, $3)`,
      [guid, `${L}/about`, `${L}/blog/1`],
    );
    await t.database.query(
      `delete from tool_run_links where from_id in (select id from tool_run_urls where run_id = $1 and crawl_state = 'taken')`,
      [guid],
    );
    await t.database.query(`delete from tool_link_targets where run_id = $1`, [guid]);
    await t.database.query(
      `update tool_runs set status = 'running', phase = 'crawling', job_id = 'dead', heartbeat_at = now() - interval '1 hour' where id = $1`,
      [guid],
    );
    await runToolRuns(t, 'second-worker');
    const after = (await api(owner, 'GET', `/broken-links/${guid}`)).json();
    expect(after.run.status).toBe('completed');
    expect(after.run.pages_crawled).toBe(before.run.pages_crawled);
    expect(after.counts).toEqual(before.counts);
    expect(after.run.links_found).toBe(before.run.links_found);
  });

  it('stops at the page limit and says so', async () => {
    const owner = await account();
    const { guid } = (await api(owner, 'POST', '/broken-links', { url: `${L}/` })).json();
    await t.database.query('update tool_runs set pages_limit = 3 where id = $1', [guid]);
    await runToolRuns(t);
    const run = (await api(owner, 'GET', `/broken-links/${guid}`)).json().run;
    expect(run).toMatchObject({ status: 'completed', capped: true, pages_crawled: 3, pages_limit: 3 });
  });

  it('refuses bad input, the plan’s limit and another organization’s runs', async () => {
    const owner = await account(1);
    const none = await api(owner, 'POST', '/broken-links', {});
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(WEBMASTER_MESSAGES.urlOrWebsite);
    const bad = await api(owner, 'POST', '/broken-links', { url: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Provide a valid URL');
    for (const tool of ['/broken-links', '/sitemap-generator']) {
      const huge = await api(owner, 'POST', tool, { url: `https://${'a'.repeat(2000)}.com/` });
      expect(huge.statusCode, tool).toBe(400);
      expect(huge.body, tool).toContain('Provide a valid URL');
    }

    const { guid } = (await api(owner, 'POST', '/broken-links', { url: `${L}/` })).json();
    const again = await api(owner, 'POST', '/sitemap-generator', { url: `${L}/` });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('Your plan allows up to 1 SEO checkups in this billing period.');

    const stranger = await account();
    const w = await website(owner, 'links');
    for (const [method, url] of [
      ['GET', `/broken-links/${guid}`],
      ['GET', `/broken-links/${guid}/links`],
      ['GET', `/broken-links/${guid}/export.csv`],
      ['POST', `/broken-links/${guid}/recheck`],
      ['GET', `/sitemap-generator/${guid}`],
      ['GET', `/broken-links?w_guid=${w}`],
    ] as const) {
      const res = await api(stranger, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await api(stranger, 'POST', '/broken-links', { w_guid: w })).statusCode).toBe(404);
    await runToolRuns(t);
    const noPlan = await teamAccount(t, { seo_analysis_limit: 0 });
    const refused = await api(noPlan, 'POST', '/broken-links', { url: `${L}/` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MESSAGES.featureNotInPlan);
  });
});

describe('Sitemap Generator', () => {
  it('lists exactly the indexable pages in a sitemap that validates, says why the rest were left out, and serves it at a stable address', async () => {
    const owner = await account();
    const w = await website(owner, 'links');
    const started = await api(owner, 'POST', '/sitemap-generator', {
      w_guid: w,
      options: { lastmod: true, images: true, exclude: ['/blog/2$'] },
    });
    expect(started.statusCode, started.body).toBe(202);
    await runToolRuns(t);
    const run = (await api(owner, 'GET', `/sitemap-generator/${started.json().guid}`)).json();
    expect(run.run.status).toBe('completed');
    expect(run.options).toMatchObject({
      lastmod: true,
      images: true,
      changefreq: null,
      priority: false,
      gzip: false,
    });
    expect(run.result.included).toBe(3);
    expect(run.result.excluded).toEqual({
      excluded_by_pattern: 1,
      blocked_by_robots: 1,
      noindex: 1,
      canonical_elsewhere: 1,
      redirect: 2,
      not_found: 1,
      error_status: 1,
      no_answer: 1,
      not_html: 1,
    });
    expect(run.result.preview.map((entry: { loc: string }) => entry.loc).sort()).toEqual(
      [`${L}/`, `${L}/about`, `${L}/blog/1`].sort(),
    );
    expect(run.result.preview.find((entry: { loc: string }) => entry.loc === `${L}/blog/1`).lastmod).toBe(
      '2026-03-04T05:06:07+00:00',
    );
    expect(run.result.files).toEqual([
      { name: 'sitemap.xml', entries: 3, bytes: expect.any(Number), index: false },
    ]);

    const file = await api(owner, 'GET', `/sitemap-generator/${run.run.guid}/files/sitemap.xml`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="sitemap.xml"');
    expect(await validateSitemap(file.body)).toEqual({ valid: true, errors: [] });
    const locs = [...file.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort();
    expect(locs).toEqual([`${L}/`, `${L}/about`, `${L}/blog/1`].sort());

    const excluded = await api(owner, 'GET', `/sitemap-generator/${run.run.guid}/excluded?reason=redirect`);
    expect(
      excluded
        .json()
        .data.map((row: { url: string }) => row.url)
        .sort(),
    ).toEqual([`${L}/chain-1`, `${L}/moved`]);

    expect(run.result.feed_url).toMatch(/^http:\/\/sitelens\.test\/api\/sitemaps\/[\w-]{20,}\/sitemap\.xml$/);
    const feed = await t.app.inject({
      method: 'GET',
      url: run.result.feed_url.replace('http://sitelens.test', ''),
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toBe(file.body);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/sitemaps/AAAAAAAAAAAAAAAAAAAAAAAA/sitemap.xml',
    });
    expect(wrong.statusCode).toBe(404);

    const stranger = await account();
    for (const url of [
      `/sitemap-generator/${run.run.guid}`,
      `/sitemap-generator/${run.run.guid}/excluded`,
      `/sitemap-generator/${run.run.guid}/files/sitemap.xml`,
    ])
      expect((await api(stranger, 'GET', url)).statusCode, url).toBe(404);
  });

  it('compresses on request, and keeps no stable address for a URL typed in', async () => {
    const owner = await account();
    const started = await api(owner, 'POST', '/sitemap-generator', {
      url: `${L}/`,
      options: { gzip: true, changefreq: 'weekly', priority: true },
    });
    expect(started.statusCode, started.body).toBe(202);
    await runToolRuns(t);
    const read = await api(owner, 'GET', `/sitemap-generator/${started.json().guid}`);
    expect(read.statusCode, read.body).toBe(200);
    const run = read.json();
    expect(run.run.error).toBeNull();
    expect(run.result.files.map((file: { name: string }) => file.name)).toEqual(['sitemap.xml.gz']);
    expect(run.result.feed_url).toBeNull();
    const file = await api(owner, 'GET', `/sitemap-generator/${run.run.guid}/files/sitemap.xml.gz`);
    expect(file.headers['content-type']).toBe('application/gzip');
    const xml = gunzipSync(file.rawPayload).toString('utf8');
    expect(await validateSitemap(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<changefreq>weekly</changefreq>');
    expect(xml).toContain('<priority>1.0</priority>');
    const bad = await api(owner, 'POST', '/sitemap-generator', {
      url: `${L}/`,
      options: { exclude: ['no-slash'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A pattern starts with / or *');
  });
});

describe('A run that cannot reach its site', () => {
  it('fails, says so with the cause, and reports no links and no sitemap', async () => {
    const owner = await account();
    const cases = [
      ['broken-links', 'http://nowhere.invalid/', 'nowhere.invalid could not be resolved'],
      ['broken-links', 'http://refused.example.com/', 'Could not connect to refused.example.com'],
      ['broken-links', 'http://down.example.com/', 'it answered with HTTP 503'],
      ['broken-links', 'http://moved.example.com/', 'it answered with HTTP 502'],
      ['sitemap-generator', 'http://private.example.com/', 'its robots.txt forbids crawling this page'],
      ['sitemap-generator', 'http://down.example.com/', 'it answered with HTTP 503'],
    ] as const;
    const started: string[] = [];
    for (const [tool, url] of cases) {
      const res = await api(owner, 'POST', `/${tool}`, { url });
      expect(res.statusCode, res.body).toBe(202);
      started.push(res.json().guid);
    }
    await runToolRuns(t);
    for (const [index, [tool, url, cause]] of cases.entries()) {
      const read = await api(owner, 'GET', `/${tool}/${started[index]}`);
      expect(read.statusCode, read.body).toBe(200);
      const { run } = read.json();
      expect(run, url).toMatchObject({
        status: 'failed',
        phase: 'failed',
        links_checked: 0,
        broken_found: 0,
      });
      expect(run.error, url).toContain(CHECKUP_MESSAGES.cannotAccess(url));
      expect(run.error, url).toContain(cause);
      if (tool === 'sitemap-generator') expect(read.json().result, url).toBeNull();
    }
    // The recent runs list them as failed, not completed.
    const recent = (await api(owner, 'GET', '/broken-links')).json().data as {
      url: string;
      status: string;
    }[];
    expect(recent.filter((run) => run.url === 'http://down.example.com/').map((run) => run.status)).toEqual([
      'failed',
    ]);
  });
});
