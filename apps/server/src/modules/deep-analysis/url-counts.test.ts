import type { AuditUrlReport, ServiceableUrl } from '@sitelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { deepAnalysisDriver, serveSites } from '../../test/deep-analysis';

let t: TestApp;
let owner: Account;
let served: Awaited<ReturnType<typeof serveSites>>;
const { api, website, runProcesses } = deepAnalysisDriver(() => t);

const page = (title: string, body: string) => ({
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`,
});

/** A small site: a homepage linking to two pages (one with an image) and to a page that is gone. */
const ROUTES = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\n' },
  '/': page(
    'Counts home',
    '<h1>Counts</h1><p><a href="/plain">Plain</a> <a href="/pictures">Pictures</a> <a href="/gone">Gone</a></p>',
  ),
  '/plain': page('A plain page', '<h1>Plain</h1><p>Words only, and a <a href="/">link home</a>.</p>'),
  '/pictures': page(
    'A page of pictures',
    '<h1>Pictures</h1><img src="/a.png" width="10" height="10"><p><a href="/">Home</a></p>',
  ),
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await teamAccount(t, { max_tracked_websites: 10, max_monitored_regions: 1, dp_max_urls: 100 });
  served = await serveSites({ counts: ROUTES, origins: ROUTES });
});
afterAll(async () => {
  await served.close();
  await t.close();
});

const counted = (seo: { passed: number; warning: number; failed: number; not_applicable?: number }) => ({
  passed: seo.passed,
  warning: seo.warning,
  failed: seo.failed,
  not_applicable: seo.not_applicable,
});

/** A website of `name` whose homepage was added, and the crawl that started run to its end. */
async function crawled(name: string): Promise<string> {
  const w = await website(owner, name);
  const added = await api(owner, 'POST', `/serviceable-url/${w}`, { urls: [`http://${name}.example.com/`] });
  expect(added.statusCode, added.body).toBe(201);
  await runProcesses(w);
  return w;
}

async function urlsOf(w: string): Promise<ServiceableUrl[]> {
  const res = await api(owner, 'GET', `/serviceable-url?w_guid=${w}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ServiceableUrl[];
}

async function reportOf(w: string, url: ServiceableUrl): Promise<AuditUrlReport> {
  const res = await api(owner, 'GET', `/on-page-seo/audit/url/${w}/${url.guid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditUrlReport;
}

describe("a URL's check counts", () => {
  it('are the same in the URL list and the URL report, and add up to every check the URL was given, a 404 included', async () => {
    const w = await crawled('counts');

    const urls = await urlsOf(w);
    expect(urls.map((u) => [new URL(u.url).pathname, u.status_code]).sort()).toEqual([
      ['/', 200],
      ['/gone', 404],
      ['/pictures', 200],
      ['/plain', 200],
    ]);
    const totals = new Set<number>();
    for (const url of urls) {
      const seo = url.on_page_seo!;
      const report = await reportOf(w, url);
      expect(counted(seo), url.url).toEqual(counted(report.overview));
      const total = seo.passed + seo.warning + seo.failed + seo.not_applicable;
      expect(total, url.url).toBe(report.sections.length);
      // A check the page does not call for is counted, not dropped: the image checks on the plain page.
      if (url.url.endsWith('/plain')) expect(seo.not_applicable).toBeGreaterThan(0);
      totals.add(total);
    }
    // Every URL that answered was given every check: one total, whatever each page holds.
    expect([...totals]).toHaveLength(1);

    // The CSV export says the same.
    const csv = await api(owner, 'GET', `/serviceable-url/${w}/export.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\n');
    expect(header).toContain('Passed,Warnings,Failed,Not applicable');
    const plain = urls.find((u) => u.url.endsWith('/plain'))!.on_page_seo!;
    expect(lines.find((line) => line.includes('/plain'))).toContain(
      `${plain.passed},${plain.warning},${plain.failed},${plain.not_applicable}`,
    );
  });

  it("count only the URL's own origin's checks, however many origins the website has results for", async () => {
    const w = await crawled('origins');
    const before = new Map((await urlsOf(w)).map((u) => [u.url, counted(u.on_page_seo!)]));

    // Another host variant of the site was judged too (a redirect's target, say): its checks are its own.
    const [origin] = await t.database.query<{ n: number }>(
      `insert into site_check_results (website_id, origin, check_key, status, relevance, message, data)
       select website_id, 'http://www.origins.example.com', check_key, 'failed', relevance, message, data
         from site_check_results where website_id = $1 returning 1 as n`,
      [w],
    );
    expect(origin).toBeDefined();
    expect((await api(owner, 'POST', '/on-page-seo/domain', { w_guid: w })).statusCode).toBe(202);
    await runProcesses(w);

    for (const url of await urlsOf(w)) {
      expect(counted(url.on_page_seo!), url.url).toEqual(before.get(url.url));
      expect(counted(url.on_page_seo!), url.url).toEqual(counted((await reportOf(w, url)).overview));
    }
  });
});
