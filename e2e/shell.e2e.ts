import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, type RunningServer, startServer } from './harness';
import { registerInContext, startTrialInContext } from './session';

describe.skipIf(!hasChromium)('the app shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  /** Holds the session cookie of a registered user: its pages open signed in. */
  let signedIn: BrowserContext;

  beforeAll(async () => {
    server = await startServer({ CONTACT_EMAIL: 'help@agency.test' });
    browser = await launchBrowser();
    signedIn = await browser.newContext();
    await registerInContext(signedIn, server.url, { email: 'shell@example.test' });
    // With a plan, so the shell is not replaced by the free-trial page.
    await startTrialInContext(signedIn, server.url, 'shell@example.test');
  });
  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  /** Opens a path at a viewport size, fails on any page error, and waits for the page title. */
  async function open(path: string, { anonymous = false, width = 1440, height = 900 } = {}): Promise<Page> {
    const page = anonymous
      ? await browser.newPage({ viewport: { width, height } })
      : await signedIn.newPage();
    if (!anonymous) await page.setViewportSize({ width, height });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    if (path === '/dashboard') await page.getByText('Welcome, Ada Lovelace').waitFor();
    expect(errors).toEqual([]);
    return page;
  }

  const sidebarWidth = (page: Page) =>
    page.evaluate(() => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width);

  it('renders the sidebar with the menu groups, the user, the contact link and the version', async () => {
    const page = await open('/dashboard');
    const menu = page.getByRole('menu', { name: 'Main menu' });
    for (const group of ['AI/LLM Analysis', 'Analysis', 'Monitoring', 'Webmaster Tools']) {
      expect(await menu.getByText(group, { exact: true }).isVisible()).toBe(true);
    }
    expect(
      await page.getByTestId('sidebar').getByRole('link', { name: 'Contact' }).getAttribute('href'),
    ).toBe('mailto:help@agency.test');
    expect(await page.getByTestId('sidebar-user').textContent()).toContain('shell@example.test');
    expect(await page.getByTestId('app-version').textContent()).toMatch(/^v\d+\.\d+\.\d+/);
    expect(await page.title()).toBe('Dashboard · Sitelens');
    await page.close();
  });

  it('fits every menu item on a laptop (768 px of height), and shows that the menu scrolls where it cannot', async () => {
    const items = [
      'Dashboard',
      'Deep Analysis',
      'AI Content Analysis',
      'LLM Visibility Analysis',
      'SEO Checkup',
      'Backlinks',
      'Top Keywords',
      'Keyword Position Tracker',
      'Keyword Research',
      'Site Speed',
      'Site Outage',
      'Broken Links',
      'Sitemap Generator',
      'White Label Reports',
    ];
    const page = await open('/dashboard', { width: 1366, height: 768 });
    const menu = page.getByRole('menu', { name: 'Main menu' });
    for (const name of items) {
      const box = await menu.getByRole('link', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + box!.height, name).toBeLessThanOrEqual(768);
    }
    const overflow = () =>
      page.evaluate(() => {
        const box = document.querySelector('.sidebar-menu')!;
        return { scrolls: box.scrollHeight > box.clientHeight, shade: getComputedStyle(box).backgroundImage };
      });
    expect((await overflow()).scrolls).toBe(false);
    const contact = await page.getByTestId('sidebar').getByRole('link', { name: 'Contact' }).boundingBox();
    expect(contact!.y + contact!.height).toBeLessThanOrEqual(768);
    // A smaller window: the menu scrolls, with a shade at the cut edge and a visible scrollbar.
    await page.setViewportSize({ width: 1366, height: 560 });
    await page.waitForFunction(() => {
      const box = document.querySelector('.sidebar-menu')!;
      return box.scrollHeight > box.clientHeight;
    });
    const small = await overflow();
    expect(small.shade).toMatch(/radial-gradient/);
    await menu.getByRole('link', { name: 'White Label Reports' }).scrollIntoViewIfNeeded();
    expect(await menu.getByRole('link', { name: 'White Label Reports' }).isVisible()).toBe(true);
    await page.close();
  });

  it('collapses the sidebar from 240 px to 64 px and expands it again', async () => {
    const page = await open('/dashboard');
    expect(await sidebarWidth(page)).toBe(240);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 64,
    );
    expect(await page.getByTestId('sidebar-user').count()).toBe(0);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 240,
    );
    expect(await sidebarWidth(page)).toBe(240);
    await page.close();
  });

  it('opens the menu as a drawer from the header button on a 375 px phone', async () => {
    const page = await open('/dashboard', { width: 375, height: 812 });
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    const menu = page.getByRole('menu', { name: 'Main menu' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    // The drawer slides in from the left; once there, it sits on the screen's left edge.
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Main menu"]')?.getBoundingClientRect().left === 0,
    );
    const box = await menu.boundingBox();
    expect(box!.width).toBe(240);
    await page.close();
  });

  it('shows the 404 screen for a path the product does not have, signed in or not', async () => {
    for (const anonymous of [false, true]) {
      const page = await open('/some/deep/path', { anonymous });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
      expect(
        await page.getByText('The page you are looking for may be missing, removed or mistyped.').isVisible(),
      ).toBe(true);
      expect(await page.title()).toBe('Page not found · Sitelens');
      await page.close();
    }
  });

  it('serves the app for a deep link, and answers the API beside it', async () => {
    const deep = await fetch(`${server.url}/some/deep/path`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await deep.text()).toContain('<div id="root">');

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { ok: true }, queue: { ok: true } });

    const missing = await fetch(`${server.url}/api/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await missing.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});
