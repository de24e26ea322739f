import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type FixtureSite, startSite } from '@sitelens/engine/testing/fixture-sites';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  picture,
  ROOT,
  type RunningServer,
  resizeTo,
  startServer,
} from './harness';
import { signedInPage } from './session';

const EMAIL = 'katherine@example.test';
const SHOTS = path.join(ROOT, 'screenshots');

describe.skipIf(!hasChromium)('an SEO checkup, from the form to the PDF, in Chromium', () => {
  let site: FixtureSite;
  let neglected: FixtureSite;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    site = await startSite('well-made');
    neglected = await startSite('neglected');
    server = await startServer({ FETCH_ALLOW_PRIVATE: `${site.allow},${neglected.allow}` });
    browser = await launchBrowser();
    page = await signedInPage(
      browser,
      server.url,
      { email: EMAIL, f_name: 'Katherine', l_name: 'Johnson' },
      { viewport: { width: 1440, height: 900 }, acceptDownloads: true, errors },
    );
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site?.close();
    await neglected?.close();
  });

  const domainOf = (fixture: FixtureSite) => fixture.origin.replace(/^https?:\/\//, '');
  const reportComplete = async () => {
    await page.getByText('SEO score', { exact: true }).waitFor({ timeout: 90_000 });
    await page.locator('.report-summary button:not([disabled])').getByText('Download PDF').waitFor();
  };

  /** The error shown under the form field labelled `label`. */
  const fieldError = async (label: string) => {
    const item = page.locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) }).last();
    const error = item.locator('.ant-form-item-explain-error');
    await error.waitFor();
    return error.textContent();
  };
  /** Section requests (`/api/report/{guid}/{section}`) the page makes from now on. */
  const isSectionRequest = (request: Request) =>
    /^\/api\/report\/[0-9a-f-]{36}\/(?!pdf$|snapshot$)[a-z0-9-]+$/.test(new URL(request.url()).pathname);
  const watchSectionRequests = () => {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (isSectionRequest(request)) seen.push(new URL(request.url()).pathname);
    });
    return seen;
  };

  it('validates the form, then starts a checkup with a competitor', async () => {
    await page.goto(`${server.url}/analysis`);
    await page.getByText('Perform a new checkup').waitFor();
    await page.getByRole('button', { name: 'Checkup your SEO' }).click();
    await page.getByText('Provide a valid URL').first().waitFor();
    // A host with a space is refused on its field, in Chromium's URL parser too.
    await page.getByLabel('Your website').fill('exa mple.com');
    await page.getByRole('button', { name: 'Checkup your SEO' }).click();
    expect(await fieldError('Your website')).toBe('Provide a valid URL');
    await picture(page, { path: path.join(SHOTS, 'analysis-form-error-1440.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await picture(page, { path: path.join(SHOTS, 'analysis-form-error-375.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    // Every competitor row starts on https://, however many the plan allows.
    await page.getByText('Add competitors (optional)').click();
    const rows = await page.locator('[aria-label$=" scheme"]').count();
    expect(rows).toBeGreaterThan(1);
    for (let row = 1; row <= rows; row++)
      expect(
        await page.locator('.ant-select', { has: page.getByLabel(`Competitor ${row} scheme`) }).textContent(),
      ).toBe('https://');
    await page.getByText('Add competitors (optional)').click();

    await page.getByLabel('Scheme', { exact: true }).click();
    await page.locator('.ant-select-item-option').getByText('http://', { exact: true }).click();
    await page.getByLabel('Your website').fill(domainOf(site));
    await page.getByText('Add competitors (optional)').click();
    // A pasted URL keeps its own scheme, whatever the scheme select says.
    await page.getByLabel('Competitor 1', { exact: true }).fill(neglected.origin);
    await page.getByRole('button', { name: 'Checkup your SEO' }).click();
    await page.waitForURL(/\/analysis\/report\?guid=/);
  });

  it('fills in live until 100 %, then shows the score, the issues and every category', async () => {
    await page.getByText('SEO score', { exact: true }).waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Download PDF' }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('heading', { name: `${site.origin}/` }).waitFor();
    for (const title of ['Common SEO', 'Links & Crawlability', 'Server & Security', 'Core Web Vitals'])
      await page.locator('.report-category .ant-card-head-title').getByText(title, { exact: true }).waitFor();
    await page
      .locator('#meta-title')
      .getByText('Handmade Oak Tables and Chairs – Woodline Workshop')
      .first()
      .waitFor();
    // The finished report can go to the white-label screens (white-label.e2e.ts follows it there).
    const whiteLabel = page.getByRole('button', { name: 'White Label' });
    expect(await whiteLabel.isEnabled()).toBe(true);
    expect(await whiteLabel.getAttribute('title')).toBeNull();
    // The well-made page scores above the top-100 average of 75.
    await page
      .locator('.score-verdict')
      .getByText(/scores above the average of the top 100/)
      .waitFor();
    // The competitor card compares the neglected site.
    await page.locator('.report-competitors').getByText(`${neglected.origin}/`).waitFor();
    await picture(page, { path: path.join(SHOTS, 'analysis-report-1440.png'), fullPage: false });
  });

  it('jumps from "Issues to fix" to its section and opens "How to fix"', async () => {
    const fix = page.locator('.report-fixes a').first();
    const anchor = await fix.getAttribute('href');
    expect(anchor).toMatch(/^#[a-z0-9-]+$/);
    await fix.click();
    expect(new URL(page.url()).hash).toBe(anchor);
    const section = page.locator(anchor!);
    // The section comes to the top of the window, just below the sticky 64 px header.
    await page.waitForFunction((id) => {
      const top = document.querySelector(id)?.getBoundingClientRect().top ?? -1;
      return top >= 64 && top < 200;
    }, anchor!);
    await section.getByRole('button', { name: 'How to fix' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByText(/How to fix: /).waitFor();
    expect((await modal.locator('.how-to-fix').textContent())?.length).toBeGreaterThan(40);
    // The catalogue's markup survives as elements (paragraphs, code), not as escaped tags.
    expect(await modal.locator('.how-to-fix').innerHTML()).not.toContain('&lt;p&gt;');
    await modal.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    await picture(page, { path: path.join(SHOTS, 'analysis-report-how-to-fix-1440.png') });
    await modal.getByRole('button', { name: 'Close' }).click();
  });

  it('downloads the report as a PDF with the URL in it', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(file!);
    // Kept beside the screenshots, to be rendered to pictures (pdftoppm) and read page by page.
    await download.saveAs(path.join(SHOTS, 'analysis-report.pdf'));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`${site.origin}/`);
  });

  it('finds the report in the archive, and the phone layout reads well', async () => {
    await page.goto(`${server.url}/analysis`);
    const row = page.locator('.ant-table-row').filter({ hasText: `${site.origin}/` });
    await row.first().waitFor();
    // The form is ready once the structure is in: the button is enabled and done fading in.
    const submit = page.locator('button:not([disabled])', { hasText: 'Checkup your SEO' });
    await submit.waitFor();
    await submit.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
    // Each row says at what time of day it was checked.
    expect(await row.first().locator('td').first().textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/,
    );
    await picture(page, { path: path.join(SHOTS, 'analysis-1440.png'), fullPage: true });
    // On a phone the row shows the whole URL, not a clipped one.
    await resizeTo(page, 375, 812);
    const url = page.locator('.archived-report-url', { hasText: `${site.origin}/` }).first();
    await url.waitFor();
    const box = (await url.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await url.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await picture(page, { path: path.join(SHOTS, 'analysis-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A finished report opens from one request: no section is asked for, no progress ring turns.
    const sectionRequests = watchSectionRequests();
    await row.first().getByRole('link', { name: 'View report' }).click();
    await page.waitForURL(/\/analysis\/report\?guid=/);
    await reportComplete();
    expect(await page.getByLabel('Checkup progress').count()).toBe(0);
    await page.getByRole('heading', { name: `${site.origin}/` }).waitFor();
    expect(sectionRequests).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await picture(page, { path: path.join(SHOTS, 'analysis-report-375.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(errors).toEqual([]);
  });

  it('says why a loopback address was refused, and stops asking for its sections', async () => {
    await page.goto(`${server.url}/analysis`);
    const refused = 'http://127.0.0.1:9/';
    await page.getByLabel('Your website').fill(refused);
    await page.locator('button:not([disabled])', { hasText: 'Checkup your SEO' }).waitFor();
    const sectionRequests = watchSectionRequests();
    await page.getByRole('button', { name: 'Checkup your SEO' }).click();
    await page
      .getByText(
        `We did not check ${refused}: 127.0.0.1 is a loopback address; Sitelens only fetches public addresses.`,
      )
      .waitFor({ timeout: 30_000 });
    const afterMessage = sectionRequests.length;
    // The one wait for something that must not happen: no section asked for in 3 s, three times the
    // longest retry delay of a section (1 s).
    const askedAgain = await page.waitForRequest(isSectionRequest, { timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    expect(askedAgain).toBe(false);
    expect(sectionRequests.length).toBe(afterMessage);
    // At most the requests under way when the first answer came (5 lanes), not one per section.
    expect(afterMessage).toBeLessThanOrEqual(5);
    await picture(page, { path: path.join(SHOTS, 'analysis-report-refused-1440.png') });
  });

  it('reports on the neglected site: many failures, the competitor failing nothing', async () => {
    await page.goto(`${server.url}/analysis`);
    await page.getByLabel('Your website').fill(neglected.origin);
    await page.getByRole('button', { name: 'Checkup your SEO' }).click();
    await page.waitForURL(/\/analysis\/report\?guid=/);
    await reportComplete();
    await page.locator('#meta-title').getByText('The page has no title.', { exact: false }).first().waitFor();
    expect(await page.locator('.report-fixes .ant-list-item').count()).toBeGreaterThan(10);
    // The check tables are written for people: no JSON, labels such as 'LCP', units on figures.
    const checks = await page.locator('.report-category').allInnerTexts();
    expect(checks.join('\n')).not.toMatch(/[{}]|\["|\bLcp\b|\bUrl\b/);
    await page.locator('#web-vitals-lcp').getByText('Largest Contentful Paint (LCP)').first().waitFor();
    expect(await page.locator('#page-objects').innerText()).toMatch(/\d+ requests/);
    await page.locator('#page-objects').scrollIntoViewIfNeeded();
    await picture(page.locator('#page-objects'), {
      path: path.join(SHOTS, 'analysis-report-page-objects-1440.png'),
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await picture(page, { path: path.join(SHOTS, 'analysis-report-neglected-1440.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await picture(page, { path: path.join(SHOTS, 'analysis-report-neglected-375.png') });
    await page.locator('#category-images').scrollIntoViewIfNeeded();
    await picture(page, { path: path.join(SHOTS, 'analysis-report-neglected-images-375.png') });
    expect(errors).toEqual([]);
  });

  it('checks a bare address over http when its https cannot connect, and says so', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/dashboard`);
    // The fixture speaks only http on its port: https there fails its TLS handshake.
    await page.getByLabel('URL to analyze').fill(domainOf(site));
    await page.getByRole('button', { name: 'Analyze URL' }).click();
    await page.waitForURL(/\/analysis\/report\?guid=/);
    const httpUrl = `http://${domainOf(site)}/`;
    await page.getByText(`(its TLS handshake failed), so ${httpUrl} was checked instead.`).waitFor();
    await picture(page, { path: path.join(SHOTS, 'analysis-report-over-http-1440.png') });
    expect(new URL(page.url()).searchParams.get('url')).toBe(httpUrl);
    await reportComplete();
    await page.locator('.report-summary').getByText(httpUrl).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await picture(page, { path: path.join(SHOTS, 'analysis-report-over-http-375.png') });
    expect(errors).toEqual([]);
  });
});
