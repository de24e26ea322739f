import { DEEP_ANALYSIS_AUDIT_MESSAGES as AUDIT, UNGROUPED_CLUSTER } from '@sitelens/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { FailedCheckScreen } from './failed-check-screen';
import { GROUP, url, W, website } from './test-fixtures';

const KEY = 'meta-title';

const SEO_TEST = {
  key: KEY,
  title: 'Meta Title',
  description: '<p>The <code>&lt;title&gt;</code> shown in search results.</p>',
  recommendation: '<p>Write a title of 10 to 70 characters.</p>',
  seo_issue: 'Common SEO',
  category: 'common-seo',
  scope: 'page',
  relevance: 10,
  priority: 'HIGH',
  how_to_fix: {
    video: null,
    html: '<p>Give every page one <code>&lt;title&gt;</code> in its <strong>head</strong>.</p>',
  },
};

const CLUSTERS = [
  { guid: GROUP, title: 'Blog', affected_urls: 2, sample_url: 'https://example.com/page-1' },
  {
    guid: UNGROUPED_CLUSTER,
    title: AUDIT.ungrouped,
    affected_urls: 1,
    sample_url: 'https://example.com/page-3',
  },
];

const URLS: Record<string, ReturnType<typeof url>[]> = {
  [GROUP]: [url(1, { cluster_guid: GROUP }), url(2, { cluster_guid: GROUP })],
  [UNGROUPED_CLUSTER]: [url(3)],
};

function serveApi(answers: { test?: number; clusters?: unknown[] } = {}) {
  const paths: string[] = [];
  stubApi((path) => {
    paths.push(path);
    if (path === '/api/website-index') return json([website()]);
    if (path === `/api/on-page-seo/seo-test/${KEY}`)
      return answers.test
        ? json({ error: AUDIT.unknownTest, code: 'not_found' }, answers.test)
        : json(SEO_TEST);
    if (path === `/api/on-page-seo/affected-clusters/${W}/${KEY}`) return json(answers.clusters ?? CLUSTERS);
    const affected = new RegExp(`^/api/on-page-seo/affected-urls/${W}/([^/]+)/${KEY}$`).exec(path);
    if (affected) return json({ data: URLS[affected[1]!] ?? [], meta: { last_evaluated_key: null } });
    if (path === `/api/on-page-seo/affected-urls/${W}/${KEY}/export.csv`)
      return new Response('url\nhttps://example.com/page-1\n', { headers: { 'content-type': 'text/csv' } });
    return undefined;
  });
  return paths;
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/deep-analysis', element: <p>Deep Analysis screen</p> },
      { path: '/deep-analysis/failed-check/:key', element: <FailedCheckScreen /> },
    ],
    path,
  );

/** The card of a page group, found by its title. */
const groupCard = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-card-head-title span' })).closest(
    '.ant-card',
  ) as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the failed check screen', () => {
  it("shows the test's title and recommendation, and the failing URLs of each page group", async () => {
    serveApi();
    renderAt(`/deep-analysis/failed-check/${KEY}?w_guid=${W}`);
    expect(await screen.findByRole('heading', { name: 'Meta Title' })).toBeTruthy();
    expect(screen.getByLabelText('About Meta Title')).toBeTruthy();
    expect(screen.getByText('Write a title of 10 to 70 characters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Deep Analysis' }).getAttribute('href')).toBe(
      `/deep-analysis?w_guid=${W}`,
    );

    const blog = await groupCard('Blog');
    expect(within(blog).getByText('2 affected URLs')).toBeTruthy();
    expect(await within(blog).findByRole('link', { name: 'https://example.com/page-1' })).toBeTruthy();
    expect(within(blog).getByRole('link', { name: 'https://example.com/page-2' })).toBeTruthy();
    expect(within(blog).queryByText('https://example.com/page-3')).toBeNull();

    const ungrouped = await groupCard(AUDIT.ungrouped);
    expect(within(ungrouped).getByText('1 affected URL')).toBeTruthy();
    const link = await within(ungrouped).findByRole('link', { name: 'https://example.com/page-3' });
    expect(link.getAttribute('href')).toBe(`/deep-analysis/report?w_guid=${W}&url_guid=${url(3).guid}`);
  });

  it('shows only the page group of cluster_guid, and goes back to that group', async () => {
    serveApi();
    renderAt(`/deep-analysis/failed-check/${KEY}?w_guid=${W}&cluster_guid=${GROUP}`);
    const blog = await groupCard('Blog');
    expect(await within(blog).findByRole('link', { name: 'https://example.com/page-1' })).toBeTruthy();
    expect(screen.queryByText(AUDIT.ungrouped)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the page group' }).getAttribute('href')).toBe(
      `/deep-analysis/page-group?w_guid=${W}&cluster_guid=${GROUP}`,
    );
  });

  it("says 'No URLs failed this test' when no URL fails it", async () => {
    serveApi({ clusters: [] });
    renderAt(`/deep-analysis/failed-check/${KEY}?w_guid=${W}`);
    expect(await screen.findByText(AUDIT.noFailedUrls)).toBeTruthy();
  });

  it("says 'Unknown test type' for a key the API does not know", async () => {
    serveApi({ test: 404 });
    renderAt(`/deep-analysis/failed-check/${KEY}?w_guid=${W}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(AUDIT.unknownTest)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it("opens 'How to fix' with the test's HTML as elements, not as escaped tags", async () => {
    serveApi();
    renderAt(`/deep-analysis/failed-check/${KEY}?w_guid=${W}`);
    fireEvent.click(await screen.findByRole('button', { name: 'How to fix' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('How to fix: Meta Title')).toBeTruthy();
    const body = dialog.querySelector('.how-to-fix')!;
    expect(body.querySelector('code')?.textContent).toBe('<title>');
    expect(body.querySelector('strong')?.textContent).toBe('head');
    expect(body.innerHTML).not.toContain('&lt;p&gt;');
  });

  it("exports the check's affected URLs as CSV", async () => {
    const paths = serveApi();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:affected');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt(`/deep-analysis/failed-check/${KEY}?w_guid=${W}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(paths).toContain(`/api/on-page-seo/affected-urls/${W}/${KEY}/export.csv`);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`${KEY}-affected-urls.csv`);
  });
});
