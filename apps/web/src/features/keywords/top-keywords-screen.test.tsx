import {
  KEYWORD_MESSAGES,
  type KeywordRow,
  SEO_DATA_MESSAGES,
  type SeoDataUsageReply,
  type TopKeywordsOverviewReply,
} from '@sitelens/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import {
  answer,
  catchDownloads,
  dataError,
  noSourceUsage,
  query,
  restoreStubs,
  rowOf,
  screenRoutes,
  stubDataApi,
  tile,
} from '../seo-data/test-support';
import { type ApiCall, callsTo } from '../webmaster-tools/test-fixtures';
import { keywordRow, keywordsOverview, topDomain, topDomains, topKeywords } from './test-fixtures';
import { TopKeywordsScreen } from './top-keywords-screen';

const ROUTES = screenRoutes('/top-keywords', <TopKeywordsScreen />);

const KEYWORDS = [
  keywordRow(1),
  keywordRow(2, { prev_pos: null, difficulty: null, vol: null, cpc: null, r_no: null, trends: [] }),
  keywordRow(3, { prev_pos: 1 }),
];

interface Serve {
  usage?: SeoDataUsageReply | Response;
  overview?: (call: ApiCall) => TopKeywordsOverviewReply | Response;
  keywords?: (call: ApiCall) => Response;
}

/** The API of the screen: a tracked example.com (United States, English), every data call answered. */
function serve({
  usage,
  overview = () => keywordsOverview(),
  keywords = () => json(topKeywords(KEYWORDS)),
}: Serve = {}) {
  stubDataApi({
    usage,
    screenCalls: (call) => {
      if (call.path === '/api/dfs/top-keywords/overview') return answer(overview(call));
      if (call.path === '/api/dfs/top-keywords') return keywords(call);
      if (call.path === '/api/dfs/top-domains') return json(topDomains([topDomain(1), topDomain(2)]));
      return undefined;
    },
  });
}

/** The first rows are in (the first render of a file builds every Ant Design style: give it time). */
const loaded = () => screen.findByText('keyword 1', {}, { timeout: 5000 });

afterEach(restoreStubs);

describe('the Top Keywords screen', () => {
  it("shows the selected website's tiles and its top keywords, traffic first, in its market", async () => {
    serve({ keywords: () => json(topKeywords(KEYWORDS, 250)) });
    renderRoutes(ROUTES, '/top-keywords');
    expect(await loaded()).toBeInTheDocument();

    expect(within(tile('Average position')).getByText('12.3')).toBeInTheDocument();
    expect(within(tile('Increased')).getByText('1,200')).toBeInTheDocument();
    expect(within(tile('Unchanged')).getByText('30')).toBeInTheDocument();
    expect(within(tile('Dropped')).getByText('7')).toBeInTheDocument();
    const market = { domain: 'example.com', location: 'United States', language: 'en' };
    expect(query(callsTo('/api/dfs/top-keywords/overview')[0])).toEqual(market);
    expect(query(callsTo('/api/dfs/top-keywords')[0])).toEqual({
      ...market,
      order_by: 'traffic',
      order_dir: 'desc',
    });
    expect(screen.getByText('United States · English')).toBeInTheDocument();

    const first = rowOf('keyword 1');
    expect(within(first).getByText('1')).toBeInTheDocument();
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByTitle('Up 2 positions')).toHaveTextContent('2');
    expect(within(first).getByText('1,000')).toBeInTheDocument();
    expect(within(first).getByText('41')).toBeInTheDocument();
    expect(within(first).getByText('12,001')).toBeInTheDocument();
    const link = within(first).getByRole('link', { name: 'https://example.com/page-1' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(first).getByText('$1.20')).toBeInTheDocument();
    expect(within(first).getByText('1,234,567')).toBeInTheDocument();
    const trend = within(first).getByRole('figure', { name: 'Monthly search volume of keyword 1' });
    expect(trend.querySelector('.recharts-line-curve')).not.toBeNull();
    expect(trend).toHaveAttribute(
      'title',
      expect.stringMatching(/^Monthly search volume, oldest first: 1,000, 1,100/),
    );

    // A new keyword and the provider's gaps: '-'.
    const second = rowOf('keyword 2');
    expect(within(second).getAllByText('-')).toHaveLength(6);
    expect(within(rowOf('keyword 3')).getByTitle('Down 2 positions')).toHaveTextContent('2');

    expect(screen.getByText('Showing 3 of 250 keywords')).toBeInTheDocument();
    expect(
      screen.getByText('Data spend this month: $0.42 of $20.00 · 12 provider calls · 30 answers from cache'),
    ).toBeInTheDocument();
  });

  it("sorts by 'Position (best first)': order_by=position, order_dir=asc", async () => {
    serve({
      keywords: (call) =>
        json(topKeywords(call.query.get('order_by') === 'position' ? [keywordRow(9)] : KEYWORDS)),
    });
    renderRoutes(ROUTES, '/top-keywords');
    await loaded();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    const options = document.querySelectorAll('.ant-select-item-option');
    expect([...options].map((option) => option.textContent)).toEqual([
      'Traffic (high to low)',
      'Position (best first)',
      'Traffic (low to high)',
      'Position (worst first)',
    ]);
    await userEvent.click(await screen.findByTitle('Position (best first)'));
    expect(await screen.findByText('keyword 9')).toBeInTheDocument();
    expect(query(callsTo('/api/dfs/top-keywords').at(-1))).toEqual({
      domain: 'example.com',
      location: 'United States',
      language: 'en',
      order_by: 'position',
      order_dir: 'asc',
    });
  });

  it("reads another market from the 'Location & Language' modal, the languages following the location", async () => {
    serve();
    renderRoutes(ROUTES, '/top-keywords');
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Location & Language' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Location & Language')).toHaveClass('ant-modal-title');

    const location = within(dialog).getByRole('combobox', { name: 'Location' });
    await userEvent.click(location);
    await userEvent.type(location, 'Switzer');
    await userEvent.click(await screen.findByTitle('Switzerland'));
    // Choosing a location picks its first language.
    expect(within(dialog).getByTitle('German')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Language' }));
    const list = (await screen.findByTitle('Italian')).closest('.ant-select-dropdown') as HTMLElement;
    const languages = list.querySelectorAll('.ant-select-item-option');
    expect([...languages].map((option) => option.textContent)).toEqual(['German', 'French', 'Italian']);
    await userEvent.click(screen.getByTitle('Italian'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Switzerland · Italian')).toBeInTheDocument();
    const market = { domain: 'example.com', location: 'Switzerland', language: 'it' };
    await vi.waitFor(() =>
      expect(query(callsTo('/api/dfs/top-keywords').at(-1))).toEqual({
        ...market,
        order_by: 'traffic',
        order_dir: 'desc',
      }),
    );
    expect(query(callsTo('/api/dfs/top-keywords/overview').at(-1))).toEqual(market);
    // The screen's market only: the website's settings are not saved.
    expect(callsTo('/api/website-index/settings/00000000-0000-4000-8000-0000000000a1')).toHaveLength(0);
  });

  it("lists a keyword's top domains in a modal", async () => {
    serve();
    renderRoutes(ROUTES, '/top-keywords');
    await userEvent.click(await loaded());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Top domains for: keyword 1')).toHaveClass('ant-modal-title');
    const row = (await within(dialog).findByText('rival-1.test')).closest('tr') as HTMLElement;
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'https://rival-1.test/best' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(dialog).getByText('rival-2.test')).toBeInTheDocument();
    expect(query(callsTo('/api/dfs/top-domains')[0])).toEqual({
      phrase: 'keyword 1',
      location: 'United States',
      language: 'en',
    });
  });

  it('says when the domain has no indexed keywords', async () => {
    serve({
      overview: () => keywordsOverview({ avg_pos: null, increased: 0, unchanged: 0, dropped: 0 }),
      keywords: () => json(topKeywords([])),
    });
    renderRoutes(ROUTES, '/top-keywords');
    expect(await screen.findByText(KEYWORD_MESSAGES.noKeywords)).toBeInTheDocument();
    expect(within(tile('Average position')).getByText('-')).toBeInTheDocument();
    expect(within(tile('Dropped')).getByText('0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows one panel instead of tiles and table when the server has no data source (503)', async () => {
    const missing = () => dataError(503, SEO_DATA_MESSAGES.notConfigured, 'data_source_not_configured');
    serve({ overview: missing, keywords: missing });
    renderRoutes(ROUTES, '/top-keywords');
    expect(await screen.findByText(SEO_DATA_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.getByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Average position' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });

  it('shows only that panel, and no spend line, when /dfs/usage says no source is configured', async () => {
    serve({ usage: noSourceUsage() });
    renderRoutes(ROUTES, '/top-keywords');
    expect(await screen.findByText(SEO_DATA_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Location & Language' })).toBeNull();
    expect(screen.queryByText(/Data spend this month/)).toBeNull();
  });

  it("says the month's data budget is spent, and still shows what the cache holds", async () => {
    serve({
      overview: () => dataError(429, 'Data budget spent', 'data_budget_spent'),
      keywords: () => json(topKeywords(KEYWORDS, 3, true)),
    });
    renderRoutes(ROUTES, '/top-keywords');
    expect(await screen.findByText(SEO_DATA_MESSAGES.budgetSpent)).toBeInTheDocument();
    expect(await loaded()).toBeInTheDocument();
    expect(screen.getByText('Data from Nov 24, 2026')).toBeInTheDocument();
  });

  it("shows the server's text when the provider fails", async () => {
    serve({ keywords: () => dataError(502, SEO_DATA_MESSAGES.sourceFailed, 'data_source_failed') });
    renderRoutes(ROUTES, '/top-keywords');
    expect(await screen.findByText(SEO_DATA_MESSAGES.sourceFailed)).toBeInTheDocument();
    expect(within(tile('Increased')).getByText('1,200')).toBeInTheDocument();
  });

  it('exports the rows as CSV and as JSON', async () => {
    serve();
    const { download } = catchDownloads();
    renderRoutes(ROUTES, '/top-keywords');
    await loaded();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csvFile = await download(0);
    expect(csvFile.name).toBe('example.com-top-keywords.csv');
    const csv = csvFile.text.split('\r\n');
    expect(csv[0]).toBe('phrase,pos,prev_pos,traffic,difficulty,vol,url,cpc,cmp,r_no,trends');
    expect(csv[2]).toBe('keyword 2,2,,500,,,https://example.com/page-2,,0.35,,');
    expect(csv).toHaveLength(KEYWORDS.length + 2);

    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    const jsonFile = await download(1);
    expect(jsonFile.name).toBe('example.com-top-keywords.json');
    expect(JSON.parse(jsonFile.text)).toEqual(KEYWORDS satisfies KeywordRow[]);
  });

  it('sends a visitor without a tracked website to the dashboard', async () => {
    stubDataApi({ websites: [] });
    renderRoutes(ROUTES, '/top-keywords');
    expect(
      await screen.findByText(
        'You do not track any website yet. Add one on the dashboard to see its top keywords here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
