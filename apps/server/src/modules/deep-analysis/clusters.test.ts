import { PAGE_GROUP_MESSAGES } from '@sitelens/contracts';
import { type CrawlSitePage, proseOf } from '@sitelens/engine/testing/crawl-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { deepAnalysisDriver, robotsPage, serveSites, sitemapPage } from '../../test/deep-analysis';
import { closeWorkerBrowser } from '../checkup/worker-browser';

let t: TestApp;
const { api, website, runProcesses } = deepAnalysisDriver(() => t);

const document = (title: string, body: string): CrawlSitePage => ({
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${title}, described in a sentence of its own."></head><body>${body}</body></html>`,
});
const PAGES = ['/', '/about', '/contact'];
const POSTS = [1, 2, 3, 4].map((n) => `/blog/post-${n}`);
const ITEMS = [1, 2, 3].map((n) => `/shop/item-${n}`);

/** Three templates: the main pages, blog posts and shop items, each with markup of its own. */
const mainPage = (title: string, i: number, links: string[]) =>
  document(
    title,
    `<header class="top"><nav class="menu">${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</nav></header>
<main class="page"><h1>${title}</h1><p>${proseOf(i)}</p></main><footer class="bottom"><p>Contact us</p></footer>`,
  );
const post = (n: number) =>
  document(
    `Post number ${n}`,
    `<div class="blog-shell"><aside class="sidebar"><ul class="tags"><li>News</li><li>Notes</li></ul></aside>
<article class="post"><h1>Post number ${n}</h1><div class="byline"><span class="author">Ann</span></div>
<p>${proseOf(10 + n)}</p><a class="back" href="/">Home</a></article></div>`,
  );
const item = (n: number) =>
  document(
    `Item number ${n}`,
    `<section class="product"><div class="gallery"><img class="main-image" src="/logo.png" alt="Item ${n}" width="10" height="10"></div>
<div class="buy-box"><h1>Item number ${n}</h1><span class="price">${n} EUR</span><button class="add-to-cart">Add</button></div></section>
<table class="specs"><tr><td>${proseOf(20 + n)}</td></tr></table><a class="home" href="/">Home</a>`,
  );

const ROUTES: Record<string, CrawlSitePage> = {
  '/robots.txt': robotsPage,
  '/sitemap.xml': sitemapPage([...PAGES, ...POSTS, ...ITEMS]),
  '/': mainPage('Home of the shop', 1, [...PAGES, ...POSTS, ...ITEMS]),
  '/about': mainPage('About the shop', 2, ['/']),
  '/contact': mainPage('Contact the shop', 3, ['/']),
};
POSTS.forEach((path, i) => {
  ROUTES[path] = post(i + 1);
});
ITEMS.forEach((path, i) => {
  ROUTES[path] = item(i + 1);
});

let served: Awaited<ReturnType<typeof serveSites>>;
beforeAll(async () => {
  served = await serveSites({ templates: ROUTES, edits: ROUTES });
  t = await createTestApp();
});
afterAll(async () => {
  await closeWorkerBrowser();
  await t.close();
  await served.close();
});

const account = () => teamAccount(t, { max_tracked_websites: 5, max_monitored_regions: 1, dp_max_urls: 500 });

interface Group {
  guid: string;
  title: string;
  description: string;
  pue_level: string;
  pue_reason: string | null;
  monitored_urls: number;
  avg_seo_score: number | null;
  screenshot_url: string | null;
  sample_urls: { guid: string; url: string }[];
  source: 'auto' | 'user';
}

async function groups(owner: Account, w: string): Promise<Group[]> {
  const res = await api(owner, 'GET', `/url-cluster/${w}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function groupUrls(owner: Account, w: string, c: string): Promise<string[]> {
  const urls: string[] = [];
  let key: string | null = null;
  do {
    const res = await api(
      owner,
      'GET',
      `/serviceable-url/${w}/cluster/${c}?limit=2${key ? `&last_evaluated_key=${key}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const row of res.json().data as { url: string; cluster_guid: string }[]) {
      expect(row.cluster_guid).toBe(c);
      urls.push(new URL(row.url).pathname);
    }
    key = res.json().meta.last_evaluated_key;
  } while (key);
  return urls;
}

async function crawl(owner: Account, w: string, start: 'import' | 'batch') {
  const res =
    start === 'import'
      ? await api(owner, 'POST', '/import-sitemap', { w_guid: w })
      : await api(owner, 'POST', '/on-page-seo/batch', { w_guid: w });
  expect(res.statusCode, res.body).toBe(202);
  await runProcesses(w);
}

describe('page groups found by the crawl', () => {
  it('groups a site of three templates into three titled groups, each with its URLs, score and screenshot', async () => {
    const owner = await account();
    const w = await website(owner, 'templates', 1);
    await crawl(owner, w, 'import');

    const found = await groups(owner, w);
    expect(found.map((g) => [g.title, g.monitored_urls, g.source])).toEqual([
      ['Blog', 4, 'auto'],
      ['Main pages', 3, 'auto'],
      ['Shop', 3, 'auto'],
    ]);
    const blog = found[0]!;
    expect(blog.description).toBe('Pages under /blog/, such as /blog/post-1, /blog/post-2 and /blog/post-3.');
    expect(blog.pue_level).toBe('medium');
    expect(blog.avg_seo_score).toEqual(expect.any(Number));
    expect(blog.sample_urls).toHaveLength(3);
    expect(await groupUrls(owner, w, blog.guid)).toEqual(POSTS);
    expect(await groupUrls(owner, w, found[1]!.guid)).toEqual(PAGES);
    expect(await groupUrls(owner, w, found[2]!.guid)).toEqual(ITEMS);

    // Chromium rendered the first page of each template: every group shows one of its own pages.
    for (const group of found) {
      expect(group.screenshot_url).toBe(`/api/url-cluster/${w}/${group.guid}/screenshot`);
      const png = await api(owner, 'GET', group.screenshot_url!.slice('/api'.length));
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  }, 120_000);
});

describe('page groups a user edits', () => {
  it('keeps what the user made, moved, renamed and removed across a re-crawl', async () => {
    const owner = await account();
    const w = await website(owner, 'edits');
    await crawl(owner, w, 'import');
    const [blog, main, shop] = await groups(owner, w);
    expect([blog!.title, main!.title, shop!.title]).toEqual(['Blog', 'Main pages', 'Shop']);
    expect(shop!.screenshot_url).toBeNull();

    // A group of one's own: title and description required, engagement medium unless said.
    const noTitle = await api(owner, 'POST', '/url-cluster', { w_guid: w, title: ' ', description: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields).toEqual([{ field: 'title', message: PAGE_GROUP_MESSAGES.titleRequired }]);
    const noDescription = await api(owner, 'POST', '/url-cluster', { w_guid: w, title: 'Landing pages' });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().fields).toEqual([
      { field: 'description', message: PAGE_GROUP_MESSAGES.descriptionRequired },
    ]);
    const made = await api(owner, 'POST', '/url-cluster', {
      w_guid: w,
      title: 'Landing pages',
      description: 'Where campaigns land',
    });
    expect(made.statusCode, made.body).toBe(201);
    const landing = made.json().guid as string;

    // URLs go in: one monitored already moves, a new one is monitored in the group.
    const moved = await api(owner, 'POST', `/serviceable-url/${w}/cluster/${landing}`, {
      urls: ['http://edits.example.com/about', 'edits.example.com/contact?from=ad'],
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(
      moved.json().data.map((u: { url: string; cluster_guid: string }) => [u.url, u.cluster_guid]),
    ).toEqual([
      ['http://edits.example.com/about', landing],
      ['https://edits.example.com/contact?from=ad', landing],
    ]);
    const noGroup = await api(owner, 'POST', `/serviceable-url/${w}/cluster/none`, { urls: ['/about'] });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().fields).toEqual([
      { field: 'params.cluster_guid', message: PAGE_GROUP_MESSAGES.selectGroup },
    ]);

    // Renaming a found group, and removing another.
    const renamed = await api(owner, 'PATCH', `/url-cluster/${w}/${blog!.guid}`, {
      title: 'Articles',
      description: 'Our writing',
      pue_level: 'high',
      pue_reason: 'Most visits land here',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      title: 'Articles',
      pue_level: 'high',
      pue_reason: 'Most visits land here',
    });
    const cleared = await api(owner, 'PATCH', `/url-cluster/${w}/${blog!.guid}`, {
      title: 'Articles',
      description: 'Our writing',
      pue_level: 'high',
      pue_reason: null,
    });
    expect(cleared.json().pue_reason).toBeNull();
    expect((await api(owner, 'DELETE', `/url-cluster/${w}/${shop!.guid}`)).statusCode).toBe(204);
    const shopUrls = await t.database.query<{ cluster_id: string | null }>(
      `select cluster_id from serviceable_urls where website_id = $1 and url like '%/shop/%'`,
      [w],
    );
    expect(shopUrls.map((row) => row.cluster_id)).toEqual([null, null, null]);

    await crawl(owner, w, 'batch');
    const after = await groups(owner, w);
    expect(after.map((g) => [g.guid, g.title, g.monitored_urls, g.source])).toEqual([
      [blog!.guid, 'Articles', 4, 'auto'],
      [landing, 'Landing pages', 2, 'user'],
      [main!.guid, 'Main pages', 2, 'auto'],
    ]);
    expect(await groupUrls(owner, w, main!.guid)).toEqual(['/', '/contact']);

    // Removing the user's own group deletes it; its URLs stay monitored.
    expect((await api(owner, 'DELETE', `/url-cluster/${w}/${landing}`)).statusCode).toBe(204);
    expect((await api(owner, 'GET', `/serviceable-url/${w}/cluster/${landing}`)).statusCode).toBe(404);
    const [{ n }] = (await t.database.query(
      `select count(*)::int as n from serviceable_urls where website_id = $1`,
      [w],
    )) as [{ n: number }];
    expect(n).toBe(11);
  }, 120_000);

  it("answers 404 for another organization's groups and a removed group, 400 for a bad guid", async () => {
    const owner = await account();
    const stranger = await account();
    const w = await website(owner, 'edits');
    const made = await api(owner, 'POST', '/url-cluster', {
      w_guid: w,
      title: 'Mine',
      description: 'Mine too',
    });
    const c = made.json().guid as string;
    const body = { title: 'Theirs', description: 'Theirs' };
    for (const [method, url, payload] of [
      ['GET', `/url-cluster/${w}`],
      ['POST', '/url-cluster', { w_guid: w, ...body }],
      ['PATCH', `/url-cluster/${w}/${c}`, body],
      ['DELETE', `/url-cluster/${w}/${c}`],
      ['GET', `/url-cluster/${w}/${c}/screenshot`],
      ['GET', `/serviceable-url/${w}/cluster/${c}`],
      ['POST', `/serviceable-url/${w}/cluster/${c}`, { urls: ['edits.example.com/x'] }],
    ] as const) {
      const res = await api(stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(owner, 'GET', `/url-cluster/${w}/${c}/screenshot`)).json().error).toBe(
      PAGE_GROUP_MESSAGES.noScreenshot,
    );
    const bad = await api(owner, 'PATCH', `/url-cluster/${w}/nope`, body);
    expect(bad.statusCode).toBe(400);
  });
});
