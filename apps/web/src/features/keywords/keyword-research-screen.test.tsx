import {
  KEYWORD_MESSAGES,
  SEO_DATA_MESSAGES,
  type SeoDataUsageReply,
  type Website,
} from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { website } from '../deep-analysis/test-fixtures';
import {
  dataError,
  noSourceUsage,
  query,
  restoreStubs,
  screenRoutes,
  stubDataApi,
} from '../seo-data/test-support';
import { type ApiCall, callsTo } from '../webmaster-tools/test-fixtures';
import { KeywordResearchScreen } from './keyword-research-screen';
import { keywordRow, research, suggestion, topKeywords } from './test-fixtures';

const ROUTES = screenRoutes('/keyword-research', <KeywordResearchScreen />);

/** example.com, tracked for Germany in German: the card reads its keywords there. */
const GERMAN_SITE: Website = {
  ...website(),
  settings: { ...website().settings, location_name: 'Germany', language_code: 'de' },
};

interface Serve {
  usage?: SeoDataUsageReply;
  websites?: Website[];
  research?: (call: ApiCall) => Response;
  keywords?: (call: ApiCall) => Response;
}

/** The API of the screen: broad-match and related suggestions told apart by their phrases. */
function serve({
  usage,
  websites = [GERMAN_SITE],
  research: researchReply = (call) =>
    json(
      research(
        call.query.get('research_type') === 'related'
          ? [suggestion(7, { phrase: 'related 7' })]
          : [suggestion(1), suggestion(2, { vol: null, cpc: null, cmp: null, r_no: null })],
      ),
    ),
  keywords = () => json(topKeywords([keywordRow(1), keywordRow(2)])),
}: Serve = {}) {
  stubDataApi({
    websites,
    usage,
    screenCalls: (call) => {
      if (call.path === '/api/dfs/keywords-research') return researchReply(call);
      if (call.path === '/api/dfs/top-keywords') return keywords(call);
      return undefined;
    },
  });
}

const types = () => callsTo('/api/dfs/keywords-research').map((call) => call.query.get('research_type'));

/** The form is up (the first render of a file builds every Ant Design style: give it time). */
const ready = () => screen.findByRole('textbox', { name: 'Keyword' }, { timeout: 5000 });

async function checkKeywords(phrase: string) {
  await userEvent.type(await ready(), phrase);
  await userEvent.click(screen.getByRole('button', { name: 'Check for Keywords' }));
  return screen.findByRole('dialog');
}

afterEach(restoreStubs);

describe('the Keyword Research screen', () => {
  it("requires a keyword: 'This field is required!'", async () => {
    serve();
    renderRoutes(ROUTES, '/keyword-research');
    const input = await ready();
    expect(input).toHaveAttribute('placeholder', 'Enter a keyword');
    await userEvent.click(screen.getByRole('button', { name: 'Check for Keywords' }));
    expect(await screen.findByText(KEYWORD_MESSAGES.required)).toBeInTheDocument();
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Check for Keywords' }));
    expect(screen.getByText(KEYWORD_MESSAGES.required)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('/api/dfs/keywords-research')).toHaveLength(0);
  });

  it('shows the broad-match suggestions, then the related keywords when their tab is opened', async () => {
    serve();
    renderRoutes(ROUTES, '/keyword-research');
    const dialog = await checkKeywords('  Running Shoes ');
    expect(within(dialog).getByText('Keywords suggestions for: running shoes')).toHaveClass(
      'ant-modal-title',
    );
    expect(within(dialog).getByRole('tab', { name: 'Broad Match Keywords' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const first = (await within(dialog).findByText('suggestion 1')).closest('tr') as HTMLElement;
    expect(within(first).getByText('1')).toBeInTheDocument();
    expect(within(first).getByText('5,401')).toBeInTheDocument();
    expect(within(first).getByText('$0.50')).toBeInTheDocument();
    expect(within(first).getByText('0.12')).toBeInTheDocument();
    expect(within(first).getByText('98,765')).toBeInTheDocument();
    const second = within(dialog).getByText('suggestion 2').closest('tr') as HTMLElement;
    expect(within(second).getAllByText('-')).toHaveLength(4);
    expect(types()).toEqual(['broad_match']);
    expect(query(callsTo('/api/dfs/keywords-research')[0])).toEqual({
      research_type: 'broad_match',
      phrase: 'running shoes',
      location: 'United States',
      language: 'en',
    });

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Related Keywords' }));
    expect(await within(dialog).findByText('related 7')).toBeInTheDocument();
    expect(types()).toEqual(['broad_match', 'related']);
  });

  it("resets the language to the chosen location's first, and researches in that market", async () => {
    serve();
    renderRoutes(ROUTES, '/keyword-research');
    await ready();
    const form = screen.getByRole('button', { name: 'Check for Keywords' }).closest('form') as HTMLElement;
    expect(within(form).getByTitle('United States')).toBeInTheDocument();
    expect(within(form).getByTitle('English')).toBeInTheDocument();

    const location = within(form).getByRole('combobox', { name: 'Location' });
    await userEvent.click(location);
    await userEvent.type(location, 'Switzer');
    await userEvent.click(await screen.findByTitle('Switzerland'));
    expect(within(form).getByTitle('German')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Language' }));
    const list = (await screen.findByTitle('French')).closest('.ant-select-dropdown') as HTMLElement;
    expect([...list.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
      'German',
      'French',
      'Italian',
    ]);

    await checkKeywords('uhren');
    await vi.waitFor(() =>
      expect(query(callsTo('/api/dfs/keywords-research')[0])).toEqual({
        research_type: 'broad_match',
        phrase: 'uhren',
        location: 'Switzerland',
        language: 'de',
      }),
    );
  });

  it('says when the search has no suggestions', async () => {
    serve({ research: () => json(research([])) });
    renderRoutes(ROUTES, '/keyword-research');
    const dialog = await checkKeywords('zzzz');
    expect(await within(dialog).findByText(KEYWORD_MESSAGES.noSuggestions)).toBeInTheDocument();
  });

  it("says the month's data budget is spent in the modal", async () => {
    serve({ research: () => dataError(429, 'Data budget spent', 'data_budget_spent') });
    renderRoutes(ROUTES, '/keyword-research');
    const dialog = await checkKeywords('shoes');
    expect(await within(dialog).findByText(SEO_DATA_MESSAGES.budgetSpent)).toBeInTheDocument();
  });

  it("lists the website's top keywords in its market, each with its suggestions in a 1024 px modal", async () => {
    serve();
    renderRoutes(ROUTES, '/keyword-research');
    const card = (await screen.findByText('Keyword Research', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const row = (await within(card).findByText('keyword 1')).closest('tr') as HTMLElement;
    expect(within(card).getByText('keyword 2')).toBeInTheDocument();
    expect(within(card).getByText('Germany · German')).toBeInTheDocument();
    expect(query(callsTo('/api/dfs/top-keywords')[0])).toEqual({
      domain: 'example.com',
      location: 'Germany',
      language: 'de',
      order_by: 'traffic',
      order_dir: 'desc',
    });
    expect(
      screen.getByText('Data spend this month: $0.42 of $20.00 · 12 provider calls · 30 answers from cache'),
    ).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Show' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Keywords suggestions for: keyword 1')).toHaveClass('ant-modal-title');
    expect(dialog).toHaveStyle({ width: '1024px' });
    expect(await within(dialog).findByText('suggestion 1')).toBeInTheDocument();
    expect(query(callsTo('/api/dfs/keywords-research')[0])).toEqual({
      research_type: 'broad_match',
      phrase: 'keyword 1',
      location: 'Germany',
      language: 'de',
    });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Related Keywords' }));
    expect(await within(dialog).findByText('related 7')).toBeInTheDocument();
    expect(types()).toEqual(['broad_match', 'related']);
  });

  it('says when the website has no indexed keywords', async () => {
    serve({ keywords: () => json(topKeywords([])) });
    renderRoutes(ROUTES, '/keyword-research');
    expect(await screen.findByText(KEYWORD_MESSAGES.noKeywords, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the not-configured panel in the card when the data source answers 503', async () => {
    serve({
      keywords: () => dataError(503, SEO_DATA_MESSAGES.notConfigured, 'data_source_not_configured'),
    });
    renderRoutes(ROUTES, '/keyword-research');
    expect(
      await screen.findByText(SEO_DATA_MESSAGES.notConfigured, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeInTheDocument();
  });

  it('shows only that panel, no form and no spend line, when /dfs/usage says no source is configured', async () => {
    serve({ usage: noSourceUsage() });
    renderRoutes(ROUTES, '/keyword-research');
    expect(
      await screen.findByText(SEO_DATA_MESSAGES.notConfigured, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check for Keywords' })).toBeNull();
    expect(screen.queryByText(/Data spend this month/)).toBeNull();
  });

  it('sends a visitor without a tracked website to the dashboard, and keeps the form', async () => {
    serve({ websites: [] });
    renderRoutes(ROUTES, '/keyword-research');
    expect(
      await screen.findByText(
        'You do not track any website yet. Add one on the dashboard to research its keywords here.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Check for Keywords' })).toBeInTheDocument();
  });
});
