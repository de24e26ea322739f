import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, type RunningServer, SKIP_LINE, startServer } from './harness';

if (!hasChromium) console.info(SKIP_LINE);

describe.skipIf(!hasChromium)('the app shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ CONTACT_EMAIL: 'help@agency.test' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  async function open(path: string, width = 1440, height = 900): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    return page;
  }

  it('renders the sidebar with the menu groups, the contact link and the version', async () => {
    const page = await open('/dashboard');
    const menu = page.getByRole('menu', { name: 'Main menu' });
    for (const group of ['AI/LLM Analysis', 'Analysis', 'Monitoring', 'Webmaster Tools']) {
      await expect(menu.getByText(group, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(menu.getByRole('link', { name: 'Contact' }).getAttribute('href')).resolves.toBe(
      'mailto:help@agency.test',
    );
    await expect(page.getByTestId('app-version').textContent()).resolves.toMatch(/^v\d+\.\d+\.\d+/);
    await page.close();
  });

  it('collapses the sidebar from 240 px to 64 px and expands it again', async () => {
    const page = await open('/dashboard');
    const width = async () => (await page.getByTestId('sidebar').boundingBox())!.width;
    expect(await width()).toBe(240);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width === 64,
    );
    expect(await width()).toBe(64);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width === 240,
    );
    await page.close();
  });

  it('opens the menu as a drawer on a 375 px phone', async () => {
    const page = await open('/dashboard', 375, 812);
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menu', { name: 'Main menu' }).waitFor();
    expect(await page.getByRole('menu', { name: 'Main menu' }).isVisible()).toBe(true);
    await page.close();
  });

  it('shows the 404 screen for a path the product does not have, on a deep link', async () => {
    const page = await open('/some/deep/path');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
    expect(
      await page.getByText('The page you are looking for may be missing, removed or mistyped.').isVisible(),
    ).toBe(true);
    expect(await page.title()).toBe('Page not found · Sitelens');
    await page.close();
  });

  it('answers the API beside the app: health ok, an unknown API path is a JSON 404', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { ok: true }, queue: { ok: true } });
    const missing = await fetch(`${server.url}/api/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});
