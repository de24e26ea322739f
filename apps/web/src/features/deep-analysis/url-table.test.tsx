import type { ServiceableUrl } from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { deepAnalysisKey, fetchUrlPage } from './deep-analysis.queries';
import { callsOf, GROUP, group, url, W } from './test-fixtures';
import { UrlTable, type UrlTableProps } from './url-table';

const page = (data: ServiceableUrl[], lastKey: string | null = null) =>
  json({ data, meta: { last_evaluated_key: lastKey } });

function renderTable(props: Partial<UrlTableProps> = {}) {
  return renderRoutes(
    [
      {
        path: '/deep-analysis/monitored-urls',
        element: (
          <UrlTable
            website={{ guid: W, domain: 'example.com' }}
            queryKey={[...deepAnalysisKey, 'urls', W]}
            loadPage={(lastKey) => fetchUrlPage(W, lastKey)}
            {...props}
          />
        ),
      },
      { path: '/deep-analysis/report', element: <p>The URL report</p> },
    ],
    `/deep-analysis/monitored-urls?w_guid=${W}`,
  );
}

const openActions = async (address: string) =>
  userEvent.click(screen.getByRole('button', { name: `Actions for ${address}` }));

afterEach(() => vi.unstubAllGlobals());

describe('the URL table', () => {
  it('shows an international address in Unicode, as people write it', async () => {
    stubApi((path) =>
      path === '/api/serviceable-url'
        ? page([url(7, { url: 'https://xn--mnchen-3ya.de/karte' })])
        : undefined,
    );
    renderTable();
    expect(await screen.findByRole('link', { name: 'https://münchen.de/karte' })).toBeTruthy();
    expect(screen.queryByText(/xn--/)).toBeNull();
  });

  it('shows the columns, a link for a 200 page and the analysis figures', async () => {
    stubApi((path) =>
      path === '/api/serviceable-url'
        ? page([url(1, { cluster_guid: GROUP }), url(2, { on_page_seo: null, status_code: null })])
        : undefined,
    );
    const router = renderTable({ groups: [group()] });

    const link = await screen.findByRole('link', { name: 'https://example.com/page-1' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['#', 'URL', 'Page Group', 'SEO Score', 'Checks', 'Last analyzed', 'Actions']);
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(within(first!).getByText('Blog')).toBeTruthy();
    expect(within(first!).getByText('82')).toBeTruthy();
    expect(within(first!).getByLabelText('2 failed')).toBeTruthy();
    expect(within(first!).getByLabelText('3 warnings')).toBeTruthy();
    expect(within(first!).getByLabelText('40 passed')).toBeTruthy();
    // The checks that do not apply to the page are counted too: the four make every check it was given.
    expect(within(first!).getByLabelText('50 not applicable')).toBeTruthy();
    expect(within(first!).getByText('Jan 05, 2026')).toBeTruthy();
    // Not crawled yet: no link, no score, no date.
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(within(second!).getAllByText('-')).toHaveLength(4);

    await userEvent.click(link);
    expect(await screen.findByText('The URL report')).toBeTruthy();
    expect(router.state.location.search).toBe(`?w_guid=${W}&url_guid=${url(1).guid}`);
  });

  it('leaves the Page Group column out when no groups are given', async () => {
    stubApi((path) => (path === '/api/serviceable-url' ? page([url(1)]) : undefined));
    renderTable();
    await screen.findByRole('link', { name: 'https://example.com/page-1' });
    expect(screen.queryByRole('columnheader', { name: 'Page Group' })).toBeNull();
  });

  it('greys a URL that answered 404, with its code in a tooltip; a redirect shows where it goes', async () => {
    stubApi((path) =>
      path === '/api/serviceable-url'
        ? page([
            url(1, { status_code: 404, on_page_seo: null }),
            url(2, { status_code: 301, redirect_to: 'https://example.com/new', on_page_seo: null }),
          ])
        : undefined,
    );
    renderTable();
    const missing = await screen.findByText('https://example.com/page-1');
    expect(screen.queryByRole('link', { name: /page-1/ })).toBeNull();
    expect(missing.closest('tr')?.className).toContain('da-row-unavailable');
    expect(within(missing).getByLabelText('HTTP 404')).toBeTruthy();
    await userEvent.hover(missing);
    expect(await screen.findByRole('tooltip', { name: 'HTTP 404' })).toBeTruthy();

    const moved = screen.getByText('https://example.com/page-2');
    expect(moved.closest('tr')?.className).not.toContain('da-row-unavailable');
    await userEvent.hover(moved);
    expect(await screen.findByRole('tooltip', { name: 'Redirects to https://example.com/new' })).toBeTruthy();
  });

  it('marks a linked file as a file, with its type and size, and offers no report for it', async () => {
    stubApi((path) =>
      path === '/api/serviceable-url'
        ? page([
            url(1, {
              url: 'https://example.com/manual.pdf',
              on_page_seo: null,
              file: { content_type: 'application/pdf', bytes: 1_250_000 },
            }),
            url(2, {
              url: 'https://example.com/notes.txt.gz',
              on_page_seo: null,
              file: { content_type: 'application/gzip', bytes: null },
            }),
          ])
        : undefined,
    );
    renderTable();
    const pdf = await screen.findByText('https://example.com/manual.pdf');
    expect(screen.queryByRole('link', { name: /manual\.pdf/ })).toBeNull();
    const row = within(pdf.closest('tr')!);
    expect(row.getByText('PDF')).toBeTruthy();
    expect(row.getByText('Not a page')).toBeTruthy();
    await userEvent.hover(pdf);
    expect(
      await screen.findByRole('tooltip', {
        name: 'A file (application/pdf, 1.2 MB), not an HTML page: recorded, not checked',
      }),
    ).toBeTruthy();
    const gzip = within(screen.getByText('https://example.com/notes.txt.gz').closest('tr')!);
    expect(gzip.getByText('GZIP')).toBeTruthy();
  });

  it("'Load more' reads the next page after last_evaluated_key and adds its rows", async () => {
    let pages = 0;
    stubApi((path) => {
      if (path !== '/api/serviceable-url') return undefined;
      pages += 1;
      return pages === 1 ? page([url(1), url(2)], '2') : page([url(3)]);
    });
    renderTable();
    await screen.findByRole('link', { name: 'https://example.com/page-2' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'https://example.com/page-3' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('row', { name: /page-3/ }).textContent).toMatch(/^3/);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const reads = callsOf(fetch).filter((c) => c.path === '/api/serviceable-url');
    expect(reads.map((c) => new URLSearchParams(c.search).get('last_evaluated_key'))).toEqual([null, '2']);
  });

  it('keeps the rows and says nothing when a later page fails (spec 8)', async () => {
    let pages = 0;
    stubApi((path) => {
      if (path !== '/api/serviceable-url') return undefined;
      pages += 1;
      return pages === 1 ? page([url(1)], '1') : json({ error: 'The database is resting.' }, 503);
    });
    renderTable();
    await screen.findByRole('link', { name: 'https://example.com/page-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(pages).toBe(2));
    expect(screen.getByRole('link', { name: 'https://example.com/page-1' })).toBeTruthy();
    expect(screen.queryByText('The database is resting.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it("offers only 'Recheck' in a list that is not deletable", async () => {
    stubApi((path) => (path === '/api/serviceable-url' ? page([url(1)]) : undefined));
    renderTable();
    await screen.findByRole('link', { name: 'https://example.com/page-1' });
    await openActions('https://example.com/page-1');
    expect(await screen.findByRole('menuitem', { name: 'Recheck' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('deletes a URL after confirming, then reads the list again', async () => {
    let deleted = false;
    stubApi((path, init) => {
      if (init?.method === 'DELETE' && path === `/api/serviceable-url/${W}/${url(1).guid}`) {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      if (path === '/api/serviceable-url') return page(deleted ? [url(2)] : [url(1), url(2)]);
      return undefined;
    });
    renderTable({ deletable: true });
    await screen.findByRole('link', { name: 'https://example.com/page-1' });
    await openActions('https://example.com/page-1');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this URL?' });
    expect(within(dialog).getByText('https://example.com/page-1')).toBeTruthy();
    expect(deleted).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The URL was deleted.')).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'https://example.com/page-1' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'https://example.com/page-2' })).toBeTruthy();
  });

  it("'Recheck' starts the URL's analysis and says so; a failure says to try again", async () => {
    let fail = false;
    stubApi((path, init) => {
      if (path === '/api/serviceable-url') return page([url(1)]);
      if (init?.method === 'POST' && path === '/api/on-page-seo/url')
        return fail
          ? json({ error: 'no' }, 500)
          : json({ process_guid: url(9).guid, message: 'started', description: 'later' }, 202);
      return undefined;
    });
    renderTable();
    await screen.findByRole('link', { name: 'https://example.com/page-1' });
    await openActions('https://example.com/page-1');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Recheck' }));

    expect(await screen.findByText("We've started to analyze your webpage")).toBeTruthy();
    expect(screen.getByText('Please check for the results later')).toBeTruthy();
    const started = callsOf(fetch).find((c) => c.path === '/api/on-page-seo/url');
    expect(started?.body).toEqual({ w_guid: W, url_guid: url(1).guid });

    fail = true;
    await openActions('https://example.com/page-1');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Recheck' }));
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(screen.getByText('Please try again or contact support')).toBeTruthy();
  });

  it("says 'No data available yet' for an empty list, and the server's text when it fails", async () => {
    stubApi((path) => (path === '/api/serviceable-url' ? page([]) : undefined));
    renderTable();
    expect(await screen.findByText('No data available yet')).toBeTruthy();
    vi.unstubAllGlobals();

    stubApi((path) =>
      path === '/api/serviceable-url' ? json({ error: 'The database is resting.' }, 503) : undefined,
    );
    renderTable();
    expect(await screen.findByText('The database is resting.')).toBeTruthy();
  });
});
