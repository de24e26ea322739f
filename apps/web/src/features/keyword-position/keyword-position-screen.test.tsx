import {
  SEO_DATA_MESSAGES,
  type SeoDataUsageReply,
  type TrackedKeyword,
  type TrackedKeywordsOverviewReply,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import {
  noSourceUsage,
  query,
  restoreStubs,
  rowOf,
  screenRoutes,
  stubDataApi,
  tile,
} from '../seo-data/test-support';
import { type ApiCall, callsTo } from '../webmaster-tools/test-fixtures';
import { KeywordPositionScreen } from './keyword-position-screen';
import { trackedKeyword, trackedList, trackedOverview, trendPoints, uncheckedKeyword } from './test-fixtures';

const ROUTES = screenRoutes('/keyword-position', <KeywordPositionScreen />);

const LIST = '/api/dfs/tracked-keywords';
const BATCH = '/api/dfs/tracked-keywords/batch';
const TREND = '/api/dfs/keyword-position-tracker';

interface Serve {
  usage?: SeoDataUsageReply;
  keywords?: TrackedKeyword[];
  overview?: TrackedKeywordsOverviewReply;
  keywordUsage?: { keywords_no: number; max_keywords: number };
  /** The answer to an add; by default the keywords join the list, unchecked. */
  add?: (call: ApiCall) => Response | undefined;
}

/**
 * The API of the screen: a tracked example.com (United States, en) whose keyword list changes as
 * keywords are added and removed.
 */
function serve({
  usage,
  keywords = [],
  overview = trackedOverview(),
  keywordUsage = { keywords_no: 12, max_keywords: 50 },
  add,
}: Serve = {}) {
  let list = [...keywords];
  stubDataApi({
    usage,
    screenCalls: (call) => {
      if (call.path === '/api/website-index/keyword-usage') return json(keywordUsage);
      if (call.path === '/api/dfs/tracked-keywords/overview') return json(overview);
      if (call.path === TREND) return json({ data: trendPoints([12, 9, null, 7]) });
      if (call.path === LIST && call.method === 'GET') return json(trackedList(list));
      if (call.path === LIST && call.method === 'DELETE') {
        const { keyword } = call.body as { keyword: string };
        list = list.filter((k) => k.keyword !== keyword);
        return new Response(null, { status: 204 });
      }
      if (call.path === BATCH && call.method === 'POST') {
        const answer = add?.(call);
        if (answer) return answer;
        list = [...list, ...(call.body as { keywords: string[] }).keywords.map((k) => uncheckedKeyword(k))];
        return json(trackedList(list), 201);
      }
      return undefined;
    },
  });
}

/** Holds every DELETE until the returned function is called (the row's spinner shows meanwhile). */
function holdDeletes(): () => void {
  const answer = fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') await held;
      return answer(input, init);
    }),
  );
  return release;
}

/** The first rows are in (the first render of a file builds every Ant Design style: give it time). */
const loaded = (text: string) => screen.findByText(text, {}, { timeout: 5000 });
/** The position cell of a row: the table's third column. */
const positionOf = (text: string) => rowOf(text).querySelectorAll('td')[2] as HTMLElement;
const trendOf = (text: string) => rowOf(text).querySelectorAll('td')[3] as HTMLElement;

afterEach(restoreStubs);

describe('the Keyword Position Tracker', () => {
  it("shows the website's tiles and its keywords with their columns", async () => {
    serve({
      overview: trackedOverview({ pending: 3 }),
      keywords: [
        trackedKeyword('oak table', {
          competitors: [
            { domain: 'rival.com', pos: 3 },
            { domain: 'other.org', pos: null },
          ],
        }),
        trackedKeyword('oak chair', { url: null, vol: null, cpc: null, r_no: null }),
      ],
    });
    renderRoutes(ROUTES, '/keyword-position');
    expect(await loaded('oak table')).toBeInTheDocument();

    const card = screen.getByText('Keywords Overview').closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('example.com', { selector: 'strong' })).toBeInTheDocument();
    expect(within(card).getByText('Positions in United States (en)')).toBeInTheDocument();
    expect(within(tile('Average position')).getByText('12.3')).toBeInTheDocument();
    expect(within(tile('Increased')).getByText('4')).toBeInTheDocument();
    expect(within(tile('Unchanged')).getByText('2')).toBeInTheDocument();
    expect(within(tile('Dropped')).getByText('1')).toBeInTheDocument();
    expect(screen.getByText('3 keywords waiting for their first check')).toBeInTheDocument();
    expect(query(callsTo('/api/dfs/tracked-keywords/overview')[0])).toEqual({ domain: 'example.com' });
    expect(query(callsTo(LIST)[0])).toEqual({ domain: 'example.com' });

    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual([
      '#',
      'Keyword',
      'Position',
      'Trend',
      'Competitors',
      'Search volume',
      'CPC',
      'Results',
      'URL',
      'Action',
    ]);
    const first = within(rowOf('oak table'));
    expect(first.getByText('1')).toBeInTheDocument();
    expect(first.getByText('rival.com').closest('li')).toHaveTextContent('rival.com3');
    expect(first.getByText('other.org').closest('li')).toHaveTextContent('other.org-');
    expect(first.getByText('2,400')).toBeInTheDocument();
    expect(first.getByText('$1.20')).toBeInTheDocument();
    expect(first.getByText('1,250,000')).toBeInTheDocument();
    const link = first.getByRole('link', { name: 'https://example.com/oak-table' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // No competitors, volume, cpc, results or page: '-' in each of those cells.
    expect(within(rowOf('oak chair')).getAllByText('-')).toHaveLength(5);
    expect(screen.getByText('2 keywords')).toBeInTheDocument();
  });

  it('shows each position: a spinner, "-", capped at 100, and the move since the check before', async () => {
    serve({
      keywords: [
        uncheckedKeyword('not checked'),
        trackedKeyword('not ranked', { pos: null, prev_pos: null }),
        trackedKeyword('deep', { pos: 130, prev_pos: 130 }),
        trackedKeyword('went up', { pos: 7, prev_pos: 10 }),
        trackedKeyword('went down', { pos: 9, prev_pos: 7 }),
        trackedKeyword('entered', { pos: 20, prev_pos: null }),
        trackedKeyword('first check', { pos: 15, prev_pos: undefined }),
      ],
    });
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('not checked');

    // Queued: a spinner, since when it waits (added 24 Nov, not today) and why.
    expect(positionOf('not checked').querySelector('.ant-spin')).not.toBeNull();
    expect(positionOf('not checked')).toHaveTextContent(
      /^Waiting since 09:00 UTC, 24 NovQueued for its first check$/,
    );
    expect(within(trendOf('not checked')).getByText('-')).toBeInTheDocument();

    expect(positionOf('not ranked')).toHaveTextContent(/^-Previous: -$/);
    expect(positionOf('not ranked').querySelector('.ant-spin')).toBeNull();
    expect(within(trendOf('not ranked')).getByText('-')).toBeInTheDocument();

    expect(within(positionOf('deep')).getByText('100')).toBeInTheDocument();
    expect(positionOf('deep')).toHaveTextContent(/^100Previous: 100$/);

    const up = within(positionOf('went up')).getByText('+3');
    expect(up).toHaveClass('seo-data-up');
    expect(up).toHaveAttribute('title', 'Up 3 positions');
    expect(up.querySelector('.anticon-arrow-up')).not.toBeNull();
    expect(positionOf('went up')).toHaveTextContent(/^7\+3Previous: 10$/);

    const down = within(positionOf('went down')).getByText('-2');
    expect(down).toHaveClass('seo-data-down');
    expect(down).toHaveAttribute('title', 'Down 2 positions');
    expect(down.querySelector('.anticon-arrow-down')).not.toBeNull();

    // Entering the top 100 is a gain, counted from 101.
    expect(within(positionOf('entered')).getByText('+81')).toHaveClass('seo-data-up');
    expect(positionOf('first check')).toHaveTextContent(/^15$/);
    expect(within(trendOf('went up')).getByRole('button', { name: 'Trend of went up' })).toBeInTheDocument();
  });

  it('warns when the last lookup failed, saying when it is tried again (UTC)', async () => {
    const retry_at = '2026-11-24T14:05:00.000Z';
    serve({
      keywords: [
        uncheckedKeyword('never checked', { retry_at, retry_reason: 'The data source answered HTTP 503.' }),
        trackedKeyword('kept', { pos: 4, prev_pos: 4, retry_at }),
      ],
    });
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('never checked');
    const text = 'The last lookup failed; it is tried again at 14:05 UTC.';

    // A keyword never checked says since when it waits and why, without a spinner: nothing is
    // under way until the retry. A checked one keeps its last position. Both show the warning.
    const waiting = positionOf('never checked');
    expect(waiting.querySelector('.ant-spin')).toBeNull();
    expect(waiting).toHaveTextContent(
      /^Waiting since 09:00 UTC, 24 NovThe lookup failed: The data source answered HTTP 503$/,
    );
    expect(within(waiting).getByRole('img', { name: text })).toBeInTheDocument();
    const kept = positionOf('kept');
    expect(within(kept).getByText('4')).toBeInTheDocument();
    const warning = within(kept).getByRole('img', { name: text });
    await userEvent.hover(warning);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
  });

  it('opens the trend chart of a keyword, read from its 12 months of positions', async () => {
    serve({ keywords: [trackedKeyword('oak table', { pos: 7, prev_pos: 9 })] });
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('oak table');
    expect(callsTo(TREND)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Trend of oak table' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Trend chart for: oak table')).toHaveClass('ant-modal-title');
    expect(dialog.querySelector('.ant-modal-body')).toHaveStyle({ height: '400px' });
    const chart = await within(dialog).findByRole('figure', {
      name: 'Positions of oak table over the last 12 months',
    });
    expect(chart.querySelector('.recharts-line-curve')).not.toBeNull();
    expect(query(callsTo(TREND)[0])).toEqual({
      phrase: 'oak table',
      domain: 'example.com',
      location: 'United States',
      language: 'en',
    });
  });

  it('removes a keyword: a spinner on its row, then the row goes', async () => {
    serve({ keywords: [trackedKeyword('oak table'), trackedKeyword('oak chair')] });
    const release = holdDeletes();
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('oak table');

    const remove = screen.getByRole('button', { name: 'Stop tracking oak table' });
    await userEvent.click(remove);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop tracking' }));
    await waitFor(() => expect(remove).toHaveClass('ant-btn-loading'));
    expect(screen.getByRole('button', { name: 'Stop tracking oak chair' })).not.toHaveClass(
      'ant-btn-loading',
    );
    expect(callsTo(LIST, 'DELETE').map((call) => call.body)).toEqual([
      { domain: 'example.com', keyword: 'oak table' },
    ]);

    release();
    await waitFor(() => expect(screen.queryByText('oak table')).toBeNull());
    expect(screen.getByText('oak chair')).toBeInTheDocument();
  });

  it('adds keywords in the website market, comma or newline separated; they wait for their first check', async () => {
    serve({ keywords: [trackedKeyword('oak table')] });
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('oak table');

    await userEvent.click(screen.getByRole('button', { name: 'Add keywords' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Keywords' });
    await userEvent.type(field, 'oak chair, oak desk{Enter}oak lamp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add keywords' }));

    expect(await screen.findByText('oak lamp')).toBeInTheDocument();
    expect(callsTo(BATCH, 'POST').map((call) => call.body)).toEqual([
      {
        domain: 'example.com',
        location_name: 'United States',
        language_code: 'en',
        keywords: ['oak chair', 'oak desk', 'oak lamp'],
      },
    ]);
    expect(positionOf('oak lamp').querySelector('.ant-spin')).not.toBeNull();
    expect(await screen.findByText('Keywords added.')).toBeInTheDocument();
  });

  it("says 'Keywords exceeded limit' before sending more than the plan has room for", async () => {
    serve({ keywords: [trackedKeyword('oak table')], keywordUsage: { keywords_no: 9, max_keywords: 10 } });
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('oak table');

    await userEvent.click(screen.getByRole('button', { name: 'Add keywords' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Keywords' });
    const submit = within(dialog).getByRole('button', { name: 'Add keywords' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('This field is required!')).toBeInTheDocument();

    await userEvent.type(field, 'oak chair, oak desk');
    await userEvent.click(submit);
    expect(await within(dialog).findByText(WEBSITE_MESSAGES.keywordsExceeded)).toBeInTheDocument();
    expect(callsTo(BATCH)).toHaveLength(0);

    // A keyword the website already tracks takes no room: one new keyword fits.
    await userEvent.clear(field);
    await userEvent.type(field, 'oak table, oak chair');
    await userEvent.click(submit);
    await waitFor(() => expect(callsTo(BATCH)).toHaveLength(1));
  });

  it("shows the server's refusal (403) on the field", async () => {
    const refusal = WEBSITE_MESSAGES.keywordsAtLimit(50);
    serve({
      keywords: [trackedKeyword('oak table')],
      add: () =>
        json({ error: refusal, code: 'forbidden', fields: [{ field: 'keywords', message: refusal }] }, 403),
    });
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('oak table');

    await userEvent.click(screen.getByRole('button', { name: 'Add keywords' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), 'oak chair');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add keywords' }));
    const message = await within(dialog).findByText(refusal);
    expect(message.closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('hides the add button once the plan maximum is reached', async () => {
    serve({ keywords: [trackedKeyword('oak table')], keywordUsage: { keywords_no: 10, max_keywords: 10 } });
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('oak table');
    expect(await screen.findByText(WEBSITE_MESSAGES.keywordsAtLimit(10))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add keywords' })).toBeNull();
  });

  it('says when the domain tracks no keyword, and offers to add some', async () => {
    serve({
      keywords: [],
      overview: trackedOverview({ avg_pos: null, increased: 0, unchanged: 0, dropped: 0 }),
    });
    renderRoutes(ROUTES, '/keyword-position');
    expect(await loaded("You haven't set any keywords to track for this domain!")).toBeInTheDocument();
    expect(within(tile('Average position')).getByText('-')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add keywords' })).toBeInTheDocument();
  });

  it('without a data source, still lists the keywords, with no spinner and the panel above them', async () => {
    serve({
      usage: noSourceUsage(),
      overview: trackedOverview({ pending: 2 }),
      keywords: [uncheckedKeyword('oak table'), uncheckedKeyword('oak chair')],
    });
    renderRoutes(ROUTES, '/keyword-position');
    expect(await loaded(SEO_DATA_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.getByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeInTheDocument();
    await screen.findByText('oak table');
    expect(document.querySelectorAll('.kp-table tbody .ant-spin')).toHaveLength(0);
    const cell = within(positionOf('oak table')).getByText('-');
    await userEvent.hover(cell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not checked: no data source');
    expect(screen.queryByText(/waiting for their first check/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add keywords' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop tracking oak table' })).toBeInTheDocument();
  });

  it('reads the list again every 10 s while a keyword awaits its first check, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({ keywords: [trackedKeyword('oak table'), uncheckedKeyword('oak chair')] });
    const answer = fetch;
    let reads = 0;
    // The second read finds the keyword checked.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (new URL(input, 'http://sitelens.test').pathname !== LIST) return answer(input, init);
        reads += 1;
        return reads === 1
          ? answer(input, init)
          : json(
              trackedList([
                trackedKeyword('oak table'),
                trackedKeyword('oak chair', { pos: 4, prev_pos: undefined }),
              ]),
            );
      }),
    );
    renderRoutes(ROUTES, '/keyword-position');
    await loaded('oak chair');
    expect(positionOf('oak chair').querySelector('.ant-spin')).not.toBeNull();
    expect(callsTo(LIST, 'GET')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(callsTo(LIST, 'GET')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(callsTo(LIST, 'GET')).toHaveLength(2);
    await waitFor(() => expect(positionOf('oak chair')).toHaveTextContent(/^4$/));

    await vi.advanceTimersByTimeAsync(25_000);
    expect(callsTo(LIST, 'GET')).toHaveLength(2);
  });

  it('does not poll without a data source', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({
      usage: noSourceUsage(),
      keywords: [uncheckedKeyword('oak chair')],
    });
    renderRoutes(ROUTES, '/keyword-position');
    await loaded(SEO_DATA_MESSAGES.notConfigured);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(callsTo(LIST, 'GET')).toHaveLength(1);
  });

  it('sends a visitor without a tracked website to the dashboard', async () => {
    stubDataApi({ websites: [] });
    renderRoutes(ROUTES, '/keyword-position');
    expect(
      await loaded(
        'You do not track any website yet. Add one on the dashboard to track its keyword positions here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
