// Every form as a person meets it: fields past their limits are refused in the product's words
// (never a validator's "Too big: expected string to have <=200 characters"), and a double click on
// a creation creates one thing.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_SECTIONS } from '../apps/web/src/features/websites/settings-sections';
import { SCREENS } from '../apps/web/src/screens';
import { hasChromium, launchBrowser, type RunningServer, startServer } from './harness';
import { signedInPage } from './session';

/** Zod's and Ant Design's own English: none of it may reach a screen. */
const VALIDATOR_WORDING =
  /Invalid input|Too (big|small): |Invalid option|Unrecognized keys?:|Invalid (key|element) in|Invalid string: |expected (string|number|array|object|boolean)|is not a valid (email|url)|cannot be longer than|'\S+' is required/;

const LONG = `https://${'x'.repeat(2_990)}.example`;
/** A form that removes or ends something is not sent by the sweep. */
const DESTRUCTIVE = /delete|remove|cancel|log ?out|revoke/i;

describe.skipIf(!hasChromium)('forms in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let websiteGuid = '';

  /** Calls the API with the page's session, as the web app does. */
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    page.evaluate(
      async ({ path, init }) => {
        const { access_token } = await fetch('/api/auth/refresh', { method: 'POST' }).then((r) => r.json());
        const response = await fetch(`/api${path}`, {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        return { status: response.status, body: await response.json().catch(() => null) };
      },
      { path, init },
    );

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await signedInPage(
      browser,
      server.url,
      { email: 'forms@example.test', f_name: 'Ada', l_name: 'Lovelace' },
      { viewport: { width: 1440, height: 900 }, errors },
    );
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const created = await api('/website-index', {
      method: 'POST',
      body: { domain: 'forms.example', homepage_url: 'https://forms.example/' },
    });
    expect(created.status).toBe(201);
    websiteGuid = created.body.guid;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a double click on "Save template" saves one template', async () => {
    await page.goto(`${server.url}/white-label/templates/new`);
    await page.getByText('PDF Brand Template').waitFor();
    await page.getByLabel('Template name').fill('Double click');
    await page.getByRole('button', { name: 'Save template' }).dblclick();
    await page.getByText('Successfully saved your template').first().waitFor();
    await page.waitForURL(/\/white-label\/templates$/);
    await page.reload();
    await page.getByRole('cell', { name: 'Double click', exact: true }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'Double click', exact: true }).count()).toBe(1);
    const listed = await api('/white-label/template');
    expect(JSON.stringify(listed.body).match(/"Double click"/g)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a keyword over 200 characters is refused on its field in the spec’s voice', async () => {
    await page.goto(`${server.url}/keyword-position?w_guid=${websiteGuid}`);
    await page.getByRole('button', { name: 'Add keywords' }).first().click();
    const modal = page.locator('.ant-modal').filter({ hasText: 'Add keywords' });
    await modal.locator('textarea').fill('k'.repeat(201));
    await modal.getByRole('button', { name: /add/i }).last().click();
    await modal.getByText('Maximum 200 characters').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(VALIDATOR_WORDING);
  });

  /** Fills every text field of every form on the page past any limit, sends each form, and reads the page. */
  async function sweep(on: Page, path: string): Promise<string[]> {
    await on.goto(`${server.url}${path}`);
    // Screens in the layout have a page title; the sign-in pages a form.
    await on.locator('h1, form').first().waitFor();
    await on.waitForTimeout(300);
    const forms = on.locator('form');
    const found: string[] = [];
    for (let i = 0; i < (await forms.count()); i += 1) {
      const form = forms.nth(i);
      if (!(await form.isVisible())) continue;
      const fields = form.locator(
        'input:not([type]), input[type=text], input[type=email], input[type=url], textarea',
      );
      let filled = 0;
      for (let j = 0; j < (await fields.count()); j += 1) {
        const field = fields.nth(j);
        if (!(await field.isVisible()) || !(await field.isEditable())) continue;
        await field.fill(LONG);
        filled += 1;
      }
      const submit = form.locator('button[type=submit]').first();
      if (filled === 0 || (await submit.count()) === 0 || !(await submit.isVisible())) continue;
      if (DESTRUCTIVE.test((await submit.innerText()) ?? '') || !(await submit.isEnabled())) continue;
      await submit.click();
      await on.waitForTimeout(700);
      const text = await on.locator('body').innerText();
      const leak = VALIDATOR_WORDING.exec(text);
      if (leak)
        found.push(`${path} form ${i + 1}: …${text.slice(Math.max(0, leak.index - 60), leak.index + 80)}…`);
      found.push(...errors.splice(0).map((error) => `${path}: page error ${error}`));
    }
    return found;
  }

  it('refuses every form’s fields past their limits without a validator’s wording', async () => {
    const paths = [
      ...SCREENS.filter((screen) => screen.access === 'guarded' && screen.path !== '/free-trial-setup').map(
        (screen) => (screen.example ?? screen.path).replace(/:\w+/, 'x'),
      ),
      ...SETTINGS_SECTIONS.map((section) => `/dashboard/settings/${section.key}?w_guid=${websiteGuid}`),
      `/keyword-position?w_guid=${websiteGuid}`,
    ];
    const leaks: string[] = [];
    for (const path of paths) leaks.push(...(await sweep(page, path)));
    // The forms a visitor fills: sign-in, registration, a forgotten password, an invitation.
    const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    visitor.on('pageerror', (error) => errors.push(String(error)));
    for (const screen of SCREENS.filter((s) => s.access === 'public'))
      leaks.push(...(await sweep(visitor, (screen.example ?? screen.path).replace(/:\w+/, 'x'))));
    await visitor.close();
    expect(leaks).toEqual([]);
  }, 300_000);
});
