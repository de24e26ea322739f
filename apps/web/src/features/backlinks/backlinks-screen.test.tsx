import {
  BACKLINKS_PAGE_SIZE,
  type BacklinkRow,
  type BacklinksOverviewReply,
  SEO_DATA_MESSAGES,
  type SeoDataUsageReply,
} from '@sitelens/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
import { BacklinksScreen } from './backlinks-screen';
import { anchor, backlink, overview, page, referringDomain } from './test-fixtures';

const ROUTES = screenRoutes('/backlinks', <BacklinksScreen />);

const BACKLINKS = [
  backlink(1),
  backlink(2, { page_from_title: null, anchor: null, country: null }),
  backlink(3),
];

interface Serve {
  usage?: SeoDataUsageReply | Response;
  overview?: (call: ApiCall) => BacklinksOverviewReply | Response;
  backlinks?: (call: ApiCall) => Response;
}

/** The API of the screen: a tracked example.com, and every data call answered for any domain. */
function serve({
  usage,
  overview: overviewReply = () => overview(),
  backlinks = () => json(page(BACKLINKS, false, BACKLINKS.length)),
}: Serve = {}) {
  stubDataApi({
    usage,
    screenCalls: (call) => {
      if (call.path === '/api/dfs/backlinks/overview') return answer(overviewReply(call));
      if (call.path === '/api/dfs/backlinks') return backlinks(call);
      if (call.path === '/api/dfs/backlinks/referring-domains') return json(page([referringDomain(1)]));
      if (call.path === '/api/dfs/backlinks/top-anchors') return json(page([anchor(1)]));
      if (call.path === '/api/dfs/backlinks/tld-distribution')
        return json({ data: [{ tld: 'com', backlinks_num: 700 }], from_cache: false, fetched_at: '' });
      if (call.path === '/api/dfs/backlinks/top-countries')
        return json({
          data: [{ country: 'United States', country_code: 'US', backlinks_num: 500 }],
          from_cache: false,
          fetched_at: '',
        });
      return undefined;
    },
  });
}

afterEach(restoreStubs);

describe('the Backlinks screen', () => {
  it("shows the selected website's overview boxes with their weekly trend, and its backlinks", async () => {
    serve();
    renderRoutes(ROUTES, '/backlinks');
    expect(await screen.findByText('Post 1')).toBeInTheDocument();

    expect(within(tile('Total backlinks')).getByText('1,234')).toBeInTheDocument();
    expect(within(tile('Referring domains')).getByText('87')).toBeInTheDocument();
    expect(within(tile('Domain rank')).getByText('417 / 1000')).toBeInTheDocument();
    expect(within(tile('Follow links')).getByText('934')).toBeInTheDocument();
    expect(within(tile('Nofollow links')).getByText('300')).toBeInTheDocument();
    const trend = screen.getByRole('figure', { name: 'Total backlinks by week' });
    expect(trend.querySelector('.recharts-area-curve')).not.toBeNull();
    expect(query(callsTo('/api/dfs/backlinks/overview')[0])).toEqual({ domain: 'example.com' });

    expect(query(callsTo('/api/dfs/backlinks')[0])).toEqual({
      domain: 'example.com',
      order_by: 'first_seen',
      order_dir: 'desc',
      offset: '0',
    });
    const first = rowOf('Post 1');
    const link = within(first).getByRole('link', { name: 'https://blog-1.test/post' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(first).getByText('anchor 1')).toBeInTheDocument();
    expect(within(first).getByText('dofollow')).toBeInTheDocument();
    expect(within(first).getByText('201')).toBeInTheDocument();
    expect(within(first).getByText('Oct 05, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(first).getByText('US')).toHaveAttribute('title', 'United States');
    const second = rowOf('Untitled page');
    expect(within(second).getByText('nofollow')).toBeInTheDocument();
    expect(within(second).getAllByText('-')).toHaveLength(2);
    expect(screen.getByText('3 backlinks')).toBeInTheDocument();

    expect(
      screen.getByText('Data spend this month: $0.42 of $20.00 · 12 provider calls · 30 answers from cache'),
    ).toBeInTheDocument();
  });

  it('appends the next page (offset 50) on Load more, until has_more is false', async () => {
    const first = Array.from({ length: BACKLINKS_PAGE_SIZE }, (_, i) => backlink(i + 1));
    serve({
      backlinks: (call) =>
        call.query.get('offset') === '50'
          ? json(page([backlink(51), backlink(52)], false, 52))
          : json(page(first, true, 52)),
    });
    renderRoutes(ROUTES, '/backlinks');
    expect(await screen.findByText('Showing 50 of 52 backlinks')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Post 52')).toBeInTheDocument();
    expect(screen.getByText('Post 1')).toBeInTheDocument();
    expect(screen.getByText('52 backlinks')).toBeInTheDocument();
    expect(callsTo('/api/dfs/backlinks').map((call) => call.query.get('offset'))).toEqual(['0', '50']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("orders by 'Most important': the linking page's rank, highest first", async () => {
    serve({
      backlinks: (call) =>
        json(
          page(
            call.query.get('order_by') === 'page_rank' ? [backlink(9, { page_from_rank: 900 })] : BACKLINKS,
          ),
        ),
    });
    renderRoutes(ROUTES, '/backlinks');
    await screen.findByText('Post 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Order' }));
    await userEvent.click(await screen.findByTitle('Most important'));
    expect(await screen.findByText('Post 9')).toBeInTheDocument();
    expect(query(callsTo('/api/dfs/backlinks').at(-1))).toEqual({
      domain: 'example.com',
      order_by: 'page_rank',
      order_dir: 'desc',
      offset: '0',
    });
  });

  it('shows the other lists on their tabs, each read when first opened', async () => {
    serve();
    renderRoutes(ROUTES, '/backlinks');
    await screen.findByText('Post 1');
    expect(callsTo('/api/dfs/backlinks/referring-domains')).toHaveLength(0);

    await userEvent.click(screen.getByRole('tab', { name: 'Referring domains' }));
    const domainRow = (await screen.findByText('blog-1.test')).closest('tr') as HTMLElement;
    expect(within(domainRow).getByText('11')).toBeInTheDocument();
    expect(within(domainRow).getByText('301')).toBeInTheDocument();
    expect(within(domainRow).getByText('Sep 01, 2026')).toBeInTheDocument();
    expect(query(callsTo('/api/dfs/backlinks/referring-domains')[0])).toEqual({
      domain: 'example.com',
      offset: '0',
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Top anchors' }));
    const anchors = await screen.findByRole('tabpanel', { name: 'Top anchors' });
    const anchorRow = (await within(anchors).findByText('anchor 1')).closest('tr') as HTMLElement;
    expect(within(anchorRow).getByText('5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'TLD distribution' }));
    const tldRow = (await screen.findByText('com')).closest('tr') as HTMLElement;
    expect(within(tldRow).getByText('700')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Top countries' }));
    const countryRow = (await screen.findByText('United States')).closest('tr') as HTMLElement;
    expect(within(countryRow).getByText('US')).toBeInTheDocument();
    expect(within(countryRow).getByText('500')).toBeInTheDocument();
  });

  it("looks up any domain: 'Invalid domain' on a bad one, else its backlinks in a modal", async () => {
    serve({
      overview: (call) => overview(call.query.get('domain') === 'example.org' ? 5678 : 1234),
    });
    renderRoutes(ROUTES, '/backlinks');
    const input = await screen.findByRole('textbox', { name: 'Enter domain or URL' });
    expect(screen.getByText('Provide a valid domain or URL')).toBeInTheDocument();

    await userEvent.type(input, 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Get Backlinks' }));
    expect(await screen.findByText(SEO_DATA_MESSAGES.invalidDomain)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.clear(input);
    await userEvent.type(input, '  HTTPS://www.Example.org/blog?page=2 ');
    await userEvent.click(screen.getByRole('button', { name: 'Get Backlinks' }));
    // Under test every Ant Design id is 'test-id', so the dialog's name (aria-labelledby) may read a
    // Select before it: its title is looked for inside it instead.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Backlinks for: example.org')).toHaveClass('ant-modal-title');
    expect(await within(dialog).findByText('5,678')).toBeInTheDocument();
    expect(await within(dialog).findByText('Post 1')).toBeInTheDocument();
    expect(callsTo('/api/dfs/backlinks/overview').map((call) => call.query.get('domain'))).toContain(
      'example.org',
    );
  });

  it('says when the domain has no indexed backlinks', async () => {
    serve({ overview: () => overview(0), backlinks: () => json(page([], false, 0)) });
    renderRoutes(ROUTES, '/backlinks');
    expect(await screen.findByText(SEO_DATA_MESSAGES.noBacklinks)).toBeInTheDocument();
    expect(within(tile('Total backlinks')).getByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Backlinks' })).toBeNull();
  });

  it('says so in an empty list too', async () => {
    serve({ backlinks: () => json(page([], false, 0)) });
    renderRoutes(ROUTES, '/backlinks');
    expect(await screen.findByText(SEO_DATA_MESSAGES.noBacklinks)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('replaces the explorer with one panel when the server has no data source (503)', async () => {
    const missing = () => dataError(503, SEO_DATA_MESSAGES.notConfigured, 'data_source_not_configured');
    serve({ overview: missing, backlinks: missing });
    renderRoutes(ROUTES, '/backlinks');
    expect(await screen.findByText(SEO_DATA_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.getByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Backlinks' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Total backlinks' })).toBeNull();
  });

  it('shows only that panel, and no spend line, when /dfs/usage says no source is configured', async () => {
    serve({ usage: noSourceUsage() });
    renderRoutes(ROUTES, '/backlinks');
    expect(await screen.findByText(SEO_DATA_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.getByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Backlinks' })).toBeNull();
    expect(screen.queryByText(/Data spend this month/)).toBeNull();
  });

  it("says the month's data budget is spent, and still shows what the cache holds", async () => {
    serve({
      overview: () => dataError(429, 'Data budget spent', 'data_budget_spent'),
      backlinks: () => json(page(BACKLINKS, false, 3, true)),
    });
    renderRoutes(ROUTES, '/backlinks');
    expect(await screen.findByText(SEO_DATA_MESSAGES.budgetSpent)).toBeInTheDocument();
    expect(await screen.findByText('Post 1')).toBeInTheDocument();
    expect(screen.getByText('Data from Nov 24, 2026')).toBeInTheDocument();
  });

  it("shows the server's text when the provider fails", async () => {
    serve({ overview: () => dataError(502, SEO_DATA_MESSAGES.sourceFailed, 'data_source_failed') });
    renderRoutes(ROUTES, '/backlinks');
    expect(await screen.findByText(SEO_DATA_MESSAGES.sourceFailed)).toBeInTheDocument();
  });

  it('exports the loaded rows as CSV and as JSON', async () => {
    serve();
    const { download } = catchDownloads();
    renderRoutes(ROUTES, '/backlinks');
    await screen.findByText('Post 1');

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csvFile = await download(0);
    expect(csvFile.name).toBe('example.com-backlinks.csv');
    const csv = csvFile.text.split('\r\n');
    expect(csv[0]).toBe(
      'url_from,page_from_title,page_from_rank,url_to,dofollow,page_from_external_links,page_from_internal_links,anchor,country,first_seen,last_seen',
    );
    expect(csv[1]).toBe(
      'https://blog-1.test/post,Post 1,201,https://example.com/,true,12,40,anchor 1,US,2026-10-05T12:00:00.000Z,2026-11-20T12:00:00.000Z',
    );
    expect(csv[2]).toBe(
      'https://blog-2.test/post,,202,https://example.com/,false,12,40,,,2026-10-05T12:00:00.000Z,2026-11-20T12:00:00.000Z',
    );
    expect(csv).toHaveLength(BACKLINKS.length + 2); // the header, a line per row, the final CRLF

    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    const jsonFile = await download(1);
    expect(jsonFile.name).toBe('example.com-backlinks.json');
    expect(JSON.parse(jsonFile.text)).toEqual(BACKLINKS satisfies BacklinkRow[]);

    await userEvent.hover(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exports the loaded rows (3).')).toBeInTheDocument();
  });

  it('sends a visitor without a tracked website to the dashboard, and keeps the lookup', async () => {
    stubDataApi({ websites: [] });
    renderRoutes(ROUTES, '/backlinks');
    expect(
      await screen.findByText(
        'You do not track any website yet. Add one on the dashboard to see its backlinks here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Get Backlinks' })).toBeInTheDocument();
  });
});
