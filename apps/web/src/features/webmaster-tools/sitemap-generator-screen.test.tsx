import {
  EXCLUSION_LABELS,
  type ExcludedReply,
  type SitemapRun,
  type ToolRun,
  WEBMASTER_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { W, website } from '../deep-analysis/test-fixtures';
import { SitemapGeneratorScreen } from './sitemap-generator-screen';
import { type ApiCall, callsTo, RUN, sitemapRun, stubCalls, toolRun } from './test-fixtures';
import { RUN_POLL_MS } from './webmaster-tools.queries';

const ROUTES = [
  { path: '/sitemap-generator', element: <SitemapGeneratorScreen /> },
  { path: '/subscription/plans', element: <p>plans screen</p> },
];

const EXCLUDED: ExcludedReply['data'] = [
  { url: 'https://example.com/old-page', reason: 'redirect', status: 301 },
  { url: 'https://example.com/drafts/1', reason: 'noindex', status: 200 },
  { url: 'https://example.com/gone', reason: 'not_found', status: 404 },
];

interface Serve {
  websites?: Website[];
  runs?: ToolRun[];
  /** The run's answers in turn; the last one repeats. */
  run?: SitemapRun[];
  excluded?: (call: ApiCall) => Response;
  extra?: (call: ApiCall) => Response | undefined;
}

function serve({
  websites = [website()],
  runs = [],
  run = [sitemapRun()],
  excluded = () => json({ data: EXCLUDED, meta: { last_evaluated_key: null } }),
  extra = () => undefined,
}: Serve = {}) {
  let reads = 0;
  stubCalls((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/api/website-index') return json(websites);
    if (call.path.startsWith('/api/website-index/favicon/')) return new Response('', { status: 404 });
    if (call.path === '/api/sitemap-generator' && call.method === 'GET') return json({ data: runs });
    if (call.path === `/api/sitemap-generator/${RUN}`) return json(run[Math.min(reads++, run.length - 1)]);
    if (call.path === `/api/sitemap-generator/${RUN}/excluded`) return excluded(call);
    return undefined;
  });
}

const switchOf = (label: string) => screen.getByRole('switch', { name: label });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the Sitemap Generator screen', () => {
  it('generates a sitemap with the options chosen: progress every 3 s, then the result', async () => {
    // The test moves the clock to the next poll instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const running = toolRun({
      tool: 'sitemap',
      status: 'running',
      phase: 'crawling',
      pages_crawled: 40,
      finished_at: null,
    });
    serve({
      run: [sitemapRun({ run: running, result: null }), sitemapRun()],
      extra: (call) =>
        call.path === '/api/sitemap-generator' && call.method === 'POST' ? json(running, 202) : undefined,
    });
    const router = renderRoutes(ROUTES, '/sitemap-generator');
    expect(await screen.findByText(WEBMASTER_MESSAGES.noSitemapRuns)).toBeInTheDocument();
    expect(screen.getByText(WEBMASTER_MESSAGES.changefreqIgnored)).toBeInTheDocument();
    expect(switchOf('Include lastmod')).toBeChecked();
    expect(switchOf('Include images')).not.toBeChecked();
    expect(switchOf('priority')).not.toBeChecked();
    expect(switchOf('Compress (gzip)')).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'changefreq' }).closest('.ant-select')).toHaveTextContent(
      'None',
    );

    await user.click(switchOf('Include images'));
    await user.click(switchOf('Compress (gzip)'));
    await user.click(screen.getByRole('combobox', { name: 'changefreq' }));
    await user.click(await screen.findByTitle('weekly'));
    await user.type(screen.getByLabelText('Exclude paths'), '/tag/*{Enter}{Enter}  /drafts  ');
    await user.click(screen.getByRole('button', { name: 'Generate sitemap' }));

    await vi.waitFor(() => expect(router.state.location.search).toBe(`?run=${RUN}&w_guid=${W}`));
    expect(callsTo('/api/sitemap-generator', 'POST')[0]?.body).toEqual({
      w_guid: W,
      options: {
        lastmod: true,
        images: true,
        changefreq: 'weekly',
        priority: false,
        exclude: ['/tag/*', '/drafts'],
        gzip: true,
      },
    });
    expect(await screen.findByText('Crawling the site')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    // A sitemap has no links to count.
    expect(screen.queryByText('Links checked')).toBeNull();

    // The next poll, 3 s later, finds the run finished.
    await vi.advanceTimersByTimeAsync(RUN_POLL_MS);
    const included = (await screen.findByText('URLs in the sitemap')).closest('.ant-statistic');
    expect(included).toHaveTextContent('98');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: `${EXCLUSION_LABELS.redirect} 12` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${EXCLUSION_LABELS.noindex} 5` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(EXCLUSION_LABELS.blocked_by_robots) })).toBeNull();
    expect(
      screen.getByText(`${window.location.origin}/api/sitemaps/abcdefghijklmnopqrstuv/sitemap.xml`),
    ).toBeInTheDocument();
  });

  it('says a pattern the API would refuse on its field, without starting', async () => {
    serve();
    renderRoutes(ROUTES, '/sitemap-generator');
    await userEvent.type(await screen.findByLabelText('Exclude paths'), 'tag/*');
    await userEvent.click(screen.getByRole('button', { name: 'Generate sitemap' }));
    expect(await screen.findByText('tag/*: A pattern starts with / or *')).toBeInTheDocument();
    expect(callsTo('/api/sitemap-generator', 'POST')).toEqual([]);
  });

  it("shows a plan's refusal with the way to the plans", async () => {
    const limit = 'Your plan allows up to 10 SEO checkups in this billing period.';
    serve({
      extra: (call) =>
        call.path === '/api/sitemap-generator' && call.method === 'POST'
          ? json({ error: limit }, 403)
          : undefined,
    });
    renderRoutes(ROUTES, '/sitemap-generator');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate sitemap' }));
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText(limit)).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('link', { name: 'See the plans' }));
    expect(await screen.findByText('plans screen')).toBeInTheDocument();
  });

  it('lists the files, the index first, and downloads one under its name', async () => {
    serve({
      run: [
        sitemapRun({
          result: {
            ...sitemapRun().result!,
            included: 61_000,
            files: [
              { name: 'sitemap-1.xml.gz', entries: 50_000, bytes: 2_400_000, index: false },
              { name: 'sitemap-2.xml.gz', entries: 11_000, bytes: 530_000, index: false },
              { name: 'sitemap.xml', entries: 2, bytes: 320, index: true },
            ],
          },
        }),
      ],
      extra: (call) =>
        call.path === `/api/sitemap-generator/${RUN}/files/sitemap-2.xml.gz`
          ? new Response('<?xml version="1.0"?>', { status: 200 })
          : undefined,
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:sitemap');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(ROUTES, `/sitemap-generator?w_guid=${W}&run=${RUN}`);
    const files = within((await screen.findByText('Files')).closest('.ant-card') as HTMLElement);
    const rows = files.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['sitemap.xmlIndex', '2 sitemaps', '320 B'],
      ['sitemap-1.xml.gz', '50,000', '2.3 MB'],
      ['sitemap-2.xml.gz', '11,000', '517.6 KB'],
    ]);

    await userEvent.click(files.getByRole('button', { name: 'Download sitemap-2.xml.gz' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('sitemap-2.xml.gz');
  });

  it('filters the left-out URLs by reason, from its count or the select, and reads page after page', async () => {
    serve({
      excluded: (call) =>
        call.query.get('last_evaluated_key') === 'page-2'
          ? json({
              data: [{ url: 'https://example.com/more', reason: 'redirect', status: 302 }],
              meta: { last_evaluated_key: null },
            })
          : json({ data: EXCLUDED, meta: { last_evaluated_key: 'page-2' } }),
    });
    renderRoutes(ROUTES, `/sitemap-generator?w_guid=${W}&run=${RUN}`);
    const leftOut = within(
      (await screen.findByText('Left out of the sitemap')).closest('.ant-card') as HTMLElement,
    );
    const row = (await leftOut.findByText('https://example.com/gone')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['https://example.com/gone', EXCLUSION_LABELS.not_found, '404']);
    const lastReason = () => callsTo(`/api/sitemap-generator/${RUN}/excluded`).at(-1)?.query.get('reason');
    expect(lastReason()).toBeNull();

    const redirects = screen.getByRole('button', { name: `${EXCLUSION_LABELS.redirect} 12` });
    await userEvent.click(redirects);
    expect(redirects).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(lastReason()).toBe('redirect'));
    expect(leftOut.getByRole('combobox', { name: 'Reason' }).closest('.ant-select')).toHaveTextContent(
      EXCLUSION_LABELS.redirect,
    );

    await userEvent.click(leftOut.getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByTitle(EXCLUSION_LABELS.noindex));
    await vi.waitFor(() => expect(lastReason()).toBe('noindex'));
    expect(redirects).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(await leftOut.findByRole('button', { name: 'Load more' }));
    expect(await leftOut.findByText('https://example.com/more')).toBeInTheDocument();
    expect(callsTo(`/api/sitemap-generator/${RUN}/excluded`).at(-1)?.query.get('reason')).toBe('noindex');
  });

  it('says when no page could go in, and that a URL typed in keeps no stable address', async () => {
    serve({
      run: [
        sitemapRun({
          run: toolRun({ tool: 'sitemap', w_guid: null, url: 'https://shop.test/' }),
          result: {
            included: 0,
            excluded: { blocked_by_robots: 40 },
            files: [],
            preview: [],
            feed_url: null,
          },
        }),
      ],
      excluded: () => json({ data: [], meta: { last_evaluated_key: null } }),
    });
    renderRoutes(ROUTES, `/sitemap-generator?run=${RUN}`);
    expect(await screen.findByText(WEBMASTER_MESSAGES.noIndexablePages)).toBeInTheDocument();
    expect(screen.getByText(WEBMASTER_MESSAGES.feedOnlyForWebsite)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `${EXCLUSION_LABELS.blocked_by_robots} 40` }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Files')).toBeNull();
  });

  it('previews the first URLs with their lastmod and, when asked for, their images', async () => {
    serve({ run: [sitemapRun({ options: { ...sitemapRun().options, images: true } })] });
    renderRoutes(ROUTES, `/sitemap-generator?w_guid=${W}&run=${RUN}`);
    const preview = within((await screen.findByText('Preview')).closest('.ant-card') as HTMLElement);
    expect(preview.getByText('The first 2 of 98 URLs')).toBeInTheDocument();
    const rows = preview.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['https://example.com/', 'Nov 02, 2026', '2'],
      ['https://example.com/about', '-', '0'],
    ]);
  });

  it("shows a failed run's error", async () => {
    serve({
      run: [
        sitemapRun({
          run: toolRun({
            tool: 'sitemap',
            status: 'failed',
            phase: 'failed',
            error: 'robots.txt forbids crawling.',
          }),
          result: null,
        }),
      ],
    });
    renderRoutes(ROUTES, `/sitemap-generator?w_guid=${W}&run=${RUN}`);
    expect(await screen.findByText('robots.txt forbids crawling.')).toBeInTheDocument();
  });
});
