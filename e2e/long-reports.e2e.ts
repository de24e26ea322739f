import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type CrawlSite, generatedSite, startCrawlSite } from '@sitelens/engine/testing/crawl-site';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTo,
  hasChromium,
  launchBrowser,
  ROOT,
  type RunningServer,
  resizeTo,
  screenshotter,
  startServer,
  untilCrawlsEnd,
} from './harness';
import { signedInPage } from './session';

const SHOTS = path.join(ROOT, 'screenshots');
const DOMAIN = 'long-reports.example';

/**
 * A Deep Analysis report was 23,000 to 29,000 px tall. Each category shows its
 * issues and its first 3 passed checks (spec 9), folds, and the sidebar follows the reader.
 */
describe.skipIf(!hasChromium)('Deep Analysis reports that fold, in Chromium', () => {
  let site: CrawlSite;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let w = '';
  const errors: string[] = [];
  const shoot = screenshotter(() => page, SHOTS);

  beforeAll(async () => {
    site = await startCrawlSite(generatedSite(6), { publicOrigin: `http://${DOMAIN}` });
    server = await startServer({ FETCH_CONNECT_TO: connectTo(DOMAIN, site.port) });
    browser = await launchBrowser();
    page = await signedInPage(
      browser,
      server.url,
      { email: 'iris@long-reports.test', f_name: 'Iris', l_name: 'Reed' },
      { viewport: { width: 1440, height: 900 }, errors },
    );
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site?.close();
  });

  const height = () => page.evaluate(() => document.body.scrollHeight);

  /** Each category's passed checks shown and the number its toggle offers, if it has one. */
  const passedByCategory = () =>
    page.locator('.report-category').evaluateAll((cards) =>
      cards.map((card) => ({
        shown: card.querySelectorAll('.check-passed').length,
        toggle: /Show all (\d+) passed checks/.exec(card.textContent ?? '')?.[1],
      })),
    );

  /** The checks: at most 3 passed per category until its toggle shows them all; a category folds. */
  async function expectFoldingReport(name: string, tallest: number) {
    await page.locator('.report-category').first().waitFor({ timeout: 30_000 });
    const folded = await height();
    console.info(`${name}: ${folded} px tall at 1440 px`);
    // At 1440 px the sidebar stays in the window as the reader scrolls down.
    const sidebar = page.getByRole('complementary', { name: 'Report sections' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect
      .poll(async () => {
        const box = await sidebar.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 900;
      })
      .toBe(true);
    expect((await sidebar.boundingBox())!.y).toBeGreaterThanOrEqual(64);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(folded).toBeLessThan(tallest);

    const categories = await passedByCategory();
    for (const category of categories) expect(category.shown).toBeLessThanOrEqual(3);
    const index = categories.findIndex((category) => category.toggle !== undefined);
    expect(index, 'a category with more than 3 passed checks').toBeGreaterThanOrEqual(0);
    const card = page.locator('.report-category').nth(index);
    const all = Number(categories[index]!.toggle);
    expect(all).toBeGreaterThan(3);
    await card.getByRole('button', { name: `Show all ${all} passed checks` }).click();
    await expect.poll(() => card.locator('.check-passed').count()).toBe(all);
    await card.getByRole('button', { name: 'Show fewer passed checks' }).click();
    await expect.poll(() => card.locator('.check-passed').count()).toBe(3);

    // The category's heading is its fold.
    const fold = card.locator('.report-category-fold');
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    await fold.click();
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    expect(await card.locator('.check-element').count()).toBe(0);
    const shut = await height();
    expect(shut).toBeLessThan(folded);
    await fold.click();
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => card.locator('.check-passed').count()).toBe(3);
  }

  it('crawls a small site', async () => {
    await page.goto(`${server.url}/deep-analysis`);
    await page.getByLabel('Domain').fill(DOMAIN);
    await page.getByRole('button', { name: 'Start Deep Analysis' }).click();
    await page.waitForURL(/\/deep-analysis\/setup-domain\?w_guid=/);
    w = new URL(page.url()).searchParams.get('w_guid') ?? '';
    await page.waitForURL(new RegExp(`/deep-analysis\\?w_guid=${w}`), { timeout: 120_000 });
    await untilCrawlsEnd(page);
    await page.getByText('Overall score').waitFor({ timeout: 30_000 });
  }, 240_000);

  it("shows a URL's report folded: 3 passed checks a category, categories that fold, a sidebar that follows", async () => {
    await page.getByRole('button', { name: 'Monitored URLs' }).click();
    await page.getByRole('link', { name: `http://${DOMAIN}/p/1` }).click();
    await page.waitForURL(/\/deep-analysis\/report\?w_guid=.*&url_guid=/);
    await page.getByText('URL analysis report').waitFor();
    // 23,339 px tall before its passed checks waited behind toggles; 17,155 px after.
    await expectFoldingReport('URL report', 19_000);
    await shoot('long-reports-url-report');
    await shoot('long-reports-url-report-full', { fullPage: true });
  });

  it('shows the domain report the same way, and a check named in the address unfolded', async () => {
    await page.goto(`${server.url}/deep-analysis/report?w_guid=${w}`);
    await page.getByText('Domain analysis report').waitFor();
    // 33,649 px tall before; 20,989 px after.
    await expectFoldingReport('Domain report', 25_000);
    await shoot('long-reports-domain-report');

    // A passed check past the first 3, named in the address, is shown and scrolled to.
    const toggle = page.getByRole('button', { name: /^Show all \d+ passed checks$/ }).first();
    const card = page.locator('.report-category', { has: toggle });
    await toggle.click();
    const hidden = await card.locator('.check-passed').last().getAttribute('id');
    expect(hidden).toBeTruthy();
    await page.goto(`${server.url}/deep-analysis/report?w_guid=${w}#${hidden}`);
    const check = page.locator(`[id="${hidden}"]`);
    await check.waitFor();
    await expect.poll(() => check.evaluate((e) => e.getBoundingClientRect().top)).toBeLessThan(200);
    await resizeTo(page, 1440, 900);
    expect(errors).toEqual([]);
  });
});
