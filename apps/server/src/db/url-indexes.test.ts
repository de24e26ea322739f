import { randomBytes } from 'node:crypto';
import { htmlPage } from '@sitelens/engine/testing/crawl-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestReportGuid } from '../modules/checkup/service';
import { createTestApp, organizationOf, type TestApp, teamAccount } from '../test/app';
import { deepAnalysisDriver, serveSites, sitemapPage } from '../test/deep-analysis';
import { runToolRuns } from '../test/webmaster-tools';

// A URL is indexed by its hash: a crawled page's URL has no length limit, and a btree entry holds
// at most about 2,700 bytes, so a long URL failed the insert of its row and with it the whole crawl.

/** 4,000 characters no compression shortens, as a tracking or session URL can be. */
const noise = () => randomBytes(3_000).toString('base64url');
const LONG_PATH = `/a/${noise()}`;
const FAR_PATH = `/gone/${noise()}`;
const SITE = 'http://long.example.com';
const FAR = 'http://far.example.com';

const page = (title: string, links: string[]) => ({
  body: htmlPage({ title, description: `About ${title.toLowerCase()}, in words of its own.`, links }),
});

let t: TestApp;
const { api, website, runProcesses } = deepAnalysisDriver(() => t);
let served: Awaited<ReturnType<typeof serveSites>>;
beforeAll(async () => {
  served = await serveSites({
    long: {
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: *\nSitemap: {{origin}}/sitemap.xml\n',
      },
      '/sitemap.xml': sitemapPage(['/', LONG_PATH]),
      '/': page('A site with long addresses', [LONG_PATH, `${FAR}${FAR_PATH}`]),
      [LONG_PATH]: page('A page at a long address', ['/', `${FAR}${FAR_PATH}`]),
    },
    far: {},
  });
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await served.close();
});

describe('a URL longer than an index entry', () => {
  it('is crawled, linked, checked and listed like any other by Deep Analysis, Broken Links and the Sitemap Generator', async () => {
    const account = await teamAccount(t, {
      max_tracked_websites: 5,
      max_monitored_regions: 1,
      dp_max_urls: 100,
      seo_analysis_limit: 10,
    });
    const w = await website(account, 'long');
    const imported = await api(account, 'POST', '/import-sitemap', { w_guid: w });
    expect(imported.statusCode, imported.body).toBe(202);
    await runProcesses(w);

    const processes = await t.database.query<{ status: string }>(
      'select status from analysis_processes where website_id = $1',
      [w],
    );
    expect(processes.map((row) => row.status)).not.toContain('failed');
    const urls = await t.database.query<{ url: string; status_code: number; inlinks: number }>(
      'select url, status_code, inlinks from serviceable_urls where website_id = $1 order by url',
      [w],
    );
    expect(urls).toEqual([
      { url: `${SITE}/`, status_code: 200, inlinks: 1 },
      { url: `${SITE}${LONG_PATH}`, status_code: 200, inlinks: 1 },
    ]);
    const answers = await t.database.query<{ url: string; status: number }>(
      'select url, status from external_link_answers where website_id = $1',
      [w],
    );
    expect(answers).toEqual([{ url: `${FAR}${FAR_PATH}`, status: 404 }]);
    const issues = await t.database.query<{ url: string }>(
      `select distinct i.url from crawl_issues i join crawl_snapshots s on s.id = i.snapshot_id
        where s.website_id = $1 and i.url = $2`,
      [w, `${SITE}${LONG_PATH}`],
    );
    expect(issues).toHaveLength(1);

    const brokenLinks = await api(account, 'POST', '/broken-links', { w_guid: w });
    expect(brokenLinks.statusCode, brokenLinks.body).toBe(202);
    const sitemap = await api(account, 'POST', '/sitemap-generator', { w_guid: w });
    expect(sitemap.statusCode, sitemap.body).toBe(202);
    await runToolRuns(t);

    const run = (await api(account, 'GET', `/broken-links/${brokenLinks.json().guid}`)).json();
    expect(run.run).toMatchObject({ status: 'completed', pages_crawled: 2, broken_found: 1 });
    const links = (await api(account, 'GET', `/broken-links/${brokenLinks.json().guid}/links`)).json();
    expect(links.data).toEqual([expect.objectContaining({ url: `${FAR}${FAR_PATH}`, kind: 'broken' })]);
    const pages = await api(
      account,
      'GET',
      `/broken-links/${brokenLinks.json().guid}/links/${links.data[0].guid}/pages`,
    );
    expect(
      pages
        .json()
        .data.map((row: { url: string }) => row.url)
        .sort(),
    ).toEqual([`${SITE}/`, `${SITE}${LONG_PATH}`]);
    const written = (await api(account, 'GET', `/sitemap-generator/${sitemap.json().guid}`)).json();
    expect(written.run).toMatchObject({ status: 'completed', pages_crawled: 2 });
  }, 60_000);

  it('is kept as a checkup’s URL and finds its latest report', async () => {
    const account = await teamAccount(t, { seo_analysis_limit: 10 });
    const organizationId = await organizationOf(t.database, account);
    const url = `${SITE}${LONG_PATH}`;
    const [report] = await t.database.query<{ id: string }>(
      `insert into reports (organization_id, url, sections, status) values ($1, $2, '[]', 'done') returning id`,
      [organizationId, url],
    );
    await t.database.query(
      `insert into report_targets (report_id, url, role, position) values ($1, $2, 'main', 0)`,
      [report!.id, url],
    );
    expect(await latestReportGuid(t.database.query, organizationId, url)).toBe(report!.id);
  });
});
