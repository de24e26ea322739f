import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEARCH_CONSOLE_MESSAGES, type SearchConsoleState } from '@sitelens/contracts';
import {
  type GoogleSearchRow,
  type GoogleServer,
  startGoogleServer,
} from '@sitelens/server/src/test/google-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, ROOT, type RunningServer, screenshotter, startServer } from './harness';
import { inviteInContext, joinInContext, signedInPage } from './session';

// Google Search Console in a website's settings, against a local server that speaks Google's OAuth
// 2.0 and Search Console API (apps/server/src/test/google-server.ts): the owner connects a Google
// account through the consent page and back, picks the property, the embedded worker imports it,
// Google refuses it later (reconnect), and the owner disconnects; a member sees it all without the
// controls; a server without Google says what the operator sets.

const SHOTS = path.join(ROOT, 'screenshots');
const DOMAIN = 'harbour-walks.example';
const PROPERTY = `sc-domain:${DOMAIN}`;
const UNRELATED = 'https://tide-tables.example/';
const DAYS_WITH_DATA = 20;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
/** Google's newest day: two days ago (UTC), as Google's own delay. */
const LAST_DAY = isoDay(Date.now() - 2 * 86_400_000);
const FIRST_DAY = isoDay(Date.parse(`${LAST_DAY}T00:00:00Z`) - (DAYS_WITH_DATA - 1) * 86_400_000);

/** A day of the property: two named queries and one Google hides, over the last DAYS_WITH_DATA days. */
function rowsOf(siteUrl: string, date: string): GoogleSearchRow[] {
  if (siteUrl !== PROPERTY || date < FIRST_DAY || date > LAST_DAY) return [];
  const n = Number(date.slice(8, 10));
  const row = (over: Partial<GoogleSearchRow>): GoogleSearchRow => ({
    date,
    query: 'coast path walk',
    page: `https://${DOMAIN}/`,
    country: 'gbr',
    device: 'DESKTOP',
    clicks: 1,
    impressions: 10,
    position: 3,
    ...over,
  });
  return [
    row({ clicks: n, impressions: 12 * n, position: 2.5 }),
    row({
      query: 'harbour walks',
      page: `https://${DOMAIN}/walks`,
      device: 'MOBILE',
      clicks: 2,
      impressions: 30,
    }),
    row({
      query: 'cliff path closed',
      page: `https://${DOMAIN}/notices`,
      country: 'usa',
      impressions: 8,
      position: 7,
    }),
    row({ query: null, device: 'MOBILE', clicks: 3, impressions: 9, position: 4 }),
  ];
}

describe.skipIf(!hasChromium)('Google Search Console settings, in Chromium', () => {
  let google: GoogleServer;
  let server: RunningServer;
  let bare: RunningServer;
  let browser: Browser;
  let page: Page;
  let member: BrowserContext;
  let guid = '';
  const keyFile = path.join(tmpdir(), `sitelens-e2e-sa-${process.pid}.json`);
  const errors: string[] = [];
  const shoot = screenshotter(() => page, SHOTS);
  const settings = () => `${server.url}/dashboard/settings/search-console?w_guid=${guid}`;
  const toast = (text: string) => page.locator('.ant-notification').getByText(text).first().waitFor();
  const closeToasts = async () => {
    await page.locator('.ant-notification-notice-close').evaluateAll((buttons) => {
      for (const button of buttons) (button as HTMLElement).click();
    });
    await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
  };

  /** Calls the API with the page's session, as the web app does. */
  const api = <T>(on: Page, apiPath: string, method = 'GET', body?: unknown) =>
    on.evaluate(
      async ({ apiPath, method, body }) => {
        const { access_token } = await fetch('/api/auth/refresh', { method: 'POST' }).then((r) => r.json());
        const response = await fetch(`/api${apiPath}`, {
          method,
          headers: {
            authorization: `Bearer ${access_token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: await response.json().catch(() => null) };
      },
      { apiPath, method, body },
    ) as Promise<{ status: number; body: T }>;

  beforeAll(async () => {
    google = await startGoogleServer({
      properties: [{ siteUrl: PROPERTY }, { siteUrl: UNRELATED, permissionLevel: 'siteFullUser' }],
      rows: rowsOf,
      lastDay: LAST_DAY,
    });
    writeFileSync(keyFile, JSON.stringify(google.serviceAccountKey));
    [server, bare] = await Promise.all([
      startServer({
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_SERVICE_ACCOUNT_FILE: keyFile,
        GOOGLE_API_URL: google.url,
        GOOGLE_OAUTH_URL: google.url,
      }),
      startServer(),
    ]);
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
    page = await signedInPage(
      browser,
      server.url,
      { email: 'morwenna@harbour.test', f_name: 'Morwenna', l_name: 'Trewin' },
      { viewport: { width: 1440, height: 900 }, errors },
    );
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const created = await api<{ guid: string }>(page, '/website-index', 'POST', {
      domain: DOMAIN,
      homepage_url: `https://${DOMAIN}/`,
    });
    expect(created.status).toBe(201);
    guid = created.body.guid;
    // A member of the team: sees the connection, not its controls.
    member = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const invitation = await inviteInContext(
      page.context(),
      server.url,
      'jory@harbour.test',
      server.mailLinks,
    );
    await joinInContext(member, server.url, invitation, { f_name: 'Jory', l_name: 'Pascoe' });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), bare?.stop()]);
    await google?.close();
    rmSync(keyFile, { force: true });
  });

  it('the server offers both ways, and the redirect URI is the address the browser uses', async () => {
    const state = await api<SearchConsoleState>(page, `/search-console/${guid}`);
    expect(state.body).toMatchObject({
      available: { oauth: true, service_account: true },
      redirect_uri: `${server.url}/api/search-console/oauth/callback`,
      connection: null,
    });
    await page.goto(settings());
    await page.getByText(/Google’s own figures, free, for the last 16 months/).waitFor();
    await page.getByText(`Google redirects to ${server.url}/api/search-console/oauth/callback`).waitFor();
    await page.getByRole('button', { name: 'Use the service account' }).waitFor();
    await shoot('settings-search-console-not-connected');
    expect(errors).toEqual([]);
  });

  it('connects a Google account through its consent page, imports the property, and disconnects deleting the figures', async () => {
    await page.getByRole('button', { name: 'Connect a Google account' }).click();
    // Google's consent page answers at once, back through the server's callback to the settings.
    await page.waitForURL((url) => url.searchParams.get('search_console') === 'connected');
    await toast('Google Search Console connected.');
    // Said once, then out of the address: a reload says nothing again.
    await page.waitForURL(settings());
    expect(google.requests.some((r) => r.path === '/o/oauth2/v2/auth')).toBe(true);

    const suggested = page.getByRole('radio', { name: new RegExp(PROPERTY) });
    await suggested.waitFor();
    expect(await suggested.isChecked()).toBe(true);
    const unrelated = page.locator('.search-console-property', { hasText: UNRELATED });
    await unrelated.getByText(`does not cover ${DOMAIN}`).waitFor();
    const listed = await page.locator('.search-console-property-url').allTextContents();
    expect(listed).toEqual([PROPERTY, UNRELATED]);
    await shoot('settings-search-console-properties');

    await page.getByRole('button', { name: 'Import this property' }).click();
    await toast(`Importing ${PROPERTY} from Google.`);
    // Shown until the section asks again, 5 s later.
    await page.getByText('Importing from Google…', { exact: true }).waitFor();
    await shoot('settings-search-console-importing');
    // The embedded worker imports it; the section asks every 5 s while it runs.
    const imported = page.getByText(
      // Google's last days, still revised, are the ones from 4 days ago up to yesterday that it has.
      new RegExp(`^${DAYS_WITH_DATA} days imported \\(.+ – .+\\), 3 of them still being revised by Google$`),
    );
    await imported.waitFor({ timeout: 90_000 });
    await page.getByText(/^Last import \w{3} \d\d, \d{4} at \d\d:\d\d$/).waitFor();
    expect(await page.locator('.search-console-details').textContent()).toContain('Google account');
    await shoot('settings-search-console-imported');

    // What was imported reads back as Google's figures, the hidden queries counted apart.
    const performance = await api<{
      totals: { clicks: number };
      queries: { query: string }[];
      anonymized: { clicks: number };
    }>(page, `/search-console/${guid}/performance?start_date=${FIRST_DAY}&end_date=${LAST_DAY}`);
    expect(performance.status).toBe(200);
    expect(performance.body.anonymized.clicks).toBe(3 * DAYS_WITH_DATA);
    expect(performance.body.queries.map((q) => q.query).sort()).toEqual([
      'cliff path closed',
      'coast path walk',
      'harbour walks',
    ]);

    // A member sees the property and its import, and no control.
    const memberPage = await member.newPage();
    await memberPage.goto(settings());
    const memberCard = memberPage.locator('.search-console');
    await memberCard.getByText(new RegExp(`^${DAYS_WITH_DATA} days imported`)).waitFor();
    expect(await memberCard.getByRole('button').count()).toBe(0);
    const refused = await api(memberPage, `/search-console/${guid}`, 'DELETE');
    expect(refused.status).toBe(403);
    await memberPage.close();

    await page.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Disconnect Google Search Console?').waitFor();
    await dialog.getByRole('checkbox', { name: 'Also delete the imported figures' }).check();
    await shoot('settings-search-console-disconnect');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await toast('Google Search Console disconnected and its imported figures deleted.');
    await page.getByRole('button', { name: 'Connect a Google account' }).waitFor();
    expect(google.requests.some((r) => r.path === '/revoke')).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);

  it('says when Google refuses the property, offers to reconnect or pick another, and lists what is left', async () => {
    await page.goto(settings());
    await page.getByRole('button', { name: 'Connect a Google account' }).click();
    await toast('Google Search Console connected.');
    // The figures went with the last disconnect: nothing is stored for the website any more.
    const state = await api<SearchConsoleState>(page, `/search-console/${guid}`);
    expect(state.body.connection).toMatchObject({ status: 'choose_property', import: { days_imported: 0 } });
    await page.getByRole('button', { name: 'Import this property' }).click();
    await page.getByText(/^\d+ days imported/).waitFor({ timeout: 90_000 });

    // The Google account loses the property; the next import (after a new consent) is refused.
    google.removePermission(PROPERTY);
    const consent = await api<{ authorization_url: string }>(
      page,
      `/search-console/${guid}/oauth/start`,
      'POST',
    );
    await page.goto(consent.body.authorization_url);
    await toast('Google Search Console connected.');
    const problem = page.getByText(SEARCH_CONSOLE_MESSAGES.permissionLost(PROPERTY));
    await problem.waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Reconnect' }).waitFor();
    // The consent's own "connected" toast is over: the picture shows what the owner reads next.
    await closeToasts();
    await shoot('settings-search-console-reconnect');

    await page.getByRole('button', { name: 'Pick another property' }).click();
    const left = page.getByRole('radio', { name: new RegExp(UNRELATED) });
    await left.waitFor();
    expect(await page.locator('.search-console-property-url').allTextContents()).toEqual([UNRELATED]);
    expect(await left.isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: 'Import this property' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await problem.waitFor();

    const memberPage = await member.newPage();
    await memberPage.goto(settings());
    await memberPage.getByText('Only the team owner can reconnect Google Search Console.').waitFor();
    expect(await memberPage.locator('.search-console').getByRole('button').count()).toBe(0);
    await memberPage.close();
    expect(errors).toEqual([]);
  }, 240_000);

  it('a refused consent is said in the product’s words', async () => {
    // Another consent, whose page the owner leaves without giving the permission.
    google.denyConsent();
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await page.getByText(SEARCH_CONSOLE_MESSAGES.consentRefused).waitFor();
    await page.waitForURL(settings());
    expect(errors).toEqual([]);
  });

  it('without Google configured, says what the operator sets', async () => {
    const other = await signedInPage(
      browser,
      bare.url,
      { email: 'ned@harbour.test', f_name: 'Ned', l_name: 'Source' },
      { viewport: { width: 1440, height: 900 }, errors },
    );
    await other.goto(`${bare.url}/dashboard`);
    await other.getByRole('heading', { level: 1 }).waitFor();
    const created = await api<{ guid: string }>(other, '/website-index', 'POST', {
      domain: DOMAIN,
      homepage_url: `https://${DOMAIN}/`,
    });
    await other.goto(`${bare.url}/dashboard/settings/search-console?w_guid=${created.body.guid}`);
    await other.getByText(SEARCH_CONSOLE_MESSAGES.notConfigured).waitFor();
    expect(await other.locator('.search-console').getByRole('button').count()).toBe(0);
    page = other;
    await shoot('settings-search-console-not-configured');
    await other.context().close();
    expect(errors).toEqual([]);
  });
});
