import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type CrawlSite, htmlPage, startCrawlSite } from '@sitelens/engine/testing/crawl-site';
import { type FakeDataForSeo, startFakeDataForSeo } from '@sitelens/server/src/test/dataforseo-server';
import { type FakeOpenAi, startOpenAiServer } from '@sitelens/server/src/test/openai-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTo,
  hasChromium,
  launchBrowser,
  ROOT,
  type RunningServer,
  resizeTo,
  settledIn,
  startServer,
  TAKING_PICTURES,
  untilCrawlsEnd,
} from './harness';
import { signedInPage } from './session';

/** A tracked website with keywords, backlinks, a crawl, broken links and a sitemap. */
const SITE = 'harbour-guide.co.uk';
/** `npm run screenshots` (SCREENSHOTS=1) keeps a picture of each table at each width here. */
const SHOTS = TAKING_PICTURES ? path.join(ROOT, 'screenshots', 'tables') : null;
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;
/** The class responsive-table.tsx gives a key column's cells. */
const KEY_COLUMN = 'rt-key';

const page_ = (title: string, links: string[] = []) => ({
  body: htmlPage({ title, description: `${title}: moorings, tides and walks.`, links }),
});

interface KeyHeader {
  text: string;
  left: number;
  right: number;
  /** Outside its table's box (cut by the scroll) or its text wider than the cell. */
  cut: boolean;
}
interface TableFound {
  /** The table's column titles, to name it in a failure. */
  columns: string;
  keys: KeyHeader[];
}

/** Every table shown on the page, with its key columns' header cells where the window lays them out. */
const tablesOn = (page: Page): Promise<TableFound[]> =>
  page.evaluate((keyClass) => {
    const tables = [...document.querySelectorAll<HTMLElement>('.ant-table')].filter((table) =>
      table.checkVisibility(),
    );
    return tables.map((table) => {
      const box = (table.querySelector('.ant-table-container') ?? table).getBoundingClientRect();
      const headers = [...table.querySelectorAll<HTMLElement>('thead th')];
      const titleOf = (th: HTMLElement) => th.textContent?.trim() ?? '';
      /** A word of the title broken over two lines (a cell too narrow for it). */
      const brokenWord = (th: HTMLElement) => {
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (tops.size > 1) return true;
          }
        }
        return false;
      };
      return {
        columns: headers.map(titleOf).filter(Boolean).join(' | '),
        keys: headers
          .filter((th) => th.classList.contains(keyClass))
          .map((th) => {
            const cell = th.getBoundingClientRect();
            return {
              text: titleOf(th),
              left: cell.left,
              right: cell.right,
              cut:
                cell.left < box.left - 0.5 ||
                cell.right > box.right + 0.5 ||
                th.scrollWidth > th.clientWidth + 1 ||
                brokenWord(th),
            };
          }),
      };
    });
  }, KEY_COLUMN);

describe.skipIf(!hasChromium)(
  'Every data table fits: its key columns in the window at 1440 and 375 px',
  () => {
    let dataforseo: FakeDataForSeo;
    let openai: FakeOpenAi;
    let site: CrawlSite;
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let w = '';
    const errors: string[] = [];
    /** What each checked screen showed, printed at the end: a table added later shows up here. */
    const found: string[] = [];

    /**
     * At both widths: the screen has at least `count` tables, each marks its key columns, and every
     * key column's header is inside the window and not cut.
     */
    async function checkTables(name: string, count = 1) {
      for (const { width, height } of WIDTHS) {
        await resizeTo(page, width, height);
        await settledIn(page);
        const tables = await tablesOn(page);
        const problems: string[] = [];
        if (tables.length < count) problems.push(`${tables.length} tables shown, ${count} expected`);
        for (const table of tables) {
          if (table.keys.length === 0) problems.push(`no key column marked in [${table.columns}]`);
          for (const key of table.keys) {
            if (key.left < 0 || key.right > width + 0.5)
              problems.push(`'${key.text}' of [${table.columns}] at ${key.left}–${key.right}`);
            if (key.cut) problems.push(`'${key.text}' of [${table.columns}] is cut`);
          }
        }
        if (SHOTS) {
          await page
            .locator('.ant-table:visible')
            .last()
            .evaluate((table) => {
              // Its header below the app's sticky top bar.
              table.scrollIntoView({ block: 'start' });
              window.scrollBy(0, -80);
            });
          await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
        }
        expect(problems, `${name} at ${width} px`).toEqual([]);
        if (width === 1440) found.push(...tables.map((table) => `${name}: ${table.columns}`));
      }
      await resizeTo(page, 1440, 900);
    }

    beforeAll(async () => {
      dataforseo = await startFakeDataForSeo({
        profiles: { [SITE]: { backlinks: 60 } },
        serpDomains: [SITE],
        rankings: { 'harbour moorings': { [SITE]: 7 }, 'cliff walk': { [SITE]: 15 } },
      });
      openai = await startOpenAiServer({
        apiKey: 'sk-e2e',
        // A long name: a domain wraps at its dots only.
        citedDomains: [SITE, 'the-cornish-coastal-harbour-authority.co.uk', 'tide-tables.org'],
        latencyMs: 50,
      });
      site = await startCrawlSite(
        {
          '/robots.txt': {
            headers: { 'content-type': 'text/plain' },
            body: 'User-agent: *\nSitemap: {{origin}}/sitemap.xml\n',
          },
          '/sitemap.xml': {
            headers: { 'content-type': 'application/xml' },
            body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
              '/',
              '/moorings',
              '/walks',
            ]
              .map((p) => `<url><loc>{{origin}}${p}</loc></url>`)
              .join('')}</urlset>`,
          },
          '/': page_('The harbour guide', ['/moorings', '/walks', '/cafe-closed', '/files/map.pdf']),
          '/moorings': page_('Moorings and fees', ['/', '/walks']),
          '/walks': page_('Coast and cliff walks', ['/', '/moorings', '/gone']),
          '/cafe-closed': { status: 500, body: 'The café page fails' },
        },
        { publicOrigin: `http://${SITE}` },
      );
      server = await startServer({
        DATAFORSEO_LOGIN: dataforseo.login,
        DATAFORSEO_PASSWORD: dataforseo.password,
        DATAFORSEO_API_URL: dataforseo.url,
        LLM_BASE_URL: openai.url,
        LLM_MODEL: 'fixture-model',
        LLM_API_KEY: 'sk-e2e',
        FETCH_CONNECT_TO: connectTo(SITE, site.port),
      });
      browser = await launchBrowser();
      if (SHOTS) mkdirSync(SHOTS, { recursive: true });
      page = await signedInPage(
        browser,
        server.url,
        { email: 'tamsin@harbour.test', f_name: 'Tamsin', l_name: 'Penrose' },
        { viewport: { width: 1440, height: 900 }, errors },
      );
      // The tracked website, as Deep Analysis's form creates it; its first crawl starts.
      await page.goto(`${server.url}/deep-analysis`);
      await page.getByLabel('Domain').fill(SITE);
      await page.getByRole('button', { name: 'Start Deep Analysis' }).click();
      // The setup screen, not the form's own address, which names the new website as soon as the list has it.
      await page.waitForURL(/\/deep-analysis\/setup-domain\?w_guid=/, { timeout: 60_000 });
      w = new URL(page.url()).searchParams.get('w_guid')!;
      // The sitemap imported, the setup screen moves on to the overview; the crawl runs on.
      await page.waitForURL(/\/deep-analysis\?w_guid=/, { timeout: 120_000 });
    }, 240_000);
    afterAll(async () => {
      console.info(`Tables checked:\n${found.join('\n')}`);
      await browser?.close();
      await server?.stop();
      await Promise.all([site?.close(), dataforseo?.close(), openai?.close()]);
    });

    it('Deep Analysis: the crawl comparison, monitored URLs and a failed check', async () => {
      await page.goto(`${server.url}/deep-analysis?w_guid=${w}`);
      await untilCrawlsEnd(page);
      // A crawl that ended without reaching the site shows no comparison: the failure says what it shows.
      await page
        .locator('.da-comparison th', { hasText: 'Still open' })
        .waitFor({ timeout: 30_000 })
        .catch(async (error: Error) => {
          const shown = (
            await page
              .locator('main')
              .innerText()
              .catch(() => '')
          ).slice(0, 1_000);
          throw new Error(`${error.message}\nThe screen shows: ${shown}`);
        });
      await checkTables('deep-analysis-comparison');
      const failedCheck = page.locator('.ant-table a[href*="/deep-analysis/failed-check/"]').first();
      const failedCheckHref = await failedCheck.getAttribute('href');

      await page.goto(`${server.url}/deep-analysis/monitored-urls?w_guid=${w}`);
      await page.locator('.da-url-table tr.ant-table-row').first().waitFor();
      await checkTables('monitored-urls');

      await page.goto(`${server.url}${failedCheckHref}`);
      await page.locator('.da-url-table tr.ant-table-row').first().waitFor();
      await checkTables('failed-check');
      expect(errors).toEqual([]);
    }, 300_000);

    it('keywords: top keywords and their top domains, research and its suggestions, the dashboard card', async () => {
      await page.goto(`${server.url}/top-keywords`);
      await page.locator('.kw-table tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await checkTables('top-keywords');
      await page.locator('.kw-table .kw-phrase').first().click();
      await page.getByRole('dialog').locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await checkTables('top-domains-modal', 2);
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/keyword-research`);
      await page.locator('.kw-table tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await checkTables('keyword-research');
      await page.getByRole('button', { name: 'Show' }).first().click();
      await page.getByRole('dialog').locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await checkTables('keyword-suggestions-modal', 2);
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/dashboard`);
      await page.locator('.dash-keywords tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await checkTables('dashboard');
      expect(errors).toEqual([]);
    }, 240_000);

    it("keywords tracked: the tracker's table keeps its delete action in view", async () => {
      await page.goto(`${server.url}/keyword-position`);
      await page.getByRole('button', { name: 'Add keywords' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel('Keywords').fill('harbour moorings, cliff walk');
      await modal.getByRole('button', { name: 'Add keywords' }).click();
      const row = page.locator('.kp-table tr.ant-table-row', { hasText: 'harbour moorings' });
      await row.getByText('7', { exact: true }).waitFor({ timeout: 60_000 });
      await checkTables('keyword-position');
      expect(errors).toEqual([]);
    }, 180_000);

    it("backlinks: every tab of the website's backlinks", async () => {
      await page.goto(`${server.url}/backlinks`);
      await page.locator('.bl-table tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      await checkTables('backlinks');
      for (const tab of ['Referring domains', 'Top anchors']) {
        await page.getByRole('tab', { name: tab }).last().click();
        await page.locator('.bl-table:visible tr.ant-table-row').first().waitFor();
        await checkTables(`backlinks-${tab.toLowerCase().replace(' ', '-')}`);
      }
      expect(errors).toEqual([]);
    }, 180_000);

    it('webmaster tools: broken links, the sitemap, its left-out URLs and the recent runs', async () => {
      // The tracked website is checked.
      await page.goto(`${server.url}/broken-links`);
      await page.getByRole('button', { name: 'Check links' }).click();
      await page.waitForURL(/\/broken-links\?run=/);
      await page.locator('.wt-table tr.ant-table-row').first().waitFor({ timeout: 120_000 });
      await checkTables('broken-links', 2);

      await page.goto(`${server.url}/sitemap-generator`);
      await page.getByRole('button', { name: 'Generate sitemap' }).click();
      await page.waitForURL(/\/sitemap-generator\?run=/);
      await page.getByText('Stable address').waitFor({ timeout: 120_000 });
      await checkTables('sitemap-generator', 3);
      expect(errors).toEqual([]);
    }, 300_000);

    it('LLM visibility: the top websites, a domain wrapping at its dots, never inside a word', async () => {
      await page.goto(`${server.url}/llm-visibility-analysis?w_guid=${w}`);
      await page.getByRole('button', { name: 'Refresh analysis' }).click();
      await page.locator('.ai-table tr.ant-table-row').first().waitFor({ timeout: 120_000 });
      await checkTables('llm-visibility');
      // A domain's lines end after a dot (or a hyphen), never inside a word.
      for (const { width, height } of WIDTHS) {
        await resizeTo(page, width, height);
        const lines = await page.locator('.ai-table .rt-domain').evaluateAll((domains) =>
          domains.flatMap((domain) => {
            const range = document.createRange();
            const text = domain.textContent ?? '';
            const ends: string[] = [];
            let top: number | null = null;
            // The characters before each jump to a new line.
            let offset = 0;
            for (const node of [...domain.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
              for (let i = 0; i < (node.textContent ?? '').length; i++) {
                range.setStart(node, i);
                range.setEnd(node, i + 1);
                const y = range.getBoundingClientRect().top;
                if (top !== null && y > top + 1) ends.push(text[offset - 1] ?? '');
                top = y;
                offset++;
              }
            }
            return ends;
          }),
        );
        // A hyphen ends a line only in a name too long for the cell on its own.
        expect(
          lines.filter((end) => end !== '.' && end !== '-'),
          `line ends at ${width} px`,
        ).toEqual([]);
      }
      await resizeTo(page, 1440, 900);
      expect(errors).toEqual([]);
    }, 240_000);

    it('the lists that start empty: archived checkups, team members, white-label templates', async () => {
      for (const [name, route] of [
        ['archived-checkups', '/analysis'],
        ['team', '/user/team-members'],
        ['white-label-templates', '/white-label/templates'],
      ] as const) {
        await page.goto(`${server.url}${route}`);
        await page.locator('.ant-table').first().waitFor({ timeout: 30_000 });
        await checkTables(name);
      }
      expect(errors).toEqual([]);
    }, 120_000);
  },
);
