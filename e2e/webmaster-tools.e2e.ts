import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CrawlSite,
  type CrawlSitePage,
  htmlPage,
  startCrawlSite,
} from '@sitelens/engine/testing/crawl-site';
import { validateSitemap } from '@sitelens/engine/testing/sitemap-schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTo,
  hasChromium,
  launchBrowser,
  ROOT,
  type RunningServer,
  screenshotter,
  startServer,
} from './harness';
import { signedInPage } from './session';

const SHOTS = path.join(ROOT, 'screenshots');
/** A harbour guide with planted link problems, and the tide-table site it links to. */
const SITE = 'harbour-guide.co.uk';
const OTHER = 'tide-tables.co.uk';
const H = `http://${SITE}`;
const O = `http://${OTHER}`;

const redirect = (to: string, status = 301): CrawlSitePage => ({
  status,
  headers: { location: to },
  body: '',
});
const page_ = (title: string, links: string[] = [], head = '', text?: string): CrawlSitePage => ({
  body: htmlPage({
    title,
    description: `${title}: moorings, tides and walks.`,
    links,
    head,
    ...(text ? { text } : {}),
  }),
});

const HARBOUR: Record<string, CrawlSitePage> = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /members\n' },
  '/': page_('The harbour guide', [
    '/moorings',
    '/walks/coast',
    '/old-timetable',
    '/ferry',
    '/boat-hire',
    '/tides-loop',
    '/draft-notes',
    '/moorings-print',
    '/members/list',
    '/files/map.pdf',
    `${O}/today`,
    `${O}/archive-1998`,
    `${O}/busy`,
  ]),
  '/moorings': page_('Moorings and fees', ['/', '/cafe-closed', `${O}/archive-1998`]),
  '/walks/coast': page_(
    'The coast walk',
    ['/walks/cliff', '/'],
    '<meta property="article:modified_time" content="2026-05-01T09:30:00Z">',
  ),
  '/walks/cliff': page_(
    'The cliff walk',
    ['/walks/coast'],
    '',
    'The view: <img src="/images/cliff.jpg" alt="Cliffs">',
  ),
  /** Broken: internal 404 (not routed), internal 500, external 404. */
  '/cafe-closed': { status: 500, body: 'The café page fails' },
  '/ferry': redirect('/moorings'),
  '/boat-hire': redirect('/boat-hire-2024', 302),
  '/boat-hire-2024': redirect('/moorings'),
  '/tides-loop': redirect('/tides-loop-2'),
  '/tides-loop-2': redirect('/tides-loop'),
  '/draft-notes': page_('Draft notes', ['/'], '<meta name="robots" content="noindex">'),
  '/moorings-print': page_('Moorings, printable', ['/'], `<link rel="canonical" href="${H}/moorings">`),
  '/members/list': page_('Members'),
  '/files/map.pdf': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4 harbour map' },
};
const TIDES: Record<string, CrawlSitePage> = {
  '/today': page_('Tides today'),
  '/busy': { status: 429, body: 'Too many requests' },
};

/** What a correct run finds: every planted problem, and nothing else. */
const PROBLEMS: Record<string, string> = {
  [`${H}/old-timetable`]: 'Broken',
  [`${H}/cafe-closed`]: 'Broken',
  [`${O}/archive-1998`]: 'Broken',
  [`${H}/tides-loop`]: 'Redirect loop',
  [`${H}/boat-hire`]: 'Redirect chain',
  [`${H}/ferry`]: 'Redirected',
  [`${O}/busy`]: 'Not verified',
  [`${H}/members/list`]: 'Not verified',
};
/** The indexable pages: 200, HTML, not noindex, canonical to themselves, allowed by robots.txt. */
const INDEXABLE = [`${H}/`, `${H}/moorings`, `${H}/walks/coast`, `${H}/walks/cliff`];

describe.skipIf(!hasChromium)('Broken Links and the Sitemap Generator, in Chromium', () => {
  let harbour: CrawlSite;
  let tides: CrawlSite;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const shoot = screenshotter(() => page, SHOTS);

  beforeAll(async () => {
    harbour = await startCrawlSite(HARBOUR, { publicOrigin: H });
    tides = await startCrawlSite(TIDES, { publicOrigin: O });
    server = await startServer({
      FETCH_CONNECT_TO: `${connectTo(SITE, harbour.port)},${connectTo(OTHER, tides.port)}`,
    });
    browser = await launchBrowser();
    page = await signedInPage(
      browser,
      server.url,
      { email: 'morwenna@harbour.test', f_name: 'Morwenna', l_name: 'Trewin' },
      { viewport: { width: 1440, height: 900 }, errors, acceptDownloads: true },
    );
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await harbour?.close();
    await tides?.close();
  });

  /** The table's rows as URL → type, every page of it loaded. */
  async function tableRows(): Promise<Record<string, string>> {
    const more = page.getByRole('button', { name: 'Load more' });
    const rows = page.locator('.wt-table .ant-table-tbody tr.ant-table-row');
    while ((await more.count()) > 0) {
      const shown = await rows.count();
      await more.click();
      // The next page is in: more rows, or the button gone with the last page.
      await expect.poll(async () => (await rows.count()) > shown || (await more.count()) === 0).toBe(true);
    }
    const found: Record<string, string> = {};
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      const url = (await row.locator('td').nth(0).locator('a').first().textContent())?.trim() ?? '';
      found[url] = (await row.locator('td').nth(2).locator('.ant-tag').first().textContent())?.trim() ?? '';
    }
    return found;
  }

  it('fails a run that cannot reach its site, says why, and lists it as failed', async () => {
    const nowhere = 'http://harbour-guide.invalid/';
    await page.goto(`${server.url}/broken-links`);
    await page.getByLabel('URL', { exact: true }).fill(nowhere);
    await page.getByRole('button', { name: 'Check links' }).click();
    await page.waitForURL(/\/broken-links\?run=/);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: `We cannot access ${nowhere} in order to perform our test!` });
    await alert.waitFor({ timeout: 60_000 });
    await expect.poll(() => alert.textContent()).toContain('harbour-guide.invalid could not be resolved');
    // Nothing on the page says the site's links were checked.
    expect(await page.getByText('No broken links found').count()).toBe(0);
    const recent = page.locator('tr.ant-table-row', { hasText: nowhere });
    await recent.getByText('Failed', { exact: true }).waitFor();
    expect(await recent.getByText('Completed', { exact: true }).count()).toBe(0);
    // It measured nothing: no "0 broken found" beside it.
    await recent.getByTitle('Not measured: the run failed').waitFor();
    await shoot('broken-links-unreachable');
    expect(errors).toEqual([]);
  });

  it('finds exactly the planted broken links, loops, chains and unverifiable links, and exports them', async () => {
    await page.goto(`${server.url}/broken-links`);
    await page.getByText('Check a site for broken links').waitFor();
    await page.getByLabel('URL', { exact: true }).fill('not a site');
    await page.getByRole('button', { name: 'Check links' }).click();
    await page.getByText('Provide a valid URL').waitFor();
    await shoot('broken-links-form');

    await page.getByLabel('URL', { exact: true }).fill(`${H}/`);
    await page.getByRole('button', { name: 'Check links' }).click();
    await page.waitForURL(/\/broken-links\?run=/);
    await page.locator('.wt-table .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 120_000 });
    expect(await tableRows()).toEqual(PROBLEMS);
    await page.getByRole('button', { name: /^Broken\s*3$/ }).waitFor();
    await shoot('broken-links-result', { fullPage: true });

    // Where a broken link is found, and the way a chain goes.
    const archive = page.locator('tr.ant-table-row', { hasText: `${O}/archive-1998` });
    await archive.getByRole('button', { name: '2' }).click();
    await page.getByText(`${H}/moorings`, { exact: true }).first().waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file!, 'utf8').trim().split('\r\n');
    expect(csv[0]).toMatch(/^URL,Type,Internal,Status/);
    expect(Object.fromEntries(csv.slice(1).map((line) => [line.split(',')[0], line.split(',')[1]]))).toEqual(
      PROBLEMS,
    );

    // Only the broken ones, by their card.
    await page.getByRole('button', { name: /^Broken\s*3$/ }).click();
    await expect
      .poll(async () => Object.keys(await tableRows()).sort())
      .toEqual(
        Object.keys(PROBLEMS)
          .filter((url) => PROBLEMS[url] === 'Broken')
          .sort(),
      );
    expect(errors).toEqual([]);
  });

  it('writes a sitemap of exactly the indexable pages that validates, and serves it at a stable address', async () => {
    // A tracked website, as Deep Analysis's form creates it: the generator offers it first.
    await page.goto(`${server.url}/deep-analysis`);
    await page.getByLabel('Domain').fill(SITE);
    await page.getByRole('button', { name: 'Start Deep Analysis' }).click();
    await page.waitForURL(/w_guid=/, { timeout: 60_000 });

    await page.goto(`${server.url}/sitemap-generator`);
    await page.getByText('Generate an XML sitemap').waitFor();
    await page.getByLabel('Include images').check();
    await shoot('sitemap-generator-form');
    await page.getByRole('button', { name: 'Generate sitemap' }).click();
    await page.waitForURL(/\/sitemap-generator\?run=/);
    await page.getByText('Stable address').waitFor({ timeout: 120_000 });
    await shoot('sitemap-generator-result', { fullPage: true });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download sitemap.xml' }).click();
    const xml = readFileSync((await (await download).path())!, 'utf8');
    expect(await validateSitemap(xml)).toEqual({ valid: true, errors: [] });
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.sort()).toEqual([...INDEXABLE].sort());
    expect(xml).toContain(`<image:loc>${H}/images/cliff.jpg</image:loc>`);
    expect(xml).toContain('<lastmod>2026-05-01T09:30:00+00:00</lastmod>');

    // The stable address answers without a session.
    const feedUrl = (await page.locator('.wt-feed .wt-url').textContent())!.trim();
    const feed = await fetch(feedUrl.replace(/^https?:\/\/[^/]+/, server.url));
    expect(feed.status).toBe(200);
    expect(await feed.text()).toBe(xml);
    expect(errors).toEqual([]);
  });
});
