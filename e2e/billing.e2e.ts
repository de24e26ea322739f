import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { formatDate } from '@sitelens/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSidewaysScroll,
  giveReason,
  hasChromium,
  launchBrowser,
  openUserMenu,
  picture,
  ROOT,
  type RunningServer,
  resizeTo,
  runCli,
  settledIn,
  startServer,
} from './harness';
import { fillCard } from './payment';
import { signedInPage } from './session';

const EMAIL = 'grace@example.test';
const SHOTS = path.join(ROOT, 'screenshots');
const DAY_MS = 86_400_000;

describe.skipIf(!hasChromium)('a subscription, from free trial to expiry, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    server = await startServer({ CONTACT_EMAIL: 'sales@example.test' });
    browser = await launchBrowser();
    page = await signedInPage(
      browser,
      server.url,
      { email: EMAIL, f_name: 'Grace', l_name: 'Hopper' },
      { viewport: { width: 1280, height: 900 }, acceptDownloads: true, trial: false, errors },
    );
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const toast = (text: string) => page.locator('.ant-notification').getByText(text).first().waitFor();
  /** Waits for the finite animations (tabs, fades) to end, so a picture shows the settled page. */
  const settled = () => settledIn(page);

  it('serves the first load with a loading indicator in the page itself', async () => {
    // The page as served, before any script runs: index.html's own spinner.
    const served = await (await fetch(`${server.url}/free-trial-setup`)).text();
    expect(served).toMatch(/<div id="root">\s*<div class="boot-loading" role="status" aria-label="Loading">/);
  });

  it('sends a user without a plan to the free trial, which says payments are sandboxed', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: '7-Day Full Service Free Trial' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/free-trial-setup');
    await page.getByText('Payments are sandboxed: no money moves.').waitFor();
    await page.getByText('sales@example.test').waitFor();
    for (const brand of ['Visa', 'MasterCard', 'American Express', 'JCB', 'Discover', 'Diners Club'])
      await page.locator('.accepted-cards').getByText(brand, { exact: true }).waitFor();
    // The default monthly plan is preselected.
    expect(await page.locator('.plan-summary').textContent()).toContain('Pro');
  });

  it('checks the card form, refuses a declined card, then starts the trial with the success card', async () => {
    await page.getByRole('button', { name: 'Start free trial' }).click();
    for (const message of [
      'Invalid name',
      'Invalid card number',
      'Invalid expiration date',
      'Invalid CVV',
      'Invalid ZIP code',
      'You must agree with our terms of service!',
    ])
      await page.getByText(message).first().waitFor();

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await toast('Your card was declined.');

    await page.locator('.payment-form').getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.getByRole('heading', { name: 'Welcome to Your SEO Toolbox!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/account/setup');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByText('Welcome, Grace Hopper').waitFor();
    expect(await page.getByTestId('sidebar-user').textContent()).toContain('Pro');
    // The sidebar says the account is in trial, and until when (the trial lasts 7 days).
    const trialEnd = formatDate(Date.now() + 7 * DAY_MS);
    expect(await page.getByTestId('sidebar-trial').textContent()).toBe(`Trial until ${trialEnd}`);
  });

  it('switches plan from the plans page', async () => {
    await page.getByRole('link', { name: 'See all plans' }).click();
    await page.getByRole('heading', { name: 'Select your plan' }).waitFor();
    await page.getByText('BEST CHOICE').waitFor();
    const current = page.getByTestId('plan-pro-monthly');
    await current.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.getByText('Yearly (save 10%)').click();
    await page.getByTestId('plan-pro-yearly').getByText('10% discount').waitFor();
    // Prices have thousands separators: Professional yearly is $1,295.89 a year.
    await page.getByTestId('plan-professional-yearly').getByText('10% discount: $1,295.89 a year').waitFor();
    await page.getByText('Monthly', { exact: true }).click();
    await page.getByTestId('plan-professional-monthly').getByRole('button', { name: 'Update' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Update' }).click();
    await toast('Your plan is now Professional (monthly).');
    await page.getByTestId('plan-professional-monthly').getByRole('button', { name: 'Cancel' }).waitFor();
    // The top plan has no upgrade prompt.
    expect(await page.locator('.upgrade-prompt').count()).toBe(0);
  });

  it("shows the owner's billing during the trial, at 1440 and 375 px", async () => {
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    const status = page.getByTestId('subscription-status');
    await status
      .getByText(/^Free trial until \w{3} \d{2}, \d{4}; the first payment is on that day\.$/)
      .waitFor();
    await status.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.getByText('$0.00').first().waitFor();
    // Earlier toasts would cover the page in the pictures. They also close by themselves after a few
    // seconds, so each is closed while it is still there (a list taken first may name a gone one).
    const closeToast = page.locator('.ant-notification-notice-close').first();
    while ((await closeToast.count()) > 0) await closeToast.click({ timeout: 5_000 }).catch(() => undefined);
    await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await settled();
    await picture(page, { path: path.join(SHOTS, 'billing-trial-1440.png'), fullPage: true });
    await resizeTo(page, 375, 812);
    await settled();
    await picture(page, { path: path.join(SHOTS, 'billing-trial-375.png'), fullPage: true });
    await expectNoSidewaysScroll(page, 'the billing page at 375 px');
    // On a phone the sidebar is a drawer; it says the same about the trial.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('.sidebar-drawer');
    await drawer.getByTestId('sidebar-trial').waitFor();
    await settled();
    await picture(page, { path: path.join(SHOTS, 'billing-trial-drawer-375.png') });
    await page.keyboard.press('Escape');
    await drawer.getByTestId('sidebar-trial').waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('updates the payment method with a card that asks for 3-D Secure', async () => {
    await page.getByRole('tab', { name: 'Payment method' }).click();
    await page.getByText('•••• 1111').waitFor();
    await fillCard(page, '4000 0000 0000 3220', { terms: false });
    await page.getByRole('button', { name: 'Save payment method' }).click();
    await page.getByText('Your bank requires authentication using 3D Secure').waitFor();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await toast('Your payment method was successfully updated!');
    await page.getByText('•••• 3220').waitFor();
  });

  it('downloads an invoice as a PDF', async () => {
    await page.getByRole('tab', { name: 'Billing info' }).click();
    const button = page.getByRole('button', { name: /^Download invoice/ }).first();
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/^sitelens-invoice-\d+\.pdf$/);
  });

  it('cancels with a reason; the plan stays active until the period ends', async () => {
    await page.locator('[data-testid="subscription-status"]').getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Cancel subscription' });
    expect(await confirm.isDisabled()).toBe(true);
    await giveReason(page, dialog, 'It is too costly', 'Budget cuts this year.');
    await confirm.click();
    await page.getByText('Professional (monthly): canceled').waitFor();
    await page.getByText(/Your plan stays active until/).waitFor();
  });

  it('when the period ends, the daily job expires it and the guard sends the owner to the plans', async () => {
    // The test moves the subscription's end into the past in the product's own database, runs the
    // daily billing cycle from the CLI, and starts the product again on the same data.
    await server.stop({ keepData: true });
    const database = new PGlite(server.dataDir);
    await database.query(
      `update subscriptions set current_period_ends_at = now() - interval '1 minute',
         trial_ends_at = now() - interval '1 minute'`,
    );
    await database.close();
    expect(runCli(server.dataDir, ['billing-cycle'])).toContain('expired 1');
    server = await startServer({}, { dataDir: server.dataDir });

    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Select your plan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscription/plans');
    await page.getByText('Your Professional (monthly) plan has expired.').waitFor();
    // Without a running subscription every plan leads to checkout.
    await page.getByTestId('plan-pro-monthly').getByRole('button', { name: 'Choose Pro' }).click();
    await page.getByRole('heading', { name: 'Review & Confirm your Plan' }).waitFor();
    expect(errors).toEqual([]);
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });
});
