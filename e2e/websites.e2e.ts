import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FixtureSite, startSite } from '@sitelens/engine/testing/fixture-sites';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTo,
  expectNoSidewaysScroll,
  freshDataDir,
  hasChromium,
  launchBrowser,
  picture,
  ROOT,
  type RunningServer,
  resizeTo,
  runCli,
  screenshotter,
  settledIn,
  startServer,
} from './harness';
import { signedInPage } from './session';

const EMAIL = 'grace@woodline.test';
const SHOTS = path.join(ROOT, 'screenshots');
/** The fixture shops, reached under real domain names through FETCH_CONNECT_TO. */
const SHOP = 'woodline-workshop.co.uk';
const SECOND = 'oak-and-ash.de';

/** The plan catalogue with Pro limited to 2 tracked websites, so the third meets the limit. */
function twoWebsiteCatalogue(dir: string): string {
  const catalogue = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/plans/catalogue.json'), 'utf8')) as {
    plans: { code: string; settings: Record<string, unknown> }[];
  };
  for (const plan of catalogue.plans) if (plan.code === 'pro-monthly') plan.settings.max_tracked_websites = 2;
  const file = path.join(dir, 'catalogue.json');
  writeFileSync(file, JSON.stringify(catalogue));
  return file;
}

describe.skipIf(!hasChromium)(
  'tracked websites: the wizards, the dashboard and the settings, in Chromium',
  () => {
    let shop: FixtureSite;
    let second: FixtureSite;
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    const errors: string[] = [];

    const shoot = screenshotter(() => page, SHOTS);
    const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();

    beforeAll(async () => {
      shop = await startSite('well-made', undefined, `http://${SHOP}`);
      second = await startSite('neglected', undefined, `http://${SECOND}`);
      const dataDir = freshDataDir();
      runCli(dataDir, ['plans', 'import', twoWebsiteCatalogue(dataDir)]);
      server = await startServer(
        { FETCH_CONNECT_TO: `${connectTo(SHOP, shop.port)},${connectTo(SECOND, second.port)}` },
        { dataDir },
      );
      browser = await launchBrowser();
      page = await signedInPage(
        browser,
        server.url,
        { email: EMAIL, f_name: 'Grace', l_name: 'Hopper' },
        { viewport: { width: 1440, height: 900 }, errors },
      );
      mkdirSync(SHOTS, { recursive: true });
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await shop?.close();
      await second?.close();
    });

    it('sets the account up: the domain, what the setup found, the market, competitors, keywords, regions', async () => {
      await page.goto(`${server.url}/user/account/setup`);
      await page.getByRole('heading', { name: 'Welcome to Your SEO Toolbox!' }).waitFor();
      await shoot('wizard-website');

      await page.getByLabel('Domain').fill('not a domain');
      await next();
      await page.getByText('Invalid domain').waitFor();
      await page.getByLabel('Domain').fill(`https://www.${SHOP}/`);
      await page.getByLabel('Domain').press('Enter');
      await page.getByText(`Setting up ${SHOP}`).waitFor();
      await shoot('wizard-setting-up');

      // The setup fell back to plain http, found the sitemap in robots.txt and read the market.
      await page.getByText(`${SHOP} answers at http://${SHOP}/`).waitFor({ timeout: 60_000 });
      await page.getByText(`http://${SHOP}/sitemap.xml`).waitFor();
      await page.locator('.ant-select').filter({ hasText: 'United Kingdom' }).waitFor();
      await page.locator('.ant-select').filter({ hasText: 'English' }).waitFor();
      await shoot('wizard-location');
      await next();

      // No SEO data provider here: the step says so and takes the user's own competitors.
      await page.getByText(/need an SEO data provider/).waitFor();
      await page.getByRole('button', { name: 'Add competitor' }).click();
      await page.getByLabel('Competitor 1', { exact: true }).fill('not a url');
      await next();
      await page.getByText('Provide a valid URL').waitFor();
      await page.getByLabel('Competitor 1', { exact: true }).fill(SECOND);
      await shoot('wizard-competitors');
      await next();

      await page.getByLabel('Keywords to track').fill('oak tables, handmade chairs');
      await shoot('wizard-keywords');
      await next();

      await page.getByLabel('Primary region').waitFor();
      await shoot('wizard-regions');
      await page.getByRole('button', { name: 'Finish' }).click();
      await page.waitForURL(/\/dashboard\?w_guid=/, { timeout: 60_000 });
    });

    it('lands on the dashboard with the website tab, then its first checkup score', async () => {
      await page.locator('.website-tabs').getByText(SHOP).waitFor();
      await page.getByText(`We are analyzing ${SHOP}`).waitFor();
      // The first checkup runs in the background; the dashboard polls every 30 s until its score is in.
      const score = page.locator('.summary-card [aria-label^="SEO score"]');
      await score.waitFor({ timeout: 150_000 });
      expect(Number((await score.getAttribute('aria-label'))?.replace('SEO score ', ''))).toBeGreaterThan(50);
      await page.getByText(`We are analyzing ${SHOP}`).waitFor({ state: 'detached' });
      await page.locator('.dashboard-score-progress .recharts-surface').first().waitFor();
      await page.locator('.dashboard-fixes .ant-list-item').first().waitFor();
      // No probe runs in this test: the loading time and outage tiles say so instead of a number.
      await page
        .locator('.summary-card')
        .getByText('US East (N. Virginia): no probe in this region')
        .waitFor();
      await page.locator('.summary-card').getByText('Not measured: no probe in this region').waitFor();
      const api = await page.evaluate(async () => {
        const token = await fetch('/api/auth/refresh', { method: 'POST' }).then((r) => r.json());
        return fetch('/api/website-index', {
          headers: { authorization: `Bearer ${token.access_token}` },
        }).then((r) => r.json());
      });
      expect(api[0]).toMatchObject({
        domain: SHOP,
        homepage_url: `http://${SHOP}/`,
        sitemap_urls: [`http://${SHOP}/sitemap.xml`],
        keywords: ['oak tables', 'handmade chairs'],
        settings: {
          location_name: 'United Kingdom',
          language_code: 'en',
          competitors: [`https://${SECOND}/`],
        },
      });
      await shoot('dashboard-website');
    }, 200_000);

    it('adds a second website through the modal, then meets the limit of 2 at the third', async () => {
      await page.getByRole('button', { name: 'Track new website' }).hover();
      await page.getByRole('tooltip').getByText('Track new website').waitFor();
      await page.getByRole('button', { name: 'Track new website' }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: 'Add new website' });
      await modal.getByLabel('Domain').fill(SECOND);
      await shoot('add-website-modal');
      // A click outside does not close it.
      await page.mouse.click(10, 10);
      await modal.getByLabel('Domain').waitFor();
      await modal.getByRole('button', { name: 'Next', exact: true }).click();
      await modal.getByText(`${SECOND} answers at http://${SECOND}/`).waitFor({ timeout: 60_000 });
      for (let step = 0; step < 3; step++)
        await modal.getByRole('button', { name: 'Next', exact: true }).click();
      await modal.getByRole('button', { name: 'Finish' }).click();
      await modal.waitFor({ state: 'hidden', timeout: 60_000 });
      await page.locator('.website-tabs .ant-tabs-tab-active').getByText(SECOND).waitFor();

      await page.getByRole('button', { name: 'Track new website' }).click();
      await modal.getByText("Looks like you've hit your domain limit!").waitFor();
      await modal.getByRole('link', { name: 'Upgrade your plan' }).waitFor();
      expect(await modal.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
      await shoot('add-website-limit');
      await modal.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    });

    /**
     * Picks an option of an Ant Design select by its label (typing first into a searchable one),
     * then waits until no dropdown is left open or fading out, so the next select starts clean.
     */
    const choose = async (label: string, option: string, search = false) => {
      await page.getByLabel(label, { exact: true }).click();
      if (search) await page.getByLabel(label, { exact: true }).fill(option);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .getByText(option, { exact: true })
        .click();
      // A multiple select stays open after a choice: Escape closes it.
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    };
    const toast = (text: string) =>
      page.locator('.ant-message, .ant-notification').getByText(text).first().waitFor();
    const websitesNow = () =>
      page.evaluate(async () => {
        const token = await fetch('/api/auth/refresh', { method: 'POST' }).then((r) => r.json());
        return fetch('/api/website-index', {
          headers: { authorization: `Bearer ${token.access_token}` },
        }).then(
          (r) => r.json() as Promise<{ guid: string; domain: string; settings: Record<string, unknown> }[]>,
        );
      });

    it('changes competitors, regions and location in the settings', async () => {
      await page.locator('.website-tabs').getByText(SHOP).click();
      await page.getByRole('button', { name: `Settings of ${SHOP}` }).click();
      await page.getByRole('menuitem', { name: 'Competitors' }).click();
      await page.waitForURL(/\/dashboard\/settings\/competitors\?w_guid=/);
      await page.locator('.settings-card').getByText(`https://${SECOND}`).waitFor();

      await page.getByLabel('Competitor URL').fill(SECOND);
      await page.getByRole('button', { name: 'Add competitor' }).click();
      await page.getByText('This competitor is already added to your list!').waitFor();
      await page.getByLabel('Competitor URL').fill('rival-furniture.com');
      await page.getByRole('button', { name: 'Add competitor' }).click();
      await toast('Competitors saved.');
      await page.locator('.settings-card').getByText('https://rival-furniture.com').waitFor();
      await shoot('settings-competitors');

      await page.getByRole('tab', { name: 'Monitor locations' }).click();
      await choose('Primary region', 'Europe (London)');
      await choose('Additional regions', 'Europe (Frankfurt)');
      await page.getByRole('button', { name: 'Save' }).click();
      await toast('Monitoring regions saved.');
      await shoot('settings-monitor-locations');

      await page.getByRole('tab', { name: 'Regional database' }).click();
      expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
      await choose('Location', 'Ireland', true);
      // A new country starts with its first language: Irish for Ireland.
      await page.locator('.ant-select').filter({ hasText: 'Irish' }).waitFor();
      await page.getByRole('button', { name: 'Apply' }).click();
      await toast('Location and language saved.');
      await shoot('settings-regional-database');

      await page.getByRole('tab', { name: 'Keywords' }).click();
      await page.locator('.settings-card').getByText('handmade chairs').waitFor();
      await shoot('settings-keywords');
      await page.getByRole('tab', { name: 'Uptime Notifications' }).click();
      await page.getByText(/20 s/).first().waitFor();
      await shoot('settings-notifications');

      const shop = (await websitesNow()).find((w) => w.domain === SHOP)!;
      expect(shop.settings).toMatchObject({
        competitors: [`https://${SECOND}/`, 'https://rival-furniture.com/'],
        regions: ['eu-west-2', 'eu-central-1'],
        location_name: 'Ireland',
        language_code: 'ga',
      });
    }, 120_000);

    it('removes a website after a confirmation that names it, and its tab is gone', async () => {
      await page.getByLabel('Website', { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(SECOND).click();
      await page.getByRole('tab', { name: 'Remove Domain/Website' }).click();
      await page.getByRole('button', { name: `Remove ${SECOND}` }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: `Remove ${SECOND}?` });
      await dialog.getByText(/its tracked keywords/).waitFor();
      await shoot('settings-remove-url');
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.waitForURL(/\/dashboard(\?|$)/);
      await page.locator('.website-tabs').getByText(SHOP).waitFor();
      await page.getByText(`${SECOND} was removed.`).waitFor();
      // Still on the dashboard once the list is refreshed, not on "Remove {the next website}".
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      expect(await page.getByRole('button', { name: `Remove ${SHOP}` }).count()).toBe(0);
      expect(await page.locator('.website-tabs').getByText(SECOND).count()).toBe(0);
      expect((await websitesNow()).map((w) => w.domain)).toEqual([SHOP]);
      expect(errors).toEqual([]);
    });
  },
);

describe.skipIf(!hasChromium)('a new user who has no website yet, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await signedInPage(
      browser,
      server.url,
      { email: 'lin@example.test', f_name: 'Lin', l_name: 'Chen' },
      { viewport: { width: 1440, height: 900 } },
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sees the welcome card and the tools, opens the onboarding, and skips it', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByText('Welcome, Lin Chen').waitFor();
    await page
      .locator('.tool-tiles')
      .getByRole('link', { name: /SEO Checkup/ })
      .waitFor();
    await picture(page, { path: path.join(SHOTS, 'dashboard-empty-1440.png'), fullPage: true });
    await resizeTo(page, 375, 812);
    await picture(page, { path: path.join(SHOTS, 'dashboard-empty-375.png'), fullPage: true });
    await expectNoSidewaysScroll(page, 'the empty dashboard at 375 px');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Setup your account' }).click();
    await page.getByText('Welcome on board!').waitFor();
    await settledIn(page);
    await picture(page, { path: path.join(SHOTS, 'onboarding-start-1440.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await settledIn(page);
    await picture(page, { path: path.join(SHOTS, 'onboarding-start-375.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: "Let's Start" }).click();
    await page.getByLabel('Domain').waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByText('Welcome on board!').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
