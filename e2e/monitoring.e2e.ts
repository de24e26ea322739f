import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTo,
  expectNoSidewaysScroll,
  hasChromium,
  launchBrowser,
  picture,
  ROOT,
  type RunningServer,
  reloadUntil,
  screenshotter,
  startServer,
} from './harness';
import { signedInPage } from './session';

const SHOTS = path.join(ROOT, 'screenshots');
const SITE = 'lighthouse-keepers.org';
const ALERTS = `alerts@${SITE}`;
const PAGE = `<!doctype html><html><head><title>Lighthouse keepers</title><link rel="stylesheet" href="/site.css"></head>
<body><h1>Lighthouse keepers</h1><p>Every light on the coast, and who kept it.</p><img src="/lamp.png" alt="A lamp"></body></html>`;

/** The monitored site: it can stop answering (its port closed) and come back on the same port. */
function monitoredSite() {
  const server = http.createServer((request, response) => {
    if (request.url === '/site.css')
      response.writeHead(200, { 'content-type': 'text/css' }).end('h1{color:#036}'.repeat(200));
    else if (request.url === '/lamp.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(8_000, 1));
    else response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  let port = 0;
  return {
    port: () => port,
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A webhook receiver: what a team's own alerting endpoint gets. */
function webhookReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  return {
    received,
    events: () => received.map((r) => JSON.parse(r.body).event as string),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/sitelens`,
    host: () => `127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!hasChromium)(
  'Monitoring: notifications, site speed, site outage and the dashboard, in Chromium',
  () => {
    const site = monitoredSite();
    const receiver = webhookReceiver();
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let w = '';
    let secret = '';
    const errors: string[] = [];
    const shoot = screenshotter(() => page, SHOTS);

    beforeAll(async () => {
      await site.start();
      await receiver.start();
      server = await startServer({
        FETCH_CONNECT_TO: connectTo(SITE, site.port()),
        FETCH_ALLOW_PRIVATE: receiver.host(),
        // The embedded probe checks this fixture every 5 s and loads its page every minute.
        PROBE_REGIONS: 'us-east-1',
        MONITOR_UPTIME_SECONDS: '5',
        MONITOR_SPEED_MINUTES: '1',
      });
      browser = await launchBrowser();
      page = await signedInPage(
        browser,
        server.url,
        { email: 'grace@lighthouse-keepers.org', f_name: 'Grace', l_name: 'Darling' },
        { viewport: { width: 1440, height: 900 }, errors },
      );
      mkdirSync(SHOTS, { recursive: true });
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await site.stop().catch(() => {});
      await receiver.close();
    });

    it('adds an e-mail channel that waits for its link, and a signed webhook channel a test reaches', async () => {
      // A tracked website, as Deep Analysis's form creates it.
      await page.goto(`${server.url}/deep-analysis`);
      await page.getByLabel('Domain').fill(SITE);
      await page.getByRole('button', { name: 'Start Deep Analysis' }).click();
      await page.waitForURL(/w_guid=/, { timeout: 60_000 });
      w = new URL(page.url()).searchParams.get('w_guid') ?? '';

      // Monitored from a primary region, which the embedded probe serves.
      await page.goto(`${server.url}/dashboard/settings/monitor-locations?w_guid=${w}`);
      await page.getByLabel('Primary region').click();
      await page.getByTitle('US East (N. Virginia)').click();
      await page.locator('.settings-card').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Monitoring regions saved.').waitFor();

      await page.goto(`${server.url}/dashboard/settings/notifications?w_guid=${w}`);
      const card = page.locator('.notification-channels');
      await card.getByText('No notification channels yet', { exact: false }).waitFor();
      const address = card.getByLabel('Address');
      await address.fill('not an address');
      await card.getByRole('button', { name: 'Add channel' }).click();
      await card.getByText('Please enter a valid email').waitFor();
      await address.fill(ALERTS);
      await card.getByRole('button', { name: 'Add channel' }).click();
      // The channel's row (the message that a link was sent names the address too).
      await card.locator('.notification-target', { hasText: ALERTS }).waitFor();
      // Anyone's address could be typed: it gets nothing, not even a test, until it follows its link.
      await card.getByText(`We sent a confirmation link to ${ALERTS}.`, { exact: false }).waitFor();
      const email = card.locator('.notification-channel', { hasText: ALERTS });
      await email.getByText('Waiting for confirmation').waitFor();
      expect(await email.getByRole('button', { name: 'Send test' }).count()).toBe(0);
      await email.getByRole('button', { name: 'Send the link again' }).waitFor();

      await card.getByLabel('Channel').click();
      await page.getByTitle('Webhook').click();
      await address.fill(receiver.url());
      await card.getByRole('button', { name: 'Add channel' }).click();
      await card.getByText(receiver.url()).waitFor();
      secret = ((await card.locator('code').filter({ hasText: 'whsec_' }).textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_/);

      const webhook = card.locator('.notification-channel', { hasText: receiver.url() });
      await webhook.getByRole('button', { name: 'Send test' }).click();
      await page.getByText('Test notification sent.').waitFor();
      await expect.poll(() => receiver.events()).toEqual(['test']);
      await webhook.getByText(/^Sent /).waitFor();
      expect(await webhook.getByText('Waiting for confirmation').count()).toBe(0);
      // A webhook needs no link: the note about the e-mail's stays.
      await card.getByText(`We sent a confirmation link to ${ALERTS}.`, { exact: false }).waitFor();
      await shoot('notification-channels', { fullPage: true });

      // The owner asks for the link again: the first one stops working.
      const [first] = server.mailLinks(ALERTS);
      expect(first).toMatch(/\/confirm-notifications\//);
      await email.getByRole('button', { name: 'Send the link again' }).click();
      await expect.poll(() => server.mailLinks(ALERTS)[0]).not.toBe(first);
      const [link] = server.mailLinks(ALERTS);
      // The mail's links name the product's public address; the page is the same on this one.
      const here = (mailed: string) => `${server.url}${new URL(mailed).pathname}`;

      // The address's reader follows the link in a browser of their own, without an account.
      const reader = await browser.newPage({ viewport: { width: 375, height: 812 } });
      reader.on('pageerror', (error) => errors.push(String(error)));
      await reader.goto(here(first!));
      await reader.getByRole('heading', { level: 1, name: 'This link no longer works' }).waitFor();
      await reader.goto(here(link!));
      await reader.getByRole('heading', { level: 1, name: 'Address confirmed' }).waitFor();
      await reader
        .getByText(`${ALERTS} now receives the outage notifications of `, { exact: false })
        .waitFor();
      await expectNoSidewaysScroll(reader, 'the confirmation page at 375 px');
      await picture(reader, { path: path.join(SHOTS, 'notification-confirmed-375.png') });
      await reader.goto(here(link!));
      await reader.getByRole('heading', { level: 1, name: 'This link no longer works' }).waitFor();
      await reader.close();

      await page.reload();
      await email.getByText(/^Nothing sent yet$/).waitFor();
      expect(await email.getByText('Waiting for confirmation').count()).toBe(0);
      await email.getByRole('button', { name: 'Send test' }).click();
      await page.getByText('Test notification sent.').waitFor();
      // The test mail's link is the outage screen's, without a website.
      await expect
        .poll(() =>
          server.mailLinks(ALERTS).map((mailed) => new URL(mailed).pathname + new URL(mailed).search),
        )
        .toEqual(['/site-outage']);
      expect(errors).toEqual([]);
    });

    it('charts the page loads of the probe', async () => {
      await page.goto(`${server.url}/site-speed?w_guid=${w}`);
      await page.getByText('Site Speed overview').waitFor();
      await page.getByRole('button', { name: 'Check now' }).click();
      await reloadUntil(page, async () => {
        await page.getByText('Site Speed overview').waitFor();
        // Loaded: the summary or the empty state, whichever the probe's results give.
        await page
          .getByText('Average loading time')
          .or(page.getByText('No data for this url'))
          .first()
          .waitFor();
        return (await page.getByText('Average loading time').count()) > 0;
      });
      // The probe's page load, as a point of the chart.
      expect(await page.getByText('No data for this url').count()).toBe(0);
      await expect.poll(() => page.locator('.speed-chart svg circle').count()).toBeGreaterThan(0);
      // Monitored for minutes: the 24 hours' figures say since when they were measured.
      await page
        .getByText(/^Measured since \d\d:\d\d UTC, \d+ \w{3}; nothing before was monitored$/)
        .waitFor();
      await shoot('site-speed', { fullPage: true });
      expect(errors).toEqual([]);
    }, 180_000);

    it('opens an outage when the site stops answering, tells the channels, and closes it when it is back', async () => {
      await site.stop();
      const started = Date.now();
      await page.goto(`${server.url}/site-outage?w_guid=${w}`);
      await reloadUntil(page, async () => {
        await page.getByText('Outage overview').waitFor();
        return (await page.getByText(`${SITE} is down since`).count()) > 0;
      });
      expect(Date.now() - started).toBeLessThan(120_000);
      // Today's cell of the 30-day strip is red, the timeline has the outage, the map's region is down.
      const day = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
      await page.locator(`.outage-day-down[aria-label^="${day}: "]`).waitFor();
      await page.locator('.outage-timeline .outage-segment-outage').first().waitFor();
      await page.locator('.outage-map-legend .outage-legend-down').getByText('Down').waitFor();
      await page.locator('.outage-map-svg .outage-marker-down').first().waitFor();
      await page.getByRole('region', { name: 'Ping issues' }).locator('.outage-issue').first().waitFor();
      // Monitoring began minutes ago: the days before it are not monitored (grey), never green.
      await page.getByText(/^Monitored since \d\d:\d\d UTC, /).waitFor();
      expect(await page.locator('.outage-day-unmonitored').count()).toBeGreaterThanOrEqual(28);
      expect(await page.locator('.outage-day-up').count()).toBe(0);
      await shoot('site-outage', { fullPage: true });

      // The e-mail in the outbox and the signed webhook.
      await expect
        .poll(() => server.mailLinks(ALERTS).some((link) => link.includes('/site-outage?url=')), {
          timeout: 30_000,
        })
        .toBe(true);
      await expect.poll(() => receiver.events(), { timeout: 30_000 }).toContain('outage_opened');
      const opened = receiver.received.find((r) => JSON.parse(r.body).event === 'outage_opened')!;
      const [, t] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(opened.headers['x-sitelens-signature']))!;
      const expected = createHmac('sha256', secret).update(`${t}.${opened.body}`).digest('hex');
      expect(opened.headers['x-sitelens-signature']).toBe(`t=${t},v1=${expected}`);

      await page.goto(`${server.url}/dashboard?w_guid=${w}`);
      await page
        .getByText(/^Down since /)
        .first()
        .waitFor();
      await shoot('dashboard-monitoring-down', { fullPage: true });

      await site.start();
      await expect.poll(() => receiver.events(), { timeout: 60_000 }).toContain('outage_closed');
      await page.goto(`${server.url}/site-outage?w_guid=${w}`);
      await page.getByText('Outage overview').waitFor();
      expect(await page.getByText(`${SITE} is down since`).count()).toBe(0);
      await page.goto(`${server.url}/dashboard?w_guid=${w}`);
      await page.locator('.summary-card').getByText('Up', { exact: true }).waitFor();
      // The one outage, counted since monitoring began minutes ago, not over 30 days.
      await page
        .locator('.summary-card')
        .getByText(/^1 outage since monitoring began at \d\d:\d\d UTC, /)
        .waitFor();
      await shoot('dashboard-monitoring', { fullPage: true });
      expect(errors).toEqual([]);
    }, 240_000);
  },
);
