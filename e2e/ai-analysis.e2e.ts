import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type CrawlSite, htmlPage, startCrawlSite } from '@sitelens/engine/testing/crawl-site';
import { type FakeOpenAi, startOpenAiServer } from '@sitelens/server/src/test/openai-server';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTo,
  hasChromium,
  launchBrowser,
  ROOT,
  type RunningServer,
  screenshotter,
  settledIn,
  startServer,
} from './harness';
import { signedInPage } from './session';

const SHOTS = path.join(ROOT, 'screenshots');
/** The tracked website and its competitor, fixture sites reached by name. */
const SITE = 'acme-pottery.co.uk';
const RIVAL = 'rival-ceramics.co.uk';

const PROSE =
  'Our potters throw every mug by hand on the wheel. Each piece is glazed with food-safe glazes and fired twice. ' +
  'We explain how stoneware differs from porcelain and how to care for glazed pottery at home. ';

const ORGANIZATION = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Acme Pottery',
  description: 'Hand-thrown stoneware mugs and bowls, made in small batches in Cornwall.',
  knowsAbout: ['Pottery', 'Stoneware'],
  audience: { '@type': 'Audience', audienceType: 'Home cooks and coffee lovers' },
});

describe.skipIf(!hasChromium)('AI content analysis and LLM visibility, in Chromium', () => {
  let openai: FakeOpenAi;
  let site: CrawlSite;
  let rival: CrawlSite;
  let server: RunningServer;
  let bare: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const shoot = screenshotter(() => page, SHOTS);

  beforeAll(async () => {
    openai = await startOpenAiServer({
      apiKey: 'sk-e2e',
      citedDomains: [SITE, RIVAL, 'clayshop.org', 'potterymag.com'],
      latencyMs: 200,
    });
    site = await startCrawlSite(
      {
        '/': {
          body: htmlPage({
            title: 'Acme Pottery – handmade stoneware mugs',
            description: 'Hand-thrown stoneware mugs and bowls from Cornwall.',
            h1: 'Handmade stoneware mugs',
            text: PROSE.repeat(4),
            links: ['/about', '/contact', '/privacy-policy', '/blog/glazes'],
            head: `<script type="application/ld+json">${ORGANIZATION}</script>`,
          }),
        },
        '/about': { body: htmlPage({ title: 'About Acme Pottery', h1: 'About us', text: PROSE.repeat(3) }) },
        '/contact': { body: htmlPage({ title: 'Contact', text: 'Write to hello@acme-pottery.co.uk.' }) },
        '/privacy-policy': { body: htmlPage({ title: 'Privacy policy', text: 'We keep little.' }) },
        '/blog/glazes': {
          body: htmlPage({
            title: 'Choosing food-safe glazes',
            text: `By Mara Lind. ${PROSE.repeat(5)}`,
            head: '<meta name="author" content="Mara Lind"><meta property="article:published_time" content="2026-10-02T09:00:00Z">',
          }),
        },
      },
      { publicOrigin: `http://${SITE}` },
    );
    rival = await startCrawlSite(
      { '/': { body: htmlPage({ title: 'Rival Ceramics', text: PROSE.repeat(2) }) } },
      { publicOrigin: `http://${RIVAL}` },
    );
    const sites = { FETCH_CONNECT_TO: `${connectTo(SITE, site.port)},${connectTo(RIVAL, rival.port)}` };
    [server, bare] = await Promise.all([
      startServer({ ...sites, LLM_BASE_URL: openai.url, LLM_MODEL: 'fixture-model', LLM_API_KEY: 'sk-e2e' }),
      startServer(sites),
    ]);
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), bare?.stop()]);
    await Promise.all([site?.close(), rival?.close(), openai?.close()]);
  });

  /** The card with this title. */
  const card = (title: string): Locator =>
    page
      .locator('.ant-card')
      .filter({ has: page.getByText(title, { exact: true }) })
      .last();

  /** Tracks SITE through Deep Analysis's form, as a user does; answers the page's w_guid. */
  async function trackSite(baseUrl: string): Promise<string> {
    await page.goto(`${baseUrl}/deep-analysis`);
    await page.getByLabel('Domain').fill(SITE);
    await page.getByRole('button', { name: 'Start Deep Analysis' }).click();
    await page.waitForURL(/w_guid=/, { timeout: 60_000 });
    return new URL(page.url()).searchParams.get('w_guid')!;
  }

  /** Presses 'Refresh analysis', sees every card wait, and waits (polls are 10 s apart) for the result. */
  async function runAnalysis(doneWhen: Locator) {
    await page.getByRole('button', { name: 'Refresh analysis' }).click();
    await page.getByText('Analysis in progress').first().waitFor();
    await doneWhen.waitFor({ timeout: 90_000 });
    expect(await page.getByText('Analysis in progress').count()).toBe(0);
  }

  it('analyses the content with the language model: every card shows its data', async () => {
    page = await signedInPage(
      browser,
      server.url,
      { email: 'mara@acme-pottery.test', f_name: 'Mara', l_name: 'Lind' },
      { viewport: { width: 1440, height: 900 }, errors },
    );
    const w = await trackSite(server.url);
    // Its competitor, in the website's settings.
    await page.goto(`${server.url}/dashboard/settings/competitors?w_guid=${w}`);
    await page.getByLabel('Competitor URL').fill(`http://${RIVAL}`);
    await page.getByRole('button', { name: 'Add competitor' }).click();
    await page.getByText('Competitors saved.').waitFor();

    await page.goto(`${server.url}/ai-content-analysis?w_guid=${w}`);
    await card('Domain Business Context').getByText('No business context available').waitFor();
    await runAnalysis(card('AI Content Effectiveness Report').getByText('STRENGTH').first());
    await card('Domain Business Context').getByText('Industry niche').waitFor();
    await card('AI Content Effectiveness Report').getByText('Content opportunities').waitFor();
    await card('Competitor Content Insights').getByText(RIVAL).first().waitFor();
    const trust = card('AI Content Trust');
    await trust.getByText('Topical relevance').waitFor();
    await trust.getByText('Trust signals', { exact: true }).waitFor();
    expect(await page.getByText('computed without a language model').count()).toBe(0);
    // The model read the pages and the competitor's homepage.
    const asked = openai.requests
      .filter((request) => request.status === 200)
      .map((request) => request.schemaName);
    expect(asked).toEqual(expect.arrayContaining(['content_report', 'competitor_content']));
    const prompt = openai.requests
      .find((request) => request.schemaName === 'content_report')!
      .messages.at(-1)!.content;
    expect(prompt).toContain('Handmade stoneware mugs');
    await shoot('ai-content-analysis', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('measures visibility in the models’ answers, with the spread over three samples', async () => {
    await page.goto(`${server.url}/llm-visibility-analysis`);
    await page.getByText('No data available yet').first().waitFor();
    await runAnalysis(card('Top websites').getByText(RIVAL).first());
    const score = card('Your LLM Visibility Score');
    await score.getByText('Share of voice').waitFor();
    await score.getByText('Competitor range').waitFor();
    await score
      .getByText(/across 3 samples/)
      .first()
      .waitFor();
    const questions = card('Top questions');
    await questions.getByText('Your website').first().waitFor();
    await questions
      .getByRole('link', { name: /clayshop\.org|potterymag\.com|Rival|Acme/i })
      .first()
      .waitFor();
    // Every question was asked three times.
    const answers = openai.requests.filter(
      (request) => request.responseFormat === null || request.responseFormat === 'text',
    );
    expect(answers.length % 3).toBe(0);
    expect(answers.length).toBeGreaterThanOrEqual(9);
    await shoot('llm-visibility-analysis', { fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('without a language model: content is computed from the pages and labelled so; visibility says it needs one', async () => {
    page = await signedInPage(
      browser,
      bare.url,
      { email: 'noah@acme-pottery.test', f_name: 'Noah', l_name: 'Model' },
      { viewport: { width: 1440, height: 900 }, errors },
    );
    const w = await trackSite(bare.url);
    await page.goto(`${bare.url}/ai-content-analysis?w_guid=${w}`);
    await runAnalysis(page.getByText('computed without a language model').first());
    await card('AI Content Trust').getByText('Trust signals', { exact: true }).waitFor();
    await card('AI Content Effectiveness Report')
      .getByText('No content effectiveness report available')
      .waitFor();
    await card('Competitor Content Insights')
      .getByText('No competitors content analysis available')
      .waitFor();
    await shoot('ai-content-analysis-computed', { fullPage: true });

    await page.goto(`${bare.url}/llm-visibility-analysis?w_guid=${w}`);
    await page.getByText('LLM visibility analysis needs a language model, and none is configured.').waitFor();
    await page.getByText(/An operator sets LLM_BASE_URL, LLM_MODEL and LLM_API_KEY/).waitFor();
    expect(await page.getByRole('button', { name: 'Refresh analysis' }).isDisabled()).toBe(true);
    await settledIn(page);
    await shoot('llm-visibility-not-configured');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
