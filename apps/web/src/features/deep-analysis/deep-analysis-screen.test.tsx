import {
  AUDIT_OVERVIEW_MESSAGES,
  type AuditOverview,
  type CrawlComparison,
  type Website,
} from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { DeepAnalysisScreen } from './deep-analysis-screen';
import { SetupDomainScreen } from './setup-domain-screen';
import { callsOf, W, website } from './test-fixtures';

const NEW_SITE = '00000000-0000-4000-8000-0000000000a2';

const ROUTES = [
  { path: '/deep-analysis', element: <DeepAnalysisScreen /> },
  { path: '/deep-analysis/setup-domain', element: <SetupDomainScreen /> },
  { path: '/deep-analysis/failed-check/:key', element: <p>failed check screen</p> },
];

const overview = (fields: Partial<AuditOverview> = {}): AuditOverview => ({
  w_guid: W,
  domain: 'example.com',
  favicon_url: `/api/website-index/favicon/${W}`,
  screenshot_url: null,
  written_by: 'crawl',
  c_at: '2026-11-20T10:00:00.000Z',
  summary: 'example.com: 10 of 10 monitored URLs analyzed, with an average SEO score of 71/100 (fair).',
  overall_score: 71,
  monitored_urls: 10,
  analyzed_urls: 10,
  key_strengths: [
    { test_key: 'meta-title', title: 'Meta title', detail: 'Passes on all 10 URLs analyzed.', relevance: 9 },
  ],
  key_weaknesses: [
    {
      test_key: 'meta-description',
      title: 'Meta description',
      detail: 'Fails on 4 of 10 URLs analyzed (40 %).',
      relevance: 9,
      impact_score: 3.6,
      impact: 'LOW',
    },
  ],
  page_group_insights: {
    content_overview: '2 page groups: Blog (4 URLs); Main pages (6 URLs).',
    key_page_groups: [],
  },
  comparison: { current: null, previous: null, summary: { new: 0, fixed: 0, still_open: 0 } },
  rendering: { sampled: 0, javascript_pages: 0, rendered_by_javascript: false, message: null },
  failed_crawl: null,
  ...fields,
});

const comparison = (fields: Partial<CrawlComparison> = {}): CrawlComparison => ({
  current: { c_at: '2026-11-20T10:00:00.000Z', urls: 10, analysed: 10, score: 71 },
  previous: { c_at: '2026-11-13T10:00:00.000Z', urls: 10, analysed: 10, score: 65 },
  checks: [
    { test_key: 'meta-description', title: 'Meta description', new: 0, fixed: 6, still_open: 4 },
    { test_key: 'image-alt', title: 'Image alt text', new: 3, fixed: 0, still_open: 0 },
  ],
  summary: { new: 3, fixed: 6, still_open: 4 },
  urls: [],
  urls_total: 0,
  ...fields,
});

function serve(
  websites: Website[],
  extra: (path: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  stubApi((path, init) => {
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === '/api/website-index') return json(websites);
    if (path.startsWith('/api/website-index/favicon/')) return new Response('', { status: 404 });
    if (path === `/api/on-page-seo/website-audit/overview/${W}`) return json(overview());
    if (path === '/api/on-page-seo/active') return json([]);
    if (path === `/api/on-page-seo/crawl-comparison/${W}`) return json(comparison());
    if (path === `/api/url-cluster/${W}`) return json([]);
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Deep Analysis screen', () => {
  it('without a website, asks for a domain, checks it, and tracks it in the background', async () => {
    serve([], (path, init) =>
      path === '/api/website-index/background' && init?.method === 'POST'
        ? json({ ...website(NEW_SITE, 'fernhill.co.uk'), status: 'setting_up' }, 201)
        : undefined,
    );
    const router = renderRoutes(ROUTES, '/deep-analysis');
    const domain = await screen.findByLabelText('Domain');
    await userEvent.type(domain, 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Start Deep Analysis' }));
    expect(await screen.findByText('Invalid domain')).toBeTruthy();

    await userEvent.clear(domain);
    await userEvent.type(domain, 'https://www.Fernhill.co.uk/books');
    await userEvent.click(screen.getByRole('button', { name: 'Start Deep Analysis' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/deep-analysis/setup-domain'));
    expect(router.state.location.search).toBe(`?w_guid=${NEW_SITE}`);
    const post = callsOf(fetch).find((c) => c.path === '/api/website-index/background');
    expect(post?.body).toEqual({ domain: 'fernhill.co.uk' });
  });

  it("says 'This domain is already added!' for a tracked domain, without calling the server", async () => {
    serve([website()]);
    renderRoutes(ROUTES, `/deep-analysis?w_guid=${W}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Analyze another domain' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Domain'), 'www.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Deep Analysis' }));
    expect(await within(dialog).findByText('This domain is already added!')).toBeTruthy();
    expect(callsOf(fetch).some((c) => c.path === '/api/website-index/background')).toBe(false);
  });

  it('sends a website still importing its sitemaps to the setup screen', async () => {
    serve([{ ...website(), status: 'importing_sitemaps' }], (path) =>
      path === `/api/website-index/setup-status/${W}`
        ? json({
            status: 'importing_sitemaps',
            import_sitemaps_started_at: new Date().toISOString(),
            error: null,
            domain: 'example.com',
            website: website(),
          })
        : path === '/api/import-sitemap'
          ? json({
              status: 'importing_sitemaps',
              import_sitemaps_started_at: null,
              discovered_urls: 14,
              active: [],
              rendering: overview().rendering,
            })
          : undefined,
    );
    const router = renderRoutes(ROUTES, `/deep-analysis?w_guid=${W}`);
    expect(await screen.findByText('Importing the sitemaps of example.com')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/deep-analysis/setup-domain');
    expect(await screen.findByText(/14 URLs found so far/)).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });

  it('shows the audit overview: summary, score, strengths, weaknesses and what changed since the last crawl', async () => {
    serve([website()]);
    renderRoutes(ROUTES, `/deep-analysis?w_guid=${W}`);
    expect(await screen.findByText(overview().summary)).toBeTruthy();
    expect(screen.getByLabelText('Overall SEO score: 71')).toBeTruthy();
    expect(screen.getByText('Passes on all 10 URLs analyzed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meta description' }).getAttribute('href')).toBe(
      `/deep-analysis/failed-check/meta-description?w_guid=${W}`,
    );
    expect(screen.getByText('LOW impact')).toBeTruthy();
    const changes = (await screen.findByText('Since the previous crawl')).closest('.ant-card') as HTMLElement;
    const count = (title: string) =>
      within(changes).getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic')
        ?.textContent;
    expect(count('New issues')).toContain('3');
    expect(count('Fixed issues')).toContain('6');
    expect(count('Issues still open')).toContain('4');
    // The figure is named where it is shown: issues are URL × check, not checks.
    expect(within(changes).getByText(AUDIT_OVERVIEW_MESSAGES.issueDefined)).toBeTruthy();
    const altRow = within(changes).getByRole('link', { name: 'Image alt text' }).closest('tr') as HTMLElement;
    expect(
      within(altRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Image alt text', '3', '0', '0']);
    expect(screen.getByRole('link', { name: 'Monitored URLs' }).getAttribute('href')).toBe(
      `/deep-analysis/monitored-urls?w_guid=${W}`,
    );
  });

  it('after a first crawl says every issue is open; while a crawl runs, says how far it got', async () => {
    serve([website()], (path) => {
      if (path === `/api/on-page-seo/crawl-comparison/${W}`) return json(comparison({ previous: null }));
      if (path === '/api/on-page-seo/active')
        return json([
          {
            guid: NEW_SITE,
            w_guid: W,
            process_type: 'on_page_seo_batch_url_analysis',
            status: 'running',
            subprocesses_count: 10,
            completed: 3,
            failed: 1,
            timeout: 0,
            c_at: new Date().toISOString(),
            error: null,
          },
        ]);
      return undefined;
    });
    renderRoutes(ROUTES, `/deep-analysis?w_guid=${W}`);
    expect(await screen.findByText(/This is the first crawl/)).toBeTruthy();
    expect(
      await screen.findByText('Analyzing example.com: 4 of 10 URLs analyzed in this crawl'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crawl again' })).toHaveProperty('disabled', true);
  });

  it('says a crawl that could not reach the site failed and why, above the last good crawl’s figures', async () => {
    const error =
      'We cannot access http://example.com/ in order to perform our test! Either the site is not online, or our tool is being blocked by your server. Cause: example.com could not be resolved.';
    serve([website()], (path) =>
      path === `/api/on-page-seo/website-audit/overview/${W}`
        ? json(overview({ failed_crawl: { c_at: '2026-11-27T10:00:00.000Z', error } }))
        : undefined,
    );
    renderRoutes(ROUTES, `/deep-analysis?w_guid=${W}`);
    expect(
      await screen.findByText('The crawl of Nov 27, 2026 failed: it could not reach example.com.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        `${error} The figures below are from the last crawl that reached the site, on Nov 20, 2026.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText('71')).toBeTruthy();
  });

  it('starts a new crawl and says so in the spec words', async () => {
    serve([website()], (path, init) =>
      path === '/api/on-page-seo/batch' && init?.method === 'POST'
        ? json(
            {
              process_guid: NEW_SITE,
              message: "We've started to analyze your webpage",
              description: 'Please check for the results later',
            },
            202,
          )
        : undefined,
    );
    renderRoutes(ROUTES, `/deep-analysis?w_guid=${W}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Crawl again' }));
    expect(await screen.findByText("We've started to analyze your webpage")).toBeTruthy();
    expect(screen.getByText('Please check for the results later')).toBeTruthy();
  });
});

describe('the setup screen', () => {
  const status = (value: string, error: string | null = null) =>
    json({
      status: value,
      import_sitemaps_started_at: null,
      error,
      domain: 'example.com',
      website: value === 'failed' ? null : website(),
    });

  it("says 'Cannot access domain {domain}!' when the setup could not reach the site, whose website is gone", async () => {
    // The server removed the website: the list no longer has it, the setup still says why.
    serve([], (path) =>
      path === `/api/website-index/setup-status/${W}`
        ? status('failed', 'Cannot access domain example.com!')
        : undefined,
    );
    const router = renderRoutes(ROUTES, `/deep-analysis/setup-domain?w_guid=${W}`);
    expect(await screen.findByText('Cannot access domain example.com!')).toBeTruthy();
    expect(
      await screen.findByText('We cannot access example.com in order to perform our test!'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try another domain' }).getAttribute('href')).toBe(
      '/deep-analysis',
    );
    expect(router.state.location.pathname).toBe('/deep-analysis/setup-domain');
  });

  it('sends an unknown website to the domain form', async () => {
    serve([], (path) =>
      path === `/api/website-index/setup-status/${W}` ? json({ error: 'Website not found' }, 404) : undefined,
    );
    const router = renderRoutes(ROUTES, `/deep-analysis/setup-domain?w_guid=${W}`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/deep-analysis'));
    expect(await screen.findByLabelText('Domain')).toBeTruthy();
  });

  it('asks for URLs when no sitemap was found', async () => {
    serve([{ ...website(), status: 'waiting_for_user_input' }], (path) =>
      path === `/api/website-index/setup-status/${W}` ? status('waiting_for_user_input') : undefined,
    );
    renderRoutes(ROUTES, `/deep-analysis/setup-domain?w_guid=${W}`);
    expect(await screen.findByText('No sitemap found for example.com')).toBeTruthy();
    expect(screen.getByLabelText('URLs')).toBeTruthy();
  });

  it('starts the import of a website set up and not yet in Deep Analysis, and shows a refusal in the plan words', async () => {
    serve([{ ...website(), status: 'new' }], (path, init) => {
      if (path === `/api/website-index/setup-status/${W}`) return status('new');
      if (path === '/api/import-sitemap' && init?.method === 'POST')
        return json({ error: "Looks like you've hit your domain limit!" }, 403);
      return undefined;
    });
    renderRoutes(ROUTES, `/deep-analysis/setup-domain?w_guid=${W}`);
    expect(await screen.findByText("Looks like you've hit your domain limit!")).toBeTruthy();
    const post = callsOf(fetch).filter((c) => c.path === '/api/import-sitemap' && c.method === 'POST');
    expect(post).toHaveLength(1);
    expect(post[0]?.body).toEqual({ w_guid: W, sitemap_urls: [] });
  });

  it('goes to the overview once the website is completed', async () => {
    serve([website()], (path) =>
      path === `/api/website-index/setup-status/${W}` ? status('completed') : undefined,
    );
    const router = renderRoutes(ROUTES, `/deep-analysis/setup-domain?w_guid=${W}`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/deep-analysis'));
    expect(await screen.findByText(overview().summary)).toBeTruthy();
  });
});
