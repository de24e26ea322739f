import {
  type BrokenLink,
  type BrokenLinksRun,
  MESSAGES,
  type ToolRun,
  WEBMASTER_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { W, website } from '../deep-analysis/test-fixtures';
import { BrokenLinksScreen } from './broken-links-screen';
import {
  type ApiCall,
  brokenLinksRun,
  callsTo,
  link,
  OLD_RUN,
  RUN,
  stubCalls,
  toolRun,
} from './test-fixtures';
import { RUN_POLL_MS } from './webmaster-tools.queries';

const ROUTES = [
  { path: '/broken-links', element: <BrokenLinksScreen /> },
  { path: '/subscription/plans', element: <p>plans screen</p> },
];

const LINKS: BrokenLink[] = [
  link(1),
  link(2, {
    url: 'https://partner.test/gone',
    internal: false,
    kind: 'not_verified',
    status: null,
    reason: 'Timed out after 15 s',
    anchor: 'Our partner',
    change: 'new',
  }),
  link(3, {
    url: 'http://example.com/old',
    kind: 'redirect_chain',
    status: 301,
    redirect_chain: [
      { url: 'https://example.com/old', status: 301 },
      { url: 'https://www.example.com/old', status: 302 },
      { url: 'https://www.example.com/new', status: 200 },
    ],
    found_on_count: 14,
  }),
];

interface Serve {
  websites?: Website[];
  runs?: ToolRun[];
  /** The run's answers in turn; the last one repeats. */
  run?: BrokenLinksRun[];
  links?: (call: ApiCall) => Response;
  extra?: (call: ApiCall) => Response | undefined;
}

function serve({
  websites = [website()],
  runs = [],
  run = [brokenLinksRun()],
  links = () => json({ data: LINKS, meta: { last_evaluated_key: null, total: LINKS.length } }),
  extra = () => undefined,
}: Serve = {}) {
  let reads = 0;
  stubCalls((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/api/website-index') return json(websites);
    if (call.path.startsWith('/api/website-index/favicon/')) return new Response('', { status: 404 });
    if (call.path === '/api/broken-links' && call.method === 'GET') return json({ data: runs });
    if (call.path === `/api/broken-links/${RUN}`) return json(run[Math.min(reads++, run.length - 1)]);
    if (call.path === `/api/broken-links/${RUN}/links`) return links(call);
    return undefined;
  });
}

/** The pause in typing the link list's search waits for before it asks the server. */
const SEARCH_DELAY_MS = 300;

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the Broken Links screen', () => {
  it('checks the selected website: its progress every 3 s, then what it found', async () => {
    // The test moves the clock to the next poll instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const running = toolRun({
      status: 'running',
      phase: 'checking_links',
      pages_crawled: 120,
      links_found: 1200,
      links_checked: 300,
      broken_found: 2,
      finished_at: null,
    });
    serve({
      run: [brokenLinksRun({ run: running }), brokenLinksRun()],
      extra: (call) =>
        call.path === '/api/broken-links' && call.method === 'POST' ? json(running, 202) : undefined,
    });
    // The links answer once the counts are checked: with their table in, a role query costs seconds.
    const answer = fetch;
    let showLinks = () => {};
    const linksHeld = new Promise<void>((resolve) => {
      showLinks = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (new URL(input, 'http://sitelens.test').pathname === `/api/broken-links/${RUN}/links`)
          await linksHeld;
        return answer(input, init);
      }),
    );
    const router = renderRoutes(ROUTES, '/broken-links');
    expect(await screen.findByText(WEBMASTER_MESSAGES.noRuns)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Tracked website' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Check links' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?run=${RUN}&w_guid=${W}`));
    expect(callsTo('/api/broken-links', 'POST')[0]?.body).toEqual({ w_guid: W });

    expect(await screen.findByText('Checking the links')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    const progress = within(screen.getByText('Checking the links').closest('.ant-card') as HTMLElement);
    const figure = (title: string) => progress.getByText(title).closest('.ant-statistic');
    expect(figure('Pages crawled')).toHaveTextContent('120of 5,000 at most');
    expect(figure('Links checked')).toHaveTextContent('300of 1,200');
    expect(figure('Broken found')).toHaveTextContent('2');

    // The next poll, 3 s later, finds the run finished.
    await vi.advanceTimersByTimeAsync(RUN_POLL_MS);
    expect(await screen.findByRole('button', { name: 'Broken 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Broken 3' })).toHaveAccessibleDescription(
      '2 internal, 1 external',
    );
    expect(screen.getByRole('button', { name: 'Redirected 7' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    showLinks();
    expect(await screen.findByRole('link', { name: 'https://example.com/missing-1' })).toHaveAttribute(
      'target',
      '_blank',
    );
    // The run ended: the recent runs are read again.
    await vi.waitFor(() => expect(callsTo('/api/broken-links', 'GET').length).toBeGreaterThan(1));
  });

  it('checks a URL typed in, and says on the field what is wrong with it', async () => {
    serve({
      websites: [],
      extra: (call) => {
        if (call.path !== '/api/broken-links' || call.method !== 'POST') return undefined;
        return (call.body as { url: string }).url === 'https://intranet.invalid'
          ? json(
              {
                error: 'url: Provide a valid URL',
                fields: [{ field: 'url', message: 'Provide a valid URL' }],
              },
              400,
            )
          : json(toolRun({ status: 'running', phase: 'queued', w_guid: null }), 202);
      },
    });
    const router = renderRoutes(ROUTES, '/broken-links');
    const url = await screen.findByLabelText('URL');
    // Without a tracked website there is nothing to choose between.
    expect(screen.queryByRole('radio', { name: 'Tracked website' })).toBeNull();

    await userEvent.type(url, 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Check links' }));
    expect(await screen.findByText('Provide a valid URL')).toBeInTheDocument();
    expect(callsTo('/api/broken-links', 'POST')).toEqual([]);

    // The server's refusal of a URL the form let through shows on the same field.
    await userEvent.clear(url);
    await userEvent.type(url, 'intranet.invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Check links' }));
    await vi.waitFor(() => expect(callsTo('/api/broken-links', 'POST')).toHaveLength(1));
    expect(await screen.findByText('Provide a valid URL')).toBeInTheDocument();

    await userEvent.clear(url);
    await userEvent.type(url, 'example.org/shop');
    await userEvent.click(screen.getByRole('button', { name: 'Check links' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?run=${RUN}`));
    expect(callsTo('/api/broken-links', 'POST').at(-1)?.body).toEqual({ url: 'https://example.org/shop' });
  });

  it("shows a plan's refusal with the way to the plans, and a run already going", async () => {
    let answer = json({ error: MESSAGES.featureNotInPlan }, 403);
    serve({
      extra: (call) => (call.path === '/api/broken-links' && call.method === 'POST' ? answer : undefined),
    });
    renderRoutes(ROUTES, '/broken-links');
    await userEvent.click(await screen.findByText('Any URL'));
    await userEvent.type(screen.getByLabelText('URL'), 'https://example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Check links' }));
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText(MESSAGES.featureNotInPlan)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/subscription/plans',
    );

    answer = json({ error: WEBMASTER_MESSAGES.alreadyRunning }, 409);
    await userEvent.click(screen.getByRole('button', { name: 'Check links' }));
    expect(await screen.findByText(WEBMASTER_MESSAGES.alreadyRunning)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.featureNotInPlan)).toBeNull();
  });

  it('lists the links: URL, internal or external, new, status, type and its reason, anchor and pages', async () => {
    serve();
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    await screen.findByRole('link', { name: 'https://partner.test/gone' });
    expect(screen.getByText('3 links')).toBeInTheDocument();

    const partner = rowOf('Our partner');
    expect(within(partner).getByText('External')).toBeInTheDocument();
    expect(within(partner).getByText('New')).toBeInTheDocument();
    expect(within(partner).getByText('No answer')).toBeInTheDocument();
    expect(within(partner).getByText('Not verified')).toBeInTheDocument();
    expect(within(partner).getByText('Timed out after 15 s')).toBeInTheDocument();
    await userEvent.hover(within(partner).getByLabelText('Why not verified'));
    expect(await screen.findByText(WEBMASTER_MESSAGES.notVerifiedMeaning)).toBeInTheDocument();

    const missing = rowOf('Missing 1');
    expect(within(missing).getByText('Internal')).toBeInTheDocument();
    expect(within(missing).queryByText('New')).toBeNull();
    expect(within(missing).getByText('404')).toBeInTheDocument();
    expect(within(missing).getByText('Broken')).toBeInTheDocument();
    expect(within(rowOf('Missing 3')).getByText('14 pages')).toBeInTheDocument();
  });

  it('opens a row on the pages the link is on and, for a redirect, its hops', async () => {
    serve({
      extra: (call) =>
        call.path === `/api/broken-links/${RUN}/links/${LINKS[2]?.guid}/pages`
          ? json({
              data: [
                { url: 'https://example.com/blog/a', anchor: 'old page' },
                { url: 'https://example.com/blog/b', anchor: '' },
              ],
              meta: { total: 14 },
            })
          : undefined,
    });
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    const toggle = await screen.findByRole('button', { name: 'Found on 14 pages: http://example.com/old' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'https://example.com/blog/a' })).toBeInTheDocument();
    expect(screen.getByText('“old page”', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('and 12 more')).toBeInTheDocument();
    const hops = screen.getByText('Redirects').closest('section') as HTMLElement;
    expect(
      within(hops)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '301 https://example.com/old',
      '302 https://www.example.com/old',
      '200 https://www.example.com/new',
    ]);
  });

  it('filters by the count cards, type, scope, status class and search, and sorts on the server', async () => {
    // The search waits for a pause in typing: the test moves the clock past it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    serve();
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    const list = within(
      (await screen.findByRole('link', { name: 'https://example.com/missing-1' })).closest(
        '.wt-list',
      ) as HTMLElement,
    );
    const lastQuery = () => Object.fromEntries(callsTo(`/api/broken-links/${RUN}/links`).at(-1)?.query ?? []);
    expect(lastQuery()).toEqual({ sort: 'pages', order: 'desc' });

    const loops = screen.getByRole('button', { name: 'Redirect loop 1' });
    await user.click(loops);
    expect(loops).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() =>
      expect(lastQuery()).toEqual({ sort: 'pages', order: 'desc', kind: 'redirect_loop' }),
    );
    expect(screen.getByRole('combobox', { name: 'Type' }).closest('.ant-select')).toHaveTextContent(
      'Redirect loop',
    );
    await user.click(loops);
    expect(loops).toHaveAttribute('aria-pressed', 'false');
    await vi.waitFor(() => expect(lastQuery()).toEqual({ sort: 'pages', order: 'desc' }));

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByTitle('Working'));
    await vi.waitFor(() => expect(lastQuery().kind).toBe('ok'));

    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Internal or external' })).getByText('External'),
    );
    await vi.waitFor(() => expect(lastQuery().scope).toBe('external'));

    await user.click(screen.getByRole('combobox', { name: 'Status class' }));
    await user.click(await screen.findByTitle('4xx'));
    await vi.waitFor(() => expect(lastQuery().status_class).toBe('4xx'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'partner');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    await vi.waitFor(() => expect(lastQuery().q).toBe('partner'));
    expect(lastQuery()).toEqual({
      sort: 'pages',
      order: 'desc',
      kind: 'ok',
      scope: 'external',
      status_class: '4xx',
      q: 'partner',
    });
    // One request for the whole word, not one per letter.
    expect(callsTo(`/api/broken-links/${RUN}/links`).filter((c) => c.query.has('q'))).toHaveLength(1);

    await user.click(list.getByRole('columnheader', { name: 'Status' }));
    await vi.waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'status', order: 'desc' }));
    await user.click(list.getByRole('columnheader', { name: 'Status' }));
    await vi.waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'status', order: 'asc' }));
    await user.click(list.getByRole('columnheader', { name: 'URL' }));
    await vi.waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'url', order: 'asc' }));
  });

  it('says what an empty list means: no broken links, or none under these filters', async () => {
    serve({ links: () => json({ data: [], meta: { last_evaluated_key: null, total: 0 } }) });
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    expect(await screen.findByText(WEBMASTER_MESSAGES.noBrokenLinks)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Broken 3' }));
    expect(await screen.findByText('No link matches these filters.')).toBeInTheDocument();
  });

  it("reads the next page with the last page's key", async () => {
    serve({
      links: (call) =>
        call.query.get('last_evaluated_key') === 'page-2'
          ? json({ data: [link(4)], meta: { last_evaluated_key: null, total: 4 } })
          : json({ data: LINKS, meta: { last_evaluated_key: 'page-2', total: 4 } }),
    });
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'https://example.com/missing-4' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.com/missing-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('re-checks one link; the run shows its progress again', async () => {
    const rechecking = toolRun({
      status: 'running',
      phase: 'checking_links',
      links_checked: 0,
      finished_at: null,
    });
    serve({
      extra: (call) => (call.path === `/api/broken-links/${RUN}/recheck` ? json(rechecking, 202) : undefined),
    });
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Re-check https://partner.test/gone' }));
    await vi.waitFor(() =>
      expect(callsTo(`/api/broken-links/${RUN}/recheck`)[0]?.body).toEqual({ link_guids: [LINKS[1]?.guid] }),
    );
    expect(await screen.findByText('Checking the links')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it("'Re-check all problems' posts no link list", async () => {
    serve({
      extra: (call) =>
        call.path === `/api/broken-links/${RUN}/recheck`
          ? json(toolRun({ status: 'running', phase: 'checking_links', finished_at: null }), 202)
          : undefined,
    });
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Re-check all problems' }));
    await vi.waitFor(() => expect(callsTo(`/api/broken-links/${RUN}/recheck`)[0]?.body).toEqual({}));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  });

  it('exports the list the filters show as CSV', async () => {
    serve({
      extra: (call) =>
        call.path === `/api/broken-links/${RUN}/export.csv`
          ? new Response('url,status\n', { status: 200 })
          : undefined,
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:links');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Broken 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('example.com-broken-links.csv');
    expect(Object.fromEntries(callsTo(`/api/broken-links/${RUN}/export.csv`)[0]?.query ?? [])).toEqual({
      kind: 'broken',
      sort: 'pages',
      order: 'desc',
    });
  });

  it('warns of a capped crawl and compares with the previous check, listing what was fixed', async () => {
    serve({
      run: [
        brokenLinksRun({
          run: toolRun({ capped: true, pages_crawled: 5000 }),
          comparison: {
            previous_guid: OLD_RUN,
            previous_c_at: '2026-11-13T10:00:00.000Z',
            new: 2,
            fixed: 3,
            fixed_urls: [
              { url: 'https://example.com/was-broken', kind: 'broken' },
              { url: 'https://example.com/was-looping', kind: 'redirect_loop' },
            ],
          },
        }),
      ],
    });
    const router = renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    expect(await screen.findByText(WEBMASTER_MESSAGES.capped(5000))).toBeInTheDocument();
    expect(screen.getByText('Compared with the check of Nov 13, 2026: 2 new, 3 fixed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fixed links (3)' }));
    expect(await screen.findByText('https://example.com/was-broken')).toBeInTheDocument();
    expect(screen.getByText('and 1 more')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open that check' }));
    expect(router.state.location.search).toBe(`?run=${OLD_RUN}&w_guid=${W}`);
  });

  it("shows a failed run's error, and opens a recent run", async () => {
    serve({
      run: [
        brokenLinksRun({
          run: toolRun({ status: 'failed', phase: 'failed', error: 'The site did not answer.' }),
        }),
      ],
      runs: [
        toolRun({ status: 'failed', phase: 'failed', broken_found: 0 }),
        toolRun({ guid: OLD_RUN, c_at: '2026-11-13T10:00:00.000Z', broken_found: 9 }),
      ],
    });
    const router = renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    expect(await screen.findByText('The site did not answer.')).toBeInTheDocument();
    const recent = screen.getByText('Recent runs').closest('.ant-card') as HTMLElement;
    expect(await within(recent).findByText('Shown above')).toBeInTheDocument();
    // The failed run measured nothing: no "0 broken found".
    const failed = within(recent).getByText('Failed').closest('tr') as HTMLElement;
    expect(within(failed).getByTitle('Not measured: the run failed')).toHaveTextContent('—');
    expect(within(failed).queryByText('0')).toBeNull();
    const older = within(recent).getByText('9').closest('tr') as HTMLElement;
    expect(within(older).getByText('Completed')).toBeInTheDocument();
    await userEvent.click(within(older).getByRole('button', { name: /^Open the run of Nov 13, 2026/ }));
    expect(router.state.location.search).toBe(`?run=${OLD_RUN}&w_guid=${W}`);
  });

  it('reads the recent runs again while one of them is running, so a run that failed at once shows as failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const failed = toolRun({
      status: 'failed',
      phase: 'failed',
      broken_found: 0,
      error: 'The site did not answer.',
    });
    let listed: ToolRun[] = [
      toolRun({ status: 'running', phase: 'crawling', broken_found: 0, finished_at: null }),
    ];
    serve({
      run: [brokenLinksRun({ run: failed })],
      extra: (call) =>
        call.path === '/api/broken-links' && call.method === 'GET' ? json({ data: listed }) : undefined,
    });
    renderRoutes(ROUTES, `/broken-links?w_guid=${W}&run=${RUN}`);
    expect(await screen.findByText('The site did not answer.')).toBeInTheDocument();
    const recent = screen.getByText('Recent runs').closest('.ant-card') as HTMLElement;
    expect(await within(recent).findByText('Running')).toBeInTheDocument();
    listed = [failed];
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await within(recent).findByText('Failed')).toBeInTheDocument();
    expect(within(recent).queryByText('Running')).toBeNull();
    // Nothing runs any more: the list is not read again.
    const reads = callsTo('/api/broken-links', 'GET').length;
    await vi.advanceTimersByTimeAsync(9_000);
    expect(callsTo('/api/broken-links', 'GET')).toHaveLength(reads);
  });

  it("lists a tracked website's runs, or the runs of URLs typed in", async () => {
    serve();
    renderRoutes(ROUTES, '/broken-links');
    expect(await screen.findByText(WEBMASTER_MESSAGES.noRuns)).toBeInTheDocument();
    expect(callsTo('/api/broken-links', 'GET').at(-1)?.query.get('w_guid')).toBe(W);
    await userEvent.click(screen.getByText('Any URL'));
    await vi.waitFor(() =>
      expect(callsTo('/api/broken-links', 'GET').at(-1)?.query.has('w_guid')).toBe(false),
    );
  });
});
