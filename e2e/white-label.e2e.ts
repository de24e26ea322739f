import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type FixtureSite, startSite } from '@sitelens/engine/testing/fixture-sites';
import { pageImages, pageTexts } from '@sitelens/server/src/test/pdf';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  ROOT,
  type RunningServer,
  runCli,
  screenshotter,
  settledIn,
  startServer,
  TAKING_PICTURES,
} from './harness';
import { signedInPage } from './session';

const EMAIL = 'grace@example.test';
const SHOTS = path.join(ROOT, 'screenshots');
const HEADER = 'Agency Ltd – SEO audit for <b>Client</b>';
const FOOTER = 'Prepared by Agency Ltd · agency.example';

describe.skipIf(!hasChromium)(
  'white-label reports, from the plan warning to a revoked share link, in Chromium',
  () => {
    let site: FixtureSite;
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    const errors: string[] = [];
    const shoot = screenshotter(() => page, SHOTS);
    let shareLink = '';

    beforeAll(async () => {
      site = await startSite('well-made');
      server = await startServer({ FETCH_ALLOW_PRIVATE: site.allow });
      browser = await launchBrowser();
      // Basic: a plan without white-label reports.
      page = await signedInPage(
        browser,
        server.url,
        { email: EMAIL, f_name: 'Grace', l_name: 'Hopper' },
        { viewport: { width: 1440, height: 900 }, acceptDownloads: true, errors, plan: 'basic-monthly' },
      );
      mkdirSync(SHOTS, { recursive: true });
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await site?.close();
    });

    it('runs a checkup, whose White Label button meets the plan warning', async () => {
      await page.goto(`${server.url}/analysis`);
      await page.getByText('Perform a new checkup').waitFor();
      await page.getByLabel('Scheme', { exact: true }).click();
      await page.locator('.ant-select-item-option').getByText('http://', { exact: true }).click();
      await page.getByLabel('Your website').fill(site.origin.replace(/^https?:\/\//, ''));
      await page.getByRole('button', { name: 'Checkup your SEO' }).click();
      await page.waitForURL(/\/analysis\/report\?guid=/);
      await page.getByText('SEO score', { exact: true }).waitFor({ timeout: 90_000 });
      const whiteLabel = page
        .getByRole('button', { name: 'White Label' })
        .and(page.locator(':not([disabled])'));
      await whiteLabel.waitFor({ timeout: 30_000 });
      await whiteLabel.click();
      await page.waitForURL(/\/white-label\/reports\?report_guid=[0-9a-f-]{36}&report_url=/);
      await page.getByText('This feature is disabled for your current plan!').waitFor();
      expect(await page.getByRole('link', { name: 'upgrade' }).getAttribute('href')).toBe(
        '/subscription/plans',
      );
      await shoot('white-label-disabled');
    });

    it("switches white label on with the operator's override plan", async () => {
      const dataDir = server.dataDir;
      await server.stop({ keepData: true });
      expect(runCli(dataDir, ['user', 'override-plan', EMAIL, 'pro-monthly'])).toContain(
        `${EMAIL}: pro-monthly`,
      );
      server = await startServer({ FETCH_ALLOW_PRIVATE: site.allow }, { dataDir });
      await page.goto(`${server.url}/white-label/templates`);
      await page.getByText('Saved Templates', { exact: true }).waitFor();
      await page.getByText('You have no saved templates').waitFor();
      expect(await page.getByText('This feature is disabled for your current plan!').count()).toBe(0);
    });

    it('creates a template with a PNG logo, a header and a footer', async () => {
      await page.getByRole('button', { name: 'Create new template' }).click();
      await page.waitForURL(/\/white-label\/templates\/new$/);
      await page.getByText('PDF Brand Template').waitFor();
      // Saving without a name is refused on its field.
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.getByText('This field is required').waitFor();
      await page.getByLabel('Template name').fill('Agency');
      const logo = await sharp({
        create: { width: 360, height: 120, channels: 4, background: { r: 22, g: 119, b: 255, alpha: 1 } },
      })
        .composite([
          {
            input: Buffer.from(
              '<svg width="360" height="120"><circle cx="60" cy="60" r="40" fill="#fff"/><rect x="130" y="40" width="200" height="40" fill="#fff"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'agency.png', mimeType: 'image/png', buffer: logo });
      await page.getByAltText('Template logo').first().waitFor();
      await page.getByLabel('Header').fill(HEADER);
      await page.getByLabel('Footer').fill(FOOTER);
      await shoot('white-label-template-editor');
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.getByText('Successfully saved your template').waitFor();
      await page.waitForURL(/\/white-label\/templates$/);
      await page.getByRole('cell', { name: 'Agency', exact: true }).waitFor();
      await shoot('white-label-templates');
    });

    it('downloads the branded PDF of the saved checkup: logo, header and footer on every page', async () => {
      await page.getByRole('tab', { name: 'Generate report' }).click();
      await page.getByText('New Branded PDF Report').waitFor();
      await page.locator('.wl-template-select').click();
      await page.locator('.ant-select-item-option').getByText('Agency', { exact: true }).click();
      // The report the White Label button chose is still chosen; pick it again through the cascader.
      await page.locator('.ant-cascader').click();
      await page.locator('.ant-cascader-menu-item').getByText('127.0.0.1', { exact: true }).click();
      await page.locator('.ant-cascader-menu-item').getByText(`${site.origin}/`, { exact: true }).click();
      // The preview shows the PDF's pages as pictures (pdf.js), the same in every browser, not a frame.
      const preview = page.getByRole('region', { name: 'Report preview' });
      const firstPage = preview.getByRole('img', { name: /^Page 1 of \d+$/ });
      await firstPage.waitFor({ timeout: 30_000 });
      const count = await preview.getByRole('img').count();
      expect(count).toBeGreaterThan(2);
      await preview.getByRole('img', { name: `Page ${count} of ${count}` }).waitFor();
      // Drawn: each picture has pixels, and the box shows a page.
      const drawn = await preview
        .getByRole('img')
        .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));
      for (const width of drawn) expect(width).toBeGreaterThan(0);
      expect((await firstPage.boundingBox())!.height).toBeGreaterThan(300);
      expect(await page.locator('iframe').count()).toBe(0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^seo-report-127\.0\.0\.1-\d{4}-\d{2}-\d{2}\.pdf$/);
      const file = path.join(SHOTS, 'white-label-report.pdf');
      await download.saveAs(file);
      const pdf = readFileSync(file);
      const pages = pageTexts(pdf);
      expect(pages.length).toBeGreaterThan(2);
      for (const [index, text] of pages.entries()) {
        expect(text, `page ${index + 1}`).toContain(HEADER);
        expect(text, `page ${index + 1}`).toContain(FOOTER);
        expect(text, `page ${index + 1}`).not.toContain('Sitelens');
      }
      const images = pageImages(pdf);
      for (let number = 1; number <= pages.length; number++)
        expect(images.some((image) => image.page === number && image.height === 70)).toBe(true);
      // Pictures of the first pages, to be looked at.
      if (TAKING_PICTURES) {
        for (const old of readdirSync(SHOTS).filter((name) => name.startsWith('white-label-pdf-')))
          rmSync(path.join(SHOTS, old));
        const pictures = path.join(SHOTS, 'white-label-pdf');
        execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '3', file, pictures]);
      }
      await shoot('white-label-reports');
    });

    it('opens a share link without signing in, until it is revoked', async () => {
      await page.getByRole('button', { name: 'Share link' }).click();
      // The dialog's opening animation ends before its button is pressed (a press during it is lost).
      await page.getByText('Share a read-only link to this report').waitFor();
      await settledIn(page);
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByText('Copy this link now: it is shown only once.').waitFor();
      shareLink = await page.locator('.ant-modal input[readonly]').inputValue();
      const sharedPath = new URL(shareLink).pathname;
      expect(sharedPath).toMatch(/^\/shared\/report\/[A-Za-z0-9_-]{43}$/);
      await page.keyboard.press('Escape');

      const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const anonymous = await visitor.newPage();
      await anonymous.goto(`${server.url}${sharedPath}`);
      await anonymous.getByText(HEADER).first().waitFor();
      await anonymous.getByText(FOOTER).first().waitFor();
      await anonymous.getByText('SEO score', { exact: true }).waitFor();
      // Nothing on the page names the product (the checks' own texts included).
      const sitelens = await anonymous.getByText('Sitelens').allTextContents();
      expect(sitelens, sitelens.join(' | ')).toEqual([]);
      await screenshotter(() => anonymous, SHOTS)('white-label-shared-report', { fullPage: true });

      await page.getByRole('tab', { name: 'Delivery' }).click();
      await page.getByText('Share links').first().waitFor();
      await shoot('white-label-delivery');
      await page.getByRole('button', { name: 'Revoke' }).first().click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /Revoke|OK|Yes/ })
        .click();
      await page.locator('.ant-tag').getByText('revoked', { exact: false }).first().waitFor();

      await anonymous.reload();
      await anonymous.getByText('This report link has expired or was revoked.').waitFor();
      await visitor.close();
      expect(errors).toEqual([]);
    });
  },
);
