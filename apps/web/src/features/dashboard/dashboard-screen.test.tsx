import {
  type BacklinksOverviewReply,
  KEYWORD_MESSAGES,
  type KeywordRow,
  SEO_DATA_MESSAGES,
  type SeoDataUsageReply,
  type TopKeywordsOverviewReply,
  type TopKeywordsReply,
} from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backlink, FETCHED_AT, overview, page, usage } from '../backlinks/test-fixtures';
import { json, renderRoutes, SESSION, STRUCTURE, stubApi } from '../checkup/checkup-test-kit';
import { website as trackedWebsite } from '../deep-analysis/test-fixtures';
import { callsTo } from '../webmaster-tools/test-fixtures';
import { DashboardScreen } from './dashboard-screen';

/** A website added just now (under an hour old), not yet in Deep Analysis. */
const website = (guid: string, domain: string, extra: Record<string, unknown> = {}) => ({
  ...trackedWebsite(guid, domain),
  c_at: new Date().toISOString(),
  status: 'new',
  discovered_urls: 0,
  ...extra,
});
const FIRST = '00000000-0000-4000-8000-000000000001';
const SECOND = '00000000-0000-4000-8000-000000000002';
const REPORT = '00000000-0000-4000-8000-000000000003';

const GROUP = '00000000-0000-4000-8000-000000000004';
const SAMPLE = '00000000-0000-4000-8000-000000000005';

/** A keyword the website ranks for; `n` makes its phrase. */
const keyword = (n: number, fields: Partial<KeywordRow> = {}): KeywordRow => ({
  phrase: `oak table ${n}`,
  pos: n,
  prev_pos: null,
  traffic: 1000 - n * 100,
  difficulty: 40,
  vol: 5000 + n,
  url: 'https://woodline.test/',
  cpc: 1.2,
  cmp: 0.4,
  r_no: 1_000_000,
  trends: [],
  ...fields,
});

/** Seven keywords in traffic order, as the API answers them; the sixth ranks past the top 100. */
const KEYWORDS = [1, 2, 3, 4, 5, 6, 7].map((n) => keyword(n, n === 5 ? { pos: 130 } : {}));
const source = { from_cache: false, fetched_at: FETCHED_AT };
const keywordsReply = (data: KeywordRow[] = KEYWORDS): TopKeywordsReply => ({
  data,
  total: data.length,
  ...source,
});
const keywordsOverview = (avg_pos: number | null = 12.46): TopKeywordsOverviewReply => ({
  avg_pos,
  increased: 3,
  unchanged: 2,
  dropped: 1,
  ...source,
});
/** Twelve backlinks, the most recently found first. */
const BACKLINKS = Array.from({ length: 12 }, (_, i) => backlink(i + 1));

/** The keyword and backlink data calls: every one answered unless a test says otherwise. */
interface DataAnswers {
  usage?: SeoDataUsageReply | Response;
  backlinksOverview?: BacklinksOverviewReply | Response;
  backlinks?: Response;
  keywords?: TopKeywordsReply | Response;
  keywordsOverview?: TopKeywordsOverviewReply | Response;
}
const answer = (body: unknown) => (body instanceof Response ? body : json(body));
const dataError = (status: number, error: string, code: string) => json({ error, code }, status);

function serveApi(websites: unknown[], data: DataAnswers = {}) {
  const {
    usage: usageReply = usage(),
    backlinksOverview = overview(1234),
    backlinks = json(page(BACKLINKS, true, 480)),
    keywords = keywordsReply(),
    keywordsOverview: keywordsOverviewReply = keywordsOverview(),
  } = data;
  // A Response is read once: each call gets its own copy.
  const copy = (body: unknown) => answer(body instanceof Response ? body.clone() : body);
  stubApi((path) => {
    if (path === '/api/dfs/usage') return copy(usageReply);
    if (path === '/api/dfs/backlinks/overview') return copy(backlinksOverview);
    if (path === '/api/dfs/backlinks') return copy(backlinks);
    if (path === '/api/dfs/top-keywords') return copy(keywords);
    if (path === '/api/dfs/top-keywords/overview') return copy(keywordsOverviewReply);
    if (path === `/api/url-cluster/${FIRST}`)
      return json([
        {
          guid: GROUP,
          w_guid: FIRST,
          title: 'Blog',
          description: 'Pages under /blog/, such as /blog/oak.',
          pue_level: 'high',
          pue_reason: 'Readers come from search.',
          monitored_urls: 12,
          avg_seo_score: 64,
          screenshot_url: null,
          sample_urls: [{ guid: SAMPLE, url: 'https://woodline.test/blog/oak' }],
          source: 'auto',
        },
      ]);
    if (path === `/api/on-page-seo/website-failed-checks/${FIRST}`)
      return json({
        data: ['meta-description', 'image-alt', 'heading-tags', 'link-text'].map((key, i) => ({
          test_key: key,
          title: `Check ${i + 1}`,
          relevance: 8,
          priority: 'HIGH',
          affected_urls: 12 - i,
          share: 1,
          impact_score: 8,
          impact: 'HIGH',
          last_found: null,
          sample_url: 'https://woodline.test/blog/oak',
          sample_url_guid: SAMPLE,
        })),
        meta: { analyzed_urls: 12 },
      });
    if (path === '/api/website-index') return json(websites);
    if (path.startsWith('/api/website-index/favicon/')) return new Response('', { status: 404 });
    if (path === '/api/report/sections') return json(STRUCTURE);
    if (path === '/api/report/v2/overviews')
      return json([
        {
          guid: REPORT,
          url: 'https://woodline.test/',
          created_at: new Date().toISOString(),
          score: 82,
          passed: 60,
          warning: 5,
          failed: 4,
        },
      ]);
    if (path === '/api/report/v2/competitor-overviews') return json([]);
    if (path === '/api/loading-time')
      return json({
        reports: [
          {
            c_at: new Date().toISOString(),
            loading_time: 1234,
            min_loading_time: 900,
            max_loading_time: 1800,
            page_size: 520,
            loading_speed: 421,
          },
        ],
        no_probe: false,
        monitored_since: '2026-01-05T10:00:00.000Z',
      });
    if (path === '/api/outage/list')
      return json({ archived: [], active: null, no_probe: [], monitored_since: '2026-01-05T10:00:00.000Z' });
    if (path === `/api/website-index/important-fixes/${FIRST}`)
      return json({
        report_guid: REPORT,
        url: 'https://woodline.test/',
        fixes: [
          {
            section_key: 'meta-title',
            relevance: 8,
            recommendation: 'Write a title of 50 to 60 characters.',
          },
        ],
      });
    return undefined;
  });
}

function renderAt(path: string) {
  return renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], path, { session: SESSION });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A dashboard card by its title, and a Summary tile by its label. */
const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
const tile = (title: string) => screen.getByText(title).closest('.summary-tile') as HTMLElement;
const query = (path: string) => Object.fromEntries(callsTo(path)[0]?.query ?? []);
/** A website tracked in Germany's German results, so the market is seen going out. */
const GERMAN = {
  settings: {
    ...trackedWebsite(FIRST, 'woodline.test').settings,
    location_name: 'Germany',
    language_code: 'de',
  },
};

describe('the dashboard', () => {
  it('welcomes a user with no website, lists the tools, and opens the onboarding', async () => {
    serveApi([]);
    renderAt('/dashboard');
    expect(await screen.findByText('Welcome, Lin Chen')).toBeTruthy();
    expect(screen.getByRole('link', { name: /SEO Checkup/ }).getAttribute('href')).toBe('/analysis');
    // Every tool's screen exists now: each tile leads to it.
    expect(screen.getByRole('link', { name: /Backlinks/ }).getAttribute('href')).toBe('/backlinks');
    expect(screen.getByRole('link', { name: /White Label/ }).getAttribute('href')).toBe(
      '/white-label/reports',
    );
    expect(screen.queryByText(/Not available yet/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Setup your account' }));
    expect(await screen.findByText('Welcome on board!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Let's Start" }));
    expect(await screen.findByLabelText('Domain')).toBeTruthy();
  });

  it('checks the quick checkup URL before starting it', async () => {
    serveApi([]);
    renderAt('/dashboard');
    await userEvent.type(await screen.findByLabelText('URL to analyze'), 'not a url{Enter}');
    expect(await screen.findByText('Provide a valid URL')).toBeTruthy();
  });

  it('shows a tab per website, selects the one in w_guid, and fills its cards with real data only', async () => {
    serveApi([
      website(FIRST, 'woodline.test', {
        on_page_seo: { score: 82, c_at: new Date().toISOString(), report_guid: REPORT },
      }),
      // An international name: stored in ASCII, shown as people write it.
      website(SECOND, 'xn--eiche-und-sche-fib.test'),
    ]);
    const router = renderAt(`/dashboard?w_guid=${FIRST}`);
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getByText('woodline.test')).toBeTruthy();
    expect(within(tabs).getByText('eiche-und-äsche.test')).toBeTruthy();
    expect(await screen.findByLabelText('SEO score 82')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meta Title' }).getAttribute('href')).toBe(
      `/analysis/report?guid=${REPORT}&url=${encodeURIComponent('https://woodline.test/')}#meta-title`,
    );
    // The probes' figures: the latest hour's loading time, and no outage.
    expect(await within(tile('Loading time')).findByText('1,234 ms')).toBeTruthy();
    expect(within(tile('Outage')).getByText('Up')).toBeTruthy();
    expect(within(card('Site Outage')).getByText('No outage in the last 30 days')).toBeTruthy();
    // Page groups come with Deep Analysis: no number is invented.
    expect(screen.getAllByText('No data available yet')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add competitors' }).getAttribute('href')).toBe(
      `/dashboard/settings/competitors?w_guid=${FIRST}`,
    );

    // The other tab: a website under an hour old without a report says its analysis is running.
    await userEvent.click(within(tabs).getByText('eiche-und-äsche.test'));
    expect(await screen.findByText('We are analyzing eiche-und-äsche.test')).toBeTruthy();
    expect(router.state.location.search).toBe(`?w_guid=${SECOND}`);
    expect(screen.getByText('No issues yet')).toBeTruthy();
  });

  it("shows a page group card for a website in Deep Analysis: its top 3 issues, samples and both 'View all' buttons", async () => {
    serveApi([website(FIRST, 'woodline.test', { status: 'completed' })]);
    renderAt(`/dashboard?w_guid=${FIRST}`);
    const card = (await screen.findByText('Pages under /blog/, such as /blog/oak.')).closest(
      '.da-group-card',
    ) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe(
      `/deep-analysis/page-group?w_guid=${FIRST}&cluster_guid=${GROUP}`,
    );
    expect(await within(card).findByRole('link', { name: 'Check 1' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Check 1' }).getAttribute('href')).toBe(
      `/deep-analysis/failed-check/meta-description?w_guid=${FIRST}&cluster_guid=${GROUP}`,
    );
    expect(within(card).queryByRole('link', { name: 'Check 4' })).toBeNull();
    expect(
      within(card).getByRole('link', { name: 'https://woodline.test/blog/oak' }).getAttribute('href'),
    ).toBe(`/deep-analysis/report?w_guid=${FIRST}&url_guid=${SAMPLE}`);
    expect(within(card).getByRole('button', { name: 'View all 4 Issues' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'View all 12 URLs' })).toBeTruthy();
    expect(within(card).getByLabelText('SEO score of Blog: 64')).toBeTruthy();
  });

  it("fills the Backlinks and Average position tiles and the two data cards with the data source's numbers", async () => {
    serveApi([website(FIRST, 'woodline.test', GERMAN)]);
    renderAt(`/dashboard?w_guid=${FIRST}`);
    await screen.findByRole('tablist');

    // Summary: the current total backlinks, and the average position with one decimal.
    expect(await within(tile('Backlinks')).findByText('1,234')).toBeTruthy();
    expect(within(tile('Backlinks')).getByRole('link', { name: 'View backlinks' }).getAttribute('href')).toBe(
      `/backlinks?w_guid=${FIRST}`,
    );
    expect(await within(tile('Average position')).findByText('12.5')).toBeTruthy();
    expect(
      within(tile('Average position')).getByRole('link', { name: 'View keywords' }).getAttribute('href'),
    ).toBe(`/top-keywords?w_guid=${FIRST}`);

    // Backlinks Overview: the five metrics now, and the 10 most recently found of the 12 backlinks.
    const backlinks = card('Backlinks Overview');
    const list = await within(backlinks).findByRole('list', { name: 'Most recently found backlinks' });
    const metrics = {
      'Total backlinks': '1,234',
      'Referring domains': '87',
      'Domain rank': '417 / 1000',
      'Follow links': '934',
      'Nofollow links': '300',
    };
    for (const [label, value] of Object.entries(metrics))
      expect(within(backlinks).getByText(label).nextElementSibling?.textContent).toBe(value);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    const newest = items[0] as HTMLElement;
    const link = within(newest).getByRole('link', { name: 'https://blog-1.test/post' });
    expect(link.getAttribute('href')).toBe('https://blog-1.test/post');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(newest).getByText('Anchor: anchor 1')).toBeTruthy();
    expect(within(newest).getByText('First seen: Oct 05, 2026')).toBeTruthy();
    expect(within(list).queryByText('https://blog-11.test/post')).toBeNull();
    expect(within(backlinks).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      `/backlinks?w_guid=${FIRST}`,
    );
    expect(query('/api/dfs/backlinks')).toEqual({
      domain: 'woodline.test',
      order_by: 'first_seen',
      order_dir: 'desc',
      offset: '0',
    });

    // Top Keywords: 5, by traffic descending, a position past the top 100 shown as 100.
    const keywords = card('Top Keywords');
    expect(await within(keywords).findByText('oak table 1')).toBeTruthy();
    const rows = within(keywords).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent))).toEqual([
      ['oak table 1', '1', '5,001', '900'],
      ['oak table 2', '2', '5,002', '800'],
      ['oak table 3', '3', '5,003', '700'],
      ['oak table 4', '4', '5,004', '600'],
      ['oak table 5', '100', '5,005', '500'],
    ]);
    expect(within(keywords).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      `/top-keywords?w_guid=${FIRST}`,
    );
    // In the website's own market, traffic descending.
    expect(query('/api/dfs/top-keywords')).toEqual({
      domain: 'woodline.test',
      location: 'Germany',
      language: 'de',
      order_by: 'traffic',
      order_dir: 'desc',
    });
    expect(query('/api/dfs/top-keywords/overview')).toEqual({
      domain: 'woodline.test',
      location: 'Germany',
      language: 'de',
    });
    // Backlinks and keywords are no longer 'No data available yet'.
    expect(within(tile('Backlinks')).queryByText('No data available yet')).toBeNull();
    expect(within(backlinks).queryByText('No data available yet')).toBeNull();
  });

  it('says in both cards and both tiles that this server has no data source, and asks it for nothing', async () => {
    serveApi([website(FIRST, 'woodline.test')], { usage: usage({ configured: false, provider: null }) });
    renderAt(`/dashboard?w_guid=${FIRST}`);
    await screen.findByRole('tablist');
    for (const title of ['Backlinks Overview', 'Top Keywords']) {
      expect(await within(card(title)).findByText(SEO_DATA_MESSAGES.notConfigured)).toBeTruthy();
      expect(within(card(title)).getByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeTruthy();
      expect(within(card(title)).queryByRole('link', { name: 'View all' })).toBeNull();
    }
    for (const title of ['Backlinks', 'Average position']) {
      expect(within(tile(title)).getByText(SEO_DATA_MESSAGES.notConfigured)).toBeTruthy();
      expect(within(tile(title)).getByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeTruthy();
    }
    expect(screen.queryByText('1,234')).toBeNull();
    expect(screen.queryByText('oak table 1')).toBeNull();
    for (const path of [
      '/api/dfs/backlinks/overview',
      '/api/dfs/backlinks',
      '/api/dfs/top-keywords',
      '/api/dfs/top-keywords/overview',
    ])
      expect(callsTo(path)).toHaveLength(0);
  });

  it('shows the not-configured panel when a data call answers 503 data_source_not_configured', async () => {
    const missing = dataError(503, SEO_DATA_MESSAGES.notConfigured, 'data_source_not_configured');
    serveApi([website(FIRST, 'woodline.test')], {
      usage: json({ error: 'unexpected' }, 500),
      backlinksOverview: missing,
      keywords: missing,
      keywordsOverview: missing,
    });
    renderAt(`/dashboard?w_guid=${FIRST}`);
    await screen.findByRole('tablist');
    expect(
      await within(card('Backlinks Overview')).findByText(SEO_DATA_MESSAGES.notConfiguredHelp),
    ).toBeTruthy();
    expect(await within(card('Top Keywords')).findByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeTruthy();
    expect(within(tile('Backlinks')).getByText(SEO_DATA_MESSAGES.notConfigured)).toBeTruthy();
    expect(within(tile('Average position')).getByText(SEO_DATA_MESSAGES.notConfigured)).toBeTruthy();
  });

  it("says the month's budget is spent, and a failed provider in its own words", async () => {
    const failed = dataError(502, SEO_DATA_MESSAGES.sourceFailed, 'data_source_failed');
    serveApi([website(FIRST, 'woodline.test')], {
      backlinksOverview: dataError(429, 'Data budget spent', 'data_budget_spent'),
      keywords: failed,
      keywordsOverview: failed,
    });
    renderAt(`/dashboard?w_guid=${FIRST}`);
    await screen.findByRole('tablist');
    expect(await within(card('Backlinks Overview')).findByText(SEO_DATA_MESSAGES.budgetSpent)).toBeTruthy();
    expect(within(tile('Backlinks')).getByText(SEO_DATA_MESSAGES.budgetSpent)).toBeTruthy();
    expect(await within(card('Top Keywords')).findByText(SEO_DATA_MESSAGES.sourceFailed)).toBeTruthy();
    expect(await within(tile('Average position')).findByText(SEO_DATA_MESSAGES.sourceFailed)).toBeTruthy();
    expect(callsTo('/api/dfs/backlinks')).toHaveLength(0);
  });

  it('says a domain without backlinks or keywords has none, and reads no backlink list for it', async () => {
    serveApi([website(FIRST, 'woodline.test')], {
      backlinksOverview: overview(0, {
        data: { ...overview().data, total_backlinks: [] },
      }),
      keywords: keywordsReply([]),
      keywordsOverview: keywordsOverview(null),
    });
    renderAt(`/dashboard?w_guid=${FIRST}`);
    await screen.findByRole('tablist');
    expect(await within(card('Backlinks Overview')).findByText(SEO_DATA_MESSAGES.noBacklinks)).toBeTruthy();
    expect(within(tile('Backlinks')).getByText(SEO_DATA_MESSAGES.noBacklinks)).toBeTruthy();
    expect(await within(card('Top Keywords')).findByText(KEYWORD_MESSAGES.noKeywords)).toBeTruthy();
    expect(within(tile('Average position')).getByText(KEYWORD_MESSAGES.noKeywords)).toBeTruthy();
    expect(callsTo('/api/dfs/backlinks')).toHaveLength(0);
  });

  it('shows an average position above 100 as 100', async () => {
    serveApi([website(FIRST, 'woodline.test')], { keywordsOverview: keywordsOverview(134.2) });
    renderAt(`/dashboard?w_guid=${FIRST}`);
    await screen.findByRole('tablist');
    expect(await within(tile('Average position')).findByText('100.0')).toBeTruthy();
  });
});
