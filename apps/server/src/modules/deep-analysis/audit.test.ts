import {
  DEEP_ANALYSIS_AUDIT_MESSAGES as AUDIT,
  type AuditDomainReport,
  type AuditUrlReport,
  DEEP_ANALYSIS_MESSAGES,
  impactOf,
  PAGE_GROUP_MESSAGES,
  priorityOf,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import { allChecks, checkMeta } from '@sitelens/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';

let t: TestApp;
let owner: Account;
let other: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await teamAccount(t, { max_tracked_websites: 10, max_monitored_regions: 1, dp_max_urls: 100_000 });
  other = await teamAccount(t, { max_tracked_websites: 10, max_monitored_regions: 1, dp_max_urls: 100_000 });
});
afterAll(() => t.close());

const get = (account: Account | null, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: account?.auth ?? {} });

/** GET that must answer 200; the body parsed. */
async function ok<T = Record<string, unknown>>(url: string, account: Account = owner): Promise<T> {
  const res = await get(account, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

interface Site {
  id: string;
  organizationId: string;
  origin: string;
}

/** A tracked website of the account, made through the API. */
async function website(account: Account, name: string): Promise<Site> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/website-index',
    headers: account.auth,
    payload: { domain: `${name}.example.com`, homepage_url: `https://${name}.example.com/` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().guid as string;
  const [row] = await t.database.query<{ organization_id: string }>(
    'select organization_id from websites where id = $1',
    [id],
  );
  return { id, organizationId: row!.organization_id, origin: `https://${name}.example.com` };
}

async function group(site: Site, title: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into url_clusters (organization_id, website_id, title, description) values ($1, $2, $3, $4) returning id`,
    [site.organizationId, site.id, title, `All about ${title.toLowerCase()}`],
  );
  return row!.id;
}

/** A crawled URL; `hoursAgo` null leaves it never analysed. */
async function addUrl(
  site: Site,
  path: string,
  options: { cluster?: string | null; score?: number; hoursAgo?: number | null } = {},
): Promise<string> {
  const hoursAgo = options.hoursAgo === undefined ? 1 : options.hoursAgo;
  const [row] = await t.database.query<{ id: string }>(
    `insert into serviceable_urls (organization_id, website_id, url, source, crawl_state, status_code, cluster_id,
                                   score, passed, warning, failed, analysed_at)
     values ($1, $2, $3, 'sitemap', $4, 200, $5, $6, 1, 1, 1,
             case when $7::int is null then null else now() - make_interval(hours => $7::int) end)
     returning id`,
    [
      site.organizationId,
      site.id,
      site.origin + path,
      hoursAgo === null ? 'pending' : 'done',
      options.cluster ?? null,
      hoursAgo === null ? null : (options.score ?? 50),
      hoursAgo,
    ],
  );
  return row!.id;
}

const relevance = (key: string) => checkMeta.get(key)!.relevance;

async function result(site: Site, urlId: string, key: string, status: string, data: object = {}) {
  await t.database.query(
    `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [urlId, site.id, key, status, relevance(key), `${key} ${status}`, JSON.stringify(data)],
  );
}

async function siteResult(site: Site, origin: string, key: string, status: string, data: object = {}) {
  await t.database.query(
    `insert into site_check_results (website_id, origin, check_key, status, relevance, message, data)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [site.id, origin, key, status, relevance(key), `${key} ${status}`, JSON.stringify(data)],
  );
}

/** Every page of an affected-URL list, following meta.last_evaluated_key. */
async function allPages(path: string, limit?: number) {
  const pages: { guid: string; url: string }[][] = [];
  let key: string | null = null;
  do {
    const params = new URLSearchParams();
    if (limit) params.set('limit', String(limit));
    if (key) params.set('last_evaluated_key', key);
    const body: { data: { guid: string; url: string }[]; meta: { last_evaluated_key: string | null } } =
      await ok(`${path}?${params}`);
    pages.push(body.data);
    key = body.meta.last_evaluated_key;
  } while (key && pages.length < 20);
  return pages;
}

/**
 * The shop: a home page, four blog pages and two shop pages in groups, an about page in none, and
 * a URL never analysed. meta-description fails on the blog and one shop page, image-alt on the shop
 * and the ungrouped pages; the https origin fails robots-txt and warns on llms-txt; the http origin
 * (another host variant) fails custom-404, which no https URL should show.
 */
const shop = {} as {
  site: Site;
  blog: string;
  store: string;
  urls: Record<string, string>;
};

beforeAll(async () => {
  const site = await website(owner, 'audit');
  const blog = await group(site, 'Blog');
  const store = await group(site, 'Shop');
  const urls: Record<string, string> = {};
  const pages: [string, string | null, number][] = [
    ['/', null, 80],
    ['/blog/1', blog, 40],
    ['/blog/2', blog, 45],
    ['/blog/3', blog, 50],
    ['/blog/4', blog, 55],
    ['/shop/1', store, 60],
    ['/shop/2', store, 65],
    ['/about', null, 70],
  ];
  for (const [index, [path, cluster, score]] of pages.entries())
    urls[path] = await addUrl(site, path, { cluster, score, hoursAgo: 10 - index });
  urls['/new'] = await addUrl(site, '/new', { hoursAgo: null });

  for (const [path, id] of Object.entries(urls)) {
    if (path === '/new') continue;
    await result(site, id, 'meta-title', 'passed', { title: `Page ${path}`, title_length: 42 });
    const failsDescription = path.startsWith('/blog/') || path === '/shop/1';
    await result(site, id, 'meta-description', failsDescription ? 'failed' : 'passed');
    if (path.startsWith('/shop/') || path === '/' || path === '/about')
      await result(site, id, 'image-alt', 'failed', { img_tags: ['<img src="/a.png">'] });
    await result(site, id, 'readability', 'skipped');
  }
  await result(site, urls['/blog/1']!, 'heading-tags', 'warning', { h1_list: [] });
  await result(site, urls['/blog/4']!, 'crawl-depth', 'failed', { depth: 7 });
  await result(site, urls['/about']!, 'orphan-pages', 'warning');

  await siteResult(site, site.origin, 'robots-txt', 'failed', {
    robots_txt_url: `${site.origin}/robots.txt`,
  });
  await siteResult(site, site.origin, 'sitemap', 'passed', { sitemaps: [] });
  await siteResult(site, site.origin, 'llms-txt', 'warning');
  await siteResult(site, site.origin, 'safe-browsing', 'skipped');
  await siteResult(site, 'http://audit.example.com', 'custom-404', 'failed');
  Object.assign(shop, { site, blog, store, urls });
});

describe('GET /on-page-seo/audit/structure', () => {
  it('lists every check in the report categories, the crawl-wide ones included, like the checkup structure', async () => {
    const body = await ok<{ categories: { key: string; sections: { key: string; title: string }[] }[] }>(
      '/on-page-seo/audit/structure',
    );
    const keys = body.categories.flatMap((category) => category.sections.map((section) => section.key));
    expect(keys).toEqual(allChecks.map((check) => check.key));
    for (const crawl of ['crawl-depth', 'orphan-pages', 'duplicate-content', 'duplicate-meta'])
      expect(keys).toContain(crawl);
    expect(body).toEqual(await ok('/report/sections'));
    expect((await get(null, '/on-page-seo/audit/structure')).statusCode).toBe(401);
  });
});

describe('GET /on-page-seo/audit/url/{w_guid}/{url_guid}', () => {
  it("reports the URL's checks and its origin's in the checkup's section shape, with overview and important fixes", async () => {
    const { site, urls, blog } = shop;
    const [row] = await t.database.query<{ analysed_at: Date }>(
      'select analysed_at from serviceable_urls where id = $1',
      [urls['/blog/1']],
    );
    const body = await ok<AuditUrlReport>(`/on-page-seo/audit/url/${site.id}/${urls['/blog/1']}`);
    expect(body).toMatchObject({
      guid: urls['/blog/1'],
      w_guid: site.id,
      cluster_guid: blog,
      url: 'https://audit.example.com/blog/1',
      created_at: new Date(row!.analysed_at).toISOString(),
    });
    // Its own checks, then the https origin's; the http origin's custom-404 is another host's.
    expect(Object.keys(body.results).sort()).toEqual(
      [
        'heading-tags',
        'llms-txt',
        'meta-description',
        'meta-title',
        'readability',
        'robots-txt',
        'safe-browsing',
        'sitemap',
      ].sort(),
    );
    expect(body.sections).toEqual(Object.keys(body.results));
    const order = allChecks.map((check) => check.key);
    expect([...body.sections].sort((a: string, b: string) => order.indexOf(a) - order.indexOf(b))).toEqual(
      body.sections,
    );
    const meta = checkMeta.get('meta-title')!;
    expect(body.results['meta-title']).toEqual({
      status: 'passed',
      message: 'meta-title passed',
      how_to_fix: meta.howToFix,
      how_to_fix_video: null,
      relevance: 10,
      recommendation: meta.recommendation,
      description: meta.description,
      title: 'Page /blog/1',
      title_length: 42,
    });
    expect(body.results['robots-txt']).toMatchObject({
      status: 'failed',
      robots_txt_url: 'https://audit.example.com/robots.txt',
    });
    expect(body.results.readability).toMatchObject({ status: 'skipped', message: 'readability skipped' });
    // passed 10 + 7, warning (8 + 3) / 2, failed 9 + 8: 22.5 of 45.
    expect(body.overview).toEqual({
      score: 50,
      passed: 2,
      warning: 2,
      failed: 2,
      // readability on the page, safe-browsing of its origin: judged neither way.
      not_applicable: 2,
      has_all_sections: false,
    });
    expect(body.score).toBe(50);
    expect(body.important_fixes).toEqual([
      {
        section_key: 'meta-description',
        relevance: 9,
        recommendation: checkMeta.get('meta-description')!.recommendation,
      },
      {
        section_key: 'robots-txt',
        relevance: 8,
        recommendation: checkMeta.get('robots-txt')!.recommendation,
      },
    ]);
  });

  it("answers 404 'No report found' for a URL never analysed, and 'URL not found' for an unknown one", async () => {
    const { site, urls } = shop;
    const never = await get(owner, `/on-page-seo/audit/url/${site.id}/${urls['/new']}`);
    expect(never.statusCode).toBe(404);
    expect(never.json().error).toBe('No report found');
    const unknown = await get(owner, `/on-page-seo/audit/url/${site.id}/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(DEEP_ANALYSIS_MESSAGES.urlNotFound);
    expect((await get(owner, `/on-page-seo/audit/url/${site.id}/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('GET /on-page-seo/audit/domain/{w_guid}', () => {
  it("shows the homepage origin's checks, each page and crawl check over the URLs, and the average URL score", async () => {
    const { site } = shop;
    const body = await ok<AuditDomainReport>(`/on-page-seo/audit/domain/${site.id}`);
    expect(body).toMatchObject({
      guid: site.id,
      url: 'https://audit.example.com/',
      origin: 'https://audit.example.com',
      analyzed_urls: 8,
      // (80 + 40 + 45 + 50 + 55 + 60 + 65 + 70) / 8 = 58.125
      score: 58,
    });
    expect(body.results['robots-txt']).toMatchObject({ status: 'failed', scope: 'origin' });
    expect(body.results['robots-txt']?.affected_urls).toBeUndefined();
    expect(body.results['custom-404']).toBeUndefined();
    expect(body.results['meta-description']).toMatchObject({
      status: 'failed',
      scope: 'page',
      message: AUDIT.failsOn(5, 8),
      relevance: 9,
      recommendation: checkMeta.get('meta-description')!.recommendation,
      how_to_fix: checkMeta.get('meta-description')!.howToFix,
      affected_urls: { failed: 5, warning: 0, passed: 3, skipped: 0 },
    });
    expect(body.results['meta-title']).toMatchObject({ status: 'passed', message: AUDIT.passesOn(8) });
    expect(body.results['orphan-pages']).toMatchObject({
      status: 'warning',
      scope: 'crawl',
      message: AUDIT.warnsOn(1, 8),
      affected_urls: { failed: 0, warning: 1, passed: 0, skipped: 0 },
    });
    expect(body.results['crawl-depth']).toMatchObject({ status: 'failed', scope: 'crawl' });
    expect(body.results.readability).toMatchObject({ status: 'skipped', message: AUDIT.notChecked });
    expect(body.overview).toEqual({
      score: 58,
      passed: 2,
      warning: 3,
      failed: 4,
      not_applicable: 2,
      has_all_sections: false,
    });
    expect(body.important_fixes.map((fix) => fix.section_key)).toEqual([
      'meta-description',
      'robots-txt',
      'image-alt',
      'crawl-depth',
    ]);
    expect(body.sections).toEqual(Object.keys(body.results));
  });

  it("answers 404 'No report found' while nothing is analysed", async () => {
    const empty = await website(owner, 'nothing-yet');
    const res = await get(owner, `/on-page-seo/audit/domain/${empty.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No report found');
  });
});

interface FailedRow {
  test_key: string;
  title: string;
  relevance: number;
  priority: string;
  affected_urls: number;
  share: number;
  impact_score: number;
  impact: string;
  last_found: string | null;
  sample_url: string;
  sample_url_guid: string;
}

describe('GET /on-page-seo/website-failed-checks/{w_guid}', () => {
  it('lists every check failing on a URL with priority, share, impact, last found and a sample, by impact', async () => {
    const { site, urls } = shop;
    const body = await ok<{ data: FailedRow[]; meta: { analyzed_urls: number } }>(
      `/on-page-seo/website-failed-checks/${site.id}`,
    );
    expect(body.meta.analyzed_urls).toBe(8);
    expect(body.data.map((row) => row.test_key)).toEqual(['meta-description', 'image-alt', 'crawl-depth']);
    const [description, alt, depth] = body.data;
    const [latest] = await t.database.query<{ at: Date }>(
      `select max(analysed_at) as at from serviceable_urls where id = any($1::uuid[])`,
      [[urls['/blog/1'], urls['/blog/2'], urls['/blog/3'], urls['/blog/4'], urls['/shop/1']]],
    );
    expect(description).toMatchObject({
      title: checkMeta.get('meta-description')!.title,
      relevance: 9,
      priority: 'HIGH',
      affected_urls: 5,
      share: 0.625,
      impact_score: 5.63,
      impact: 'MEDIUM',
      last_found: new Date(latest!.at).toISOString(),
    });
    expect(['/blog/1', '/blog/2', '/blog/3', '/blog/4', '/shop/1'].map((p) => urls[p])).toContain(
      description!.sample_url_guid,
    );
    const samplePath = Object.entries(urls).find(([, id]) => id === description!.sample_url_guid)![0];
    expect(description!.sample_url).toBe(site.origin + samplePath);
    expect(alt).toMatchObject({
      relevance: 7,
      priority: 'MEDIUM',
      affected_urls: 4,
      share: 0.5,
      impact_score: 3.5,
    });
    expect(alt!.impact).toBe('LOW');
    expect(depth).toMatchObject({
      relevance: 4,
      priority: 'MEDIUM',
      affected_urls: 1,
      impact_score: 0.5,
      impact: 'LOW',
    });
  });

  it('narrows to one page group, or to the URLs in none', async () => {
    const { site, blog, store } = shop;
    const inBlog = await ok<{ data: FailedRow[]; meta: { analyzed_urls: number } }>(
      `/on-page-seo/website-failed-checks/${site.id}?cluster_guid=${blog}`,
    );
    expect(inBlog.meta.analyzed_urls).toBe(4);
    expect(inBlog.data.map((row) => [row.test_key, row.affected_urls, row.impact_score, row.impact])).toEqual(
      [
        ['meta-description', 4, 9, 'HIGH'],
        ['crawl-depth', 1, 1, 'LOW'],
      ],
    );
    expect(inBlog.data[0]!.sample_url).toMatch(/\/blog\/\d$/);
    const inShop = await ok<{ data: FailedRow[] }>(
      `/on-page-seo/website-failed-checks/${site.id}?cluster_guid=${store}`,
    );
    expect(inShop.data.map((row) => [row.test_key, row.affected_urls, row.impact_score])).toEqual([
      ['image-alt', 2, 7],
      ['meta-description', 1, 4.5],
    ]);
    const ungrouped = await ok<{ data: FailedRow[]; meta: { analyzed_urls: number } }>(
      `/on-page-seo/website-failed-checks/${site.id}?cluster_guid=ungrouped`,
    );
    expect(ungrouped.meta.analyzed_urls).toBe(2);
    expect(ungrouped.data.map((row) => [row.test_key, row.affected_urls])).toEqual([['image-alt', 2]]);
    const bad = await get(owner, `/on-page-seo/website-failed-checks/${site.id}?cluster_guid=blog`);
    expect(bad.statusCode).toBe(400);
  });

  it('bands priority and impact at their edges (spec 9)', async () => {
    expect([1, 3, 3.01, 4, 7, 7.01, 8, 10].map(priorityOf)).toEqual([
      'LOW',
      'LOW',
      'MEDIUM',
      'MEDIUM',
      'MEDIUM',
      'HIGH',
      'HIGH',
      'HIGH',
    ]);
    expect([0, 3.99, 4, 6, 6.5, 6.99, 7, 10].map(impactOf)).toEqual([
      'LOW',
      'LOW',
      'MEDIUM',
      'MEDIUM',
      'MEDIUM',
      'MEDIUM',
      'HIGH',
      'HIGH',
    ]);

    // 100 analysed URLs, so a share is a count: relevance 10 × 70 % = 7.0, and so on.
    const site = await website(owner, 'edges');
    await t.database.query(
      `insert into serviceable_urls (organization_id, website_id, url, source, crawl_state, status_code, score, analysed_at)
       select $1, $2, 'https://edges.example.com/p/' || i, 'sitemap', 'done', 200, 50, now()
         from generate_series(1, 100) as i`,
      [site.organizationId, site.id],
    );
    const failing: [string, number][] = [
      ['meta-title', 70],
      ['http-status-code', 69],
      ['noindex-tags', 40],
      ['https-encryption', 39],
      ['readability', 1],
      ['favicon', 1],
      ['image-alt', 1],
      ['heading-tags', 1],
    ];
    for (const [key, count] of failing)
      await t.database.query(
        `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
         select id, website_id, $2, 'failed', $3, 'failed', '{}' from serviceable_urls
          where website_id = $1 order by seq limit $4`,
        [site.id, key, relevance(key), count],
      );
    const body = await ok<{ data: FailedRow[] }>(`/on-page-seo/website-failed-checks/${site.id}`);
    const byKey = Object.fromEntries(body.data.map((row) => [row.test_key, row]));
    expect(
      ['meta-title', 'http-status-code', 'noindex-tags', 'https-encryption'].map((key) => [
        byKey[key]!.impact_score,
        byKey[key]!.impact,
      ]),
    ).toEqual([
      [7, 'HIGH'],
      [6.9, 'MEDIUM'],
      [4, 'MEDIUM'],
      [3.9, 'LOW'],
    ]);
    expect(
      ['readability', 'favicon', 'image-alt', 'heading-tags'].map((key) => [
        byKey[key]!.relevance,
        byKey[key]!.priority,
      ]),
    ).toEqual([
      [3, 'LOW'],
      [4, 'MEDIUM'],
      [7, 'MEDIUM'],
      [8, 'HIGH'],
    ]);
    const scores = body.data.map((row) => row.impact_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('GET /on-page-seo/domain-checks/{w_guid}', () => {
  it("splits the origin's checks: failures then warnings in failed, passes in passed, the unjudged in skipped", async () => {
    const body = await ok<Record<string, { test_key: string; status: string; priority: string }[]>>(
      `/on-page-seo/domain-checks/${shop.site.id}`,
    );
    expect(body.origin).toBe('https://audit.example.com');
    expect(body.failed!.map((c) => [c.test_key, c.status, c.priority])).toEqual([
      ['robots-txt', 'failed', 'HIGH'],
      ['llms-txt', 'warning', 'LOW'],
    ]);
    expect(body.passed!.map((c) => c.test_key)).toEqual(['sitemap']);
    expect(body.skipped!.map((c) => c.test_key)).toEqual(['safe-browsing']);
    expect(body.failed![0]).toMatchObject({
      title: checkMeta.get('robots-txt')!.title,
      message: 'robots-txt failed',
      relevance: 8,
      recommendation: checkMeta.get('robots-txt')!.recommendation,
    });
  });
});

describe('GET /on-page-seo/seo-test', () => {
  it("gives every test's details from the engine, and one by key", async () => {
    const list = await ok<{ key: string }[]>('/on-page-seo/seo-test');
    expect(list.map((test) => test.key)).toEqual(allChecks.map((check) => check.key));
    const meta = checkMeta.get('orphan-pages')!;
    expect(await ok('/on-page-seo/seo-test/orphan-pages')).toEqual({
      key: 'orphan-pages',
      title: meta.title,
      description: meta.description,
      recommendation: meta.recommendation,
      seo_issue: 'Links & Crawlability',
      category: 'links-crawlability',
      scope: 'crawl',
      relevance: meta.relevance,
      priority: 'MEDIUM',
      how_to_fix: { video: null, html: meta.howToFix },
    });
  });

  it("answers 404 'Unknown test type' for a key no check has, on every call taking one", async () => {
    const { site } = shop;
    for (const url of [
      '/on-page-seo/seo-test/not-a-check',
      `/on-page-seo/affected-clusters/${site.id}/not-a-check`,
      `/on-page-seo/affected-urls/${site.id}/all/not-a-check`,
      `/on-page-seo/affected-urls/${site.id}/ungrouped/not-a-check`,
    ]) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe('Unknown test type');
    }
  });
});

describe('GET /on-page-seo/affected-clusters/{w_guid}/{key}', () => {
  it("lists the page groups with failing URLs, most affected first, and 'ungrouped' for URLs in none", async () => {
    const { site, blog, store } = shop;
    expect(await ok(`/on-page-seo/affected-clusters/${site.id}/meta-description`)).toEqual([
      { guid: blog, title: 'Blog', affected_urls: 4, sample_url: expect.stringMatching(/\/blog\/\d$/) },
      { guid: store, title: 'Shop', affected_urls: 1, sample_url: 'https://audit.example.com/shop/1' },
    ]);
    expect(await ok(`/on-page-seo/affected-clusters/${site.id}/image-alt`)).toEqual([
      { guid: store, title: 'Shop', affected_urls: 2, sample_url: expect.stringMatching(/\/shop\/\d$/) },
      {
        guid: 'ungrouped',
        title: 'Not in a page group',
        affected_urls: 2,
        sample_url: expect.stringMatching(/^https:\/\/audit\.example\.com\/(about)?$/),
      },
    ]);
    expect(await ok(`/on-page-seo/affected-clusters/${site.id}/meta-title`)).toEqual([]);
  });
});

describe('GET /on-page-seo/affected-urls/{w_guid}/{cluster_guid}/{key}', () => {
  it('lists the failing URLs of a group, of no group, or of all, as monitored URLs', async () => {
    const { site, blog, store, urls } = shop;
    const inBlog = await ok<{ data: { guid: string; url: string; cluster_guid: string }[]; meta: object }>(
      `/on-page-seo/affected-urls/${site.id}/${blog}/meta-description`,
    );
    expect(inBlog.data.map((url) => url.url).sort()).toEqual(
      ['/blog/1', '/blog/2', '/blog/3', '/blog/4'].map((path) => site.origin + path),
    );
    expect(inBlog.meta).toEqual({ last_evaluated_key: null });
    expect(inBlog.data[0]).toMatchObject({
      w_guid: site.id,
      cluster_guid: blog,
      status_code: 200,
      on_page_seo: { score: expect.any(Number), c_at: expect.any(String) },
    });
    const ids = inBlog.data.map((url) => url.guid);
    expect(ids).toEqual([...ids].sort());
    const ungrouped = await ok<{ data: { guid: string }[] }>(
      `/on-page-seo/affected-urls/${site.id}/ungrouped/image-alt`,
    );
    expect(ungrouped.data.map((url) => url.guid).sort()).toEqual([urls['/'], urls['/about']].sort());
    const all = await ok<{ data: { guid: string }[] }>(`/on-page-seo/affected-urls/${site.id}/all/image-alt`);
    expect(all.data).toHaveLength(4);
    // Nothing fails: an empty page, which the screen shows as AUDIT.noFailedUrls.
    expect(await ok(`/on-page-seo/affected-urls/${site.id}/${store}/meta-title`)).toEqual({
      data: [],
      meta: { last_evaluated_key: null },
    });
    expect(AUDIT.noFailedUrls).toBe('No URLs failed this test');
  });

  it('pages 25 at a time across three pages, never repeating or skipping a URL', async () => {
    const site = await website(owner, 'paging');
    const paged = await group(site, 'Paged');
    const elsewhere = await group(site, 'Elsewhere');
    const expected: string[] = [];
    for (let i = 0; i < 60; i++) expected.push(await addUrl(site, `/paged/${i}`, { cluster: paged }));
    const others: string[] = [];
    for (let i = 0; i < 10; i++) others.push(await addUrl(site, `/elsewhere/${i}`, { cluster: elsewhere }));
    for (let i = 0; i < 5; i++) others.push(await addUrl(site, `/loose/${i}`));
    for (const id of [...expected, ...others]) await result(site, id, 'meta-title', 'failed');

    const pages = await allPages(`/on-page-seo/affected-urls/${site.id}/${paged}/meta-title`);
    expect(pages.map((page) => page.length)).toEqual([25, 25, 10]);
    const seen = pages.flat().map((url) => url.guid);
    expect(new Set(seen).size).toBe(60);
    expect([...seen].sort()).toEqual([...expected].sort());

    const everything = await allPages(`/on-page-seo/affected-urls/${site.id}/all/meta-title`, 30);
    expect(everything.map((page) => page.length)).toEqual([30, 30, 15]);
    expect(new Set(everything.flat().map((url) => url.guid)).size).toBe(75);
  });

  it('answers 400 for a malformed limit, key or group, naming the field, never a 500', async () => {
    const path = `/on-page-seo/affected-urls/${shop.site.id}/all/image-alt`;
    for (const query of ['limit=0', 'limit=abc', 'limit=101', `last_evaluated_key=${'x'.repeat(300)}`]) {
      const res = await get(owner, `${path}?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    for (const key of [
      'not-base64-of-anything',
      Buffer.from('u123').toString('base64url'),
      Buffer.from('anot-a-uuid').toString('base64url'),
    ]) {
      const res = await get(owner, `${path}?last_evaluated_key=${key}`);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'last_evaluated_key', message: AUDIT.invalidKey }]);
    }
    expect(
      (await get(owner, `/on-page-seo/affected-urls/${shop.site.id}/some-group/image-alt`)).statusCode,
    ).toBe(400);
  });
});

describe("another organization's ids", () => {
  it('answer 404 on every call, with the usual not-found text', async () => {
    const theirs = await website(other, 'theirs');
    const theirGroup = await group(theirs, 'Their group');
    const theirUrl = await addUrl(theirs, '/', { cluster: theirGroup });
    await result(theirs, theirUrl, 'meta-title', 'failed');
    await siteResult(theirs, theirs.origin, 'robots-txt', 'failed');
    // The owner of those ids sees them.
    await ok(`/on-page-seo/audit/url/${theirs.id}/${theirUrl}`, other);
    await ok(`/on-page-seo/affected-urls/${theirs.id}/${theirGroup}/meta-title`, other);

    const mine = shop.site.id;
    const cases: [string, string][] = [
      [`/on-page-seo/audit/url/${theirs.id}/${theirUrl}`, WEBSITE_MESSAGES.notFound],
      [`/on-page-seo/audit/url/${mine}/${theirUrl}`, DEEP_ANALYSIS_MESSAGES.urlNotFound],
      [`/on-page-seo/audit/domain/${theirs.id}`, WEBSITE_MESSAGES.notFound],
      [`/on-page-seo/website-failed-checks/${theirs.id}`, WEBSITE_MESSAGES.notFound],
      [`/on-page-seo/website-failed-checks/${mine}?cluster_guid=${theirGroup}`, PAGE_GROUP_MESSAGES.notFound],
      [`/on-page-seo/domain-checks/${theirs.id}`, WEBSITE_MESSAGES.notFound],
      [`/on-page-seo/affected-clusters/${theirs.id}/meta-title`, WEBSITE_MESSAGES.notFound],
      [`/on-page-seo/affected-urls/${theirs.id}/all/meta-title`, WEBSITE_MESSAGES.notFound],
      [`/on-page-seo/affected-urls/${theirs.id}/${theirGroup}/meta-title`, WEBSITE_MESSAGES.notFound],
      [`/on-page-seo/affected-urls/${mine}/${theirGroup}/meta-title`, PAGE_GROUP_MESSAGES.notFound],
    ];
    for (const [url, error] of cases) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe(error);
    }
  });
});

// `npm run bench -- scale` runs the same at 50,000 URLs and times each call.
describe('every list answers from indexes', () => {
  it('pages affected URLs and the URL list from their indexes, and counts the aggregates right', async () => {
    const site = await website(owner, 'big');
    const tenth = await group(site, 'Every tenth');
    await t.database.query(
      `insert into serviceable_urls (organization_id, website_id, url, source, crawl_state, status_code, cluster_id,
                                     score, passed, warning, failed, analysed_at)
       select $1, $2, 'https://big.example.com/p/' || i, 'sitemap', 'done', 200,
              case when i % 10 = 0 then $3::uuid end, 50, 1, 0, 2, now() - make_interval(secs => i)
         from generate_series(1, 2000) as i`,
      [site.organizationId, site.id, tenth],
    );
    // Every URL fails meta-title and passes meta-description; the even ones fail image-alt.
    await t.database.query(
      `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
       select u.id, u.website_id, c.key, case when c.key = 'meta-description' then 'passed' else 'failed' end, 5, '', '{}'
         from serviceable_urls u cross join (values ('meta-title'), ('meta-description'), ('image-alt')) as c(key)
        where u.website_id = $1 and (c.key <> 'image-alt' or split_part(u.url, '/p/', 2)::int % 2 = 0)`,
      [site.id],
    );
    await t.database.query('analyze serviceable_urls');
    await t.database.query('analyze url_check_results');

    // Record the statements each call runs, to read their plans with the same parameters.
    const database = t.app.deps.database;
    const original = database.query;
    type Statement = { text: string; params: unknown[] };
    const ran: Statement[] = [];
    database.query = ((text: Parameters<typeof original>[0], params: unknown[] = []) => {
      // Prepared statements (the caller's session) are not the lists'.
      if (typeof text === 'string') ran.push({ text, params });
      return original(text, params);
    }) as typeof database.query;
    const call = async (url: string) => {
      ran.length = 0;
      const res = await get(owner, url);
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json(), statements: [...ran] };
    };
    const planOf = async (statement: Statement) =>
      (await original<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.params))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    const listing = (statements: Statement[]) => {
      const found = statements.find((s) => /from url_check_results r/.test(s.text));
      expect(found).toBeDefined();
      return found!;
    };

    try {
      const affected = `/on-page-seo/affected-urls/${site.id}`;
      const first = await call(`${affected}/all/meta-title`);
      const deep = await call(
        `${affected}/all/image-alt?last_evaluated_key=${first.body.meta.last_evaluated_key}`,
      );
      const grouped = await call(`${affected}/${tenth}/image-alt`);
      for (const page of [first, deep, grouped]) {
        expect(page.body.data).toHaveLength(25);
        const plan = await planOf(listing(page.statements));
        expect(plan).toContain('url_check_results_check_idx');
        expect(plan).not.toMatch(/Seq Scan on (serviceable_urls|url_check_results)/);
      }

      // The aggregates read every failing row: here half the table fails, where reading it whole is
      // the right plan, so they are held to their counts here and to a time by the benchmark.
      const failed = await call(`/on-page-seo/website-failed-checks/${site.id}`);
      expect(failed.body.meta.analyzed_urls).toBe(2_000);
      expect(failed.body.data.map((row: FailedRow) => [row.test_key, row.affected_urls])).toEqual([
        ['meta-title', 2_000],
        ['image-alt', 1_000],
      ]);
      const failedInGroup = await call(`/on-page-seo/website-failed-checks/${site.id}?cluster_guid=${tenth}`);
      expect(failedInGroup.body.meta.analyzed_urls).toBe(200);

      const clusters = await call(`/on-page-seo/affected-clusters/${site.id}/image-alt`);
      expect(
        clusters.body.map((c: { guid: string; affected_urls: number }) => [c.guid, c.affected_urls]),
      ).toEqual([
        ['ungrouped', 800],
        [tenth, 200],
      ]);

      // The monitored-URL list: a keyset page deep into the website.
      const [middle] = await original<{ seq: string }>(
        'select seq from serviceable_urls where website_id = $1 order by seq offset 1600 limit 1',
        [site.id],
      );
      const urlList = await original<{ 'QUERY PLAN': string }>(
        `explain select id, url from serviceable_urls where website_id = $1 and seq > $2 order by seq limit 26`,
        [site.id, middle!.seq],
      );
      const urlPlan = urlList.map((row) => row['QUERY PLAN']).join('\n');
      expect(urlPlan).toContain('serviceable_urls_page_idx');
      expect(urlPlan).not.toContain('Seq Scan');
    } finally {
      database.query = original;
    }
  });
});
