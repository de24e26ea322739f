import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CrawlSite, htmlPage, startCrawlSite } from '@sitelens/engine/testing/crawl-site';
import { openDatabase } from '@sitelens/server/src/db/client';
import { refreshPositions } from '@sitelens/server/src/modules/keywords/tracking';
import { limiterFor } from '@sitelens/server/src/providers/seo-data';
import { createDataForSeo } from '@sitelens/server/src/providers/seo-data/dataforseo';
import { createSeoData } from '@sitelens/server/src/providers/seo-data/metered';
import { type FakeDataForSeo, startFakeDataForSeo } from '@sitelens/server/src/test/dataforseo-server';
import pino from 'pino';
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
/** A tracked website, and a domain looked up; their backlinks and keywords come from the DataForSEO-shaped server. */
const SITE = 'harbour-guide.co.uk';
const LOOKED_UP = 'tide-tables.co.uk';

describe.skipIf(!hasChromium)('Backlinks and keywords, in Chromium', () => {
  let dataforseo: FakeDataForSeo;
  let site: CrawlSite;
  let server: RunningServer;
  let bare: RunningServer;
  let browser: Browser;
  let page: Page;
  let serverEnv: Record<string, string> = {};
  const errors: string[] = [];
  const shoot = screenshotter(() => page, SHOTS);

  beforeAll(async () => {
    dataforseo = await startFakeDataForSeo({
      profiles: { [SITE]: { backlinks: 80 }, [LOOKED_UP]: { backlinks: 130 } },
      // The tracked keywords' places: 'ferry times' moves from day to day, the others are fixed.
      serpDomains: [SITE],
      rankings: {
        'harbour moorings': { [SITE]: 7 },
        'cliff walk': { [SITE]: null },
        'ferry times': { [SITE]: 12 },
      },
    });
    site = await startCrawlSite(
      { '/': { body: htmlPage({ title: 'The harbour guide', description: 'Moorings, tides and walks.' }) } },
      { publicOrigin: `http://${SITE}` },
    );
    serverEnv = {
      DATAFORSEO_LOGIN: dataforseo.login,
      DATAFORSEO_PASSWORD: dataforseo.password,
      DATAFORSEO_API_URL: dataforseo.url,
      FETCH_CONNECT_TO: connectTo(SITE, site.port),
    };
    [server, bare] = await Promise.all([startServer(serverEnv), startServer()]);
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), bare?.stop()]);
    await site?.close();
    await dataforseo?.close();
  });

  it('without a data source, says so and how an operator adds one', async () => {
    page = await signedInPage(
      browser,
      bare.url,
      { email: 'no-source@harbour.test', f_name: 'Ned', l_name: 'Source' },
      { viewport: { width: 1440, height: 900 }, errors },
    );
    await page.goto(`${bare.url}/backlinks`);
    await page.getByText('This server has no keyword and backlink data source.').waitFor();
    await page.getByText(/setting DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD/).waitFor();
    expect(await page.getByRole('button', { name: 'Get Backlinks' }).count()).toBe(0);
    await shoot('backlinks-no-source');
    for (const path of ['/top-keywords', '/keyword-research']) {
      await page.goto(`${bare.url}${path}`);
      await page.getByText('This server has no keyword and backlink data source.').waitFor();
    }
    await page.context().close();
  });

  it("looks up a domain's backlinks, loads more, and exports the loaded rows as CSV", async () => {
    page = await signedInPage(
      browser,
      server.url,
      { email: 'morwenna@harbour.test', f_name: 'Morwenna', l_name: 'Trewin' },
      { viewport: { width: 1440, height: 900 }, errors, acceptDownloads: true },
    );
    await page.goto(`${server.url}/backlinks`);
    const input = page.getByLabel('Enter domain or URL');
    await input.fill('not a domain');
    await page.getByRole('button', { name: 'Get Backlinks' }).click();
    await page.getByText('Invalid domain').waitFor();

    await input.fill(`https://www.${LOOKED_UP}/tides?day=1`);
    await page.getByRole('button', { name: 'Get Backlinks' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText(`Backlinks for: ${LOOKED_UP}`).waitFor();
    const total = modal.getByRole('region', { name: 'Total backlinks' });
    await total.getByText('130', { exact: true }).waitFor();
    const rows = modal.locator('.bl-table .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(50);
    await shoot('backlinks-lookup');
    await modal.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(100);

    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^url_from,page_from_title,page_from_rank,url_to,dofollow/);
    expect(csv).toHaveLength(101);

    const listCalls = dataforseo.requests.filter(
      (request) => request.path === 'backlinks/backlinks/live' && request.task.target === LOOKED_UP,
    );
    expect(listCalls.map((request) => request.task.offset)).toEqual([0, 50]);

    // The other tabs read the same domain.
    await modal.getByRole('tab', { name: 'Referring domains' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await modal.getByRole('tab', { name: 'Top countries' }).click();
    await modal.getByText('United States').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByText(/^Data spend this month: \$/).waitFor();
    expect(errors).toEqual([]);
  });

  it("shows the tracked website's own backlinks below the lookup", async () => {
    // A tracked website, as Deep Analysis's form creates it.
    await page.goto(`${server.url}/deep-analysis`);
    await page.getByLabel('Domain').fill(SITE);
    await page.getByRole('button', { name: 'Start Deep Analysis' }).click();
    await page.waitForURL(/w_guid=/, { timeout: 60_000 });
    await page.goto(`${server.url}/backlinks`);
    await page.getByText('Backlinks of your website').waitFor();
    const total = page.getByRole('region', { name: 'Total backlinks' });
    await total.getByText('80', { exact: true }).waitFor();
    await expect.poll(() => page.locator('.bl-table .ant-table-tbody tr.ant-table-row').count()).toBe(50);
    await shoot('backlinks-website', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it("lists the website's top keywords, sorts them, and shows a keyword's top domains", async () => {
    await page.goto(`${server.url}/top-keywords`);
    await page.getByRole('region', { name: 'Average position' }).waitFor();
    const rows = page.locator('.kw-table .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(5);
    await shoot('top-keywords');

    await page.getByLabel('Sort by').click();
    await page.getByTitle('Position (best first)').click();
    await expect
      .poll(() =>
        dataforseo.requests.some(
          (request) =>
            request.path === 'dataforseo_labs/google/ranked_keywords/live' &&
            JSON.stringify(request.task.order_by).includes('rank_group,asc'),
        ),
      )
      .toBe(true);
    // Best position first once the new order is in.
    await expect.poll(async () => (await rows.first().locator('td').nth(1).textContent())?.trim()).toBe('1');
    const firstKeyword = (await rows.first().locator('.kw-phrase').textContent())?.trim() ?? '';
    await rows.first().locator('.kw-phrase').click();
    const modal = page.getByRole('dialog');
    await modal.getByText(`Top domains for: ${firstKeyword}`, { exact: true }).waitFor();
    await expect.poll(() => modal.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(100);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('researches a keyword in both tabs', async () => {
    await page.goto(`${server.url}/keyword-research`);
    await page.getByRole('button', { name: 'Check for Keywords' }).click();
    await page.getByText('This field is required!').waitFor();
    await page.getByPlaceholder('Enter a keyword').fill('Harbour Moorings');
    await page.getByRole('button', { name: 'Check for Keywords' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Keywords suggestions for: harbour moorings').waitFor();
    const rows = modal.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toContain('harbour moorings');
    await shoot('keyword-research');
    await modal.getByRole('tab', { name: 'Related Keywords' }).click();
    await expect
      .poll(() => dataforseo.requests.some((r) => r.path === 'dataforseo_labs/google/related_keywords/live'))
      .toBe(true);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it("the dashboard's cards show the website's backlinks and top keywords", async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByText('Backlinks Overview').waitFor();
    await page.getByRole('list', { name: 'Most recently found backlinks' }).waitFor();
    await page.getByRole('link', { name: 'View keywords' }).waitFor();
    await shoot('dashboard-data-cards', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('tracks keywords: refused past the limit, positions appear, and a trend after a second day', async () => {
    await page.goto(`${server.url}/keyword-position`);
    await page.getByText("You haven't set any keywords to track for this domain!").waitFor();
    await page.getByRole('button', { name: 'Add keywords' }).click();
    const modal = page.getByRole('dialog');
    const field = modal.getByLabel('Keywords');
    await field.fill(Array.from({ length: 2_001 }, (_, i) => `mooring ${i}`).join(', '));
    await modal.getByRole('button', { name: 'Add keywords' }).click();
    await modal.getByText('Keywords exceeded limit').waitFor();
    dataforseo.setDay(1); // today's results; yesterday's are day 0
    await field.fill('harbour moorings, cliff walk\nferry times');
    await modal.getByRole('button', { name: 'Add keywords' }).click();

    // The check runs as soon as keywords are added; the table asks again every 10 s until it has them.
    const rowOf = (keyword: string) => page.locator('.kp-table tr.ant-table-row', { hasText: keyword });
    await rowOf('harbour moorings').getByText('7', { exact: true }).waitFor({ timeout: 60_000 });
    await rowOf('ferry times').getByText('12', { exact: true }).waitFor();
    expect(await rowOf('cliff walk').locator('.ant-spin').count()).toBe(0);
    await page.getByRole('region', { name: 'Average position' }).waitFor();

    // A second day, simulated: with the server stopped, the product's own daily check runs on its
    // database with yesterday's clock against yesterday's results.
    const dataDir = server.dataDir;
    await server.stop({ keepData: true });
    dataforseo.setDay(0);
    const database = await openDatabase({ dataDir });
    const logger = pino({ level: 'silent' });
    const seoData = createSeoData({
      database,
      logger,
      provider: createDataForSeo({
        login: dataforseo.login,
        password: dataforseo.password,
        baseUrl: dataforseo.url,
        limiter: limiterFor(1_000, 60),
      }),
      monthlyCapUsd: null,
      cacheSeconds: 3_600,
    });
    const yesterday = new Date(Date.now() - 86_400_000);
    expect(await refreshPositions({ database, seoData, logger, checkHour: 0 }, yesterday)).toEqual({
      checked: 3,
      failed: 0,
    });
    await database.close();
    server = await startServer(serverEnv, { dataDir });

    await page.goto(`${server.url}/keyword-position`);
    await rowOf('harbour moorings').getByText('7', { exact: true }).waitFor();
    const trend = page.waitForResponse((response) =>
      response.url().includes('/api/dfs/keyword-position-tracker'),
    );
    await rowOf('ferry times').getByRole('button', { name: 'Trend of ferry times' }).click();
    const points = ((await (await trend).json()) as { data: { pos: number | null }[] }).data;
    expect(points.map((point) => point.pos)).toEqual([12, 12]);
    await page.getByRole('dialog').getByText('Trend chart for: ferry times').waitFor();
    // A flat line has no height, so it is attached rather than "visible".
    await page.getByRole('dialog').locator('.recharts-line-curve').waitFor({ state: 'attached' });
    await shoot('keyword-position-trend');
    await page.keyboard.press('Escape');
    await shoot('keyword-position', { fullPage: true });
    expect(errors).toEqual([]);
  });
});
