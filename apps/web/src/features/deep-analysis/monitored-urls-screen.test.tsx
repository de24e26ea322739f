import type { Website } from '@sitelens/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { MonitoredUrlsScreen } from './monitored-urls-screen';
import { callsOf, GROUP, group, url, W, website } from './test-fixtures';

function serveApi(websites: Website[] = [website()]) {
  stubApi((path) => {
    if (path === '/api/website-index') return json(websites);
    if (path === `/api/url-cluster/${W}`) return json([group()]);
    if (path === '/api/serviceable-url')
      return json({
        data: [url(1, { cluster_guid: GROUP }), url(2, { status_code: 404, on_page_seo: null })],
        meta: { last_evaluated_key: null },
      });
    if (path === `/api/serviceable-url/${W}/count`)
      return json({ count: 2, analyzed: 1, dp_max_urls: 100, rendering: null });
    if (path === `/api/serviceable-url/${W}/export.csv`)
      return new Response('url\nhttps://example.com/page-1\n', { headers: { 'content-type': 'text/csv' } });
    return undefined;
  });
}

const renderAt = () =>
  renderRoutes(
    [
      { path: '/deep-analysis/monitored-urls', element: <MonitoredUrlsScreen /> },
      { path: '/deep-analysis', element: <p>Deep Analysis overview</p> },
    ],
    `/deep-analysis/monitored-urls?w_guid=${W}`,
  );

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the monitored URLs screen', () => {
  it('lists the URLs with their page group, the count against the plan and the actions', async () => {
    serveApi();
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Monitored URLs' })).toBeTruthy();
    expect(await screen.findByText('example.com · 2 of 100 URLs')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Deep Analysis' }).getAttribute('href')).toBe(
      `/deep-analysis?w_guid=${W}`,
    );
    expect(await screen.findByRole('link', { name: 'https://example.com/page-1' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Page Group' })).toBeTruthy();
    expect(await screen.findByText('Blog')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Add new URLs/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for https://example.com/page-1' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it("'Export CSV' downloads the website's URLs as <domain>-urls.csv", async () => {
    serveApi();
    // jsdom has no object URLs: the download's link gets a stand-in.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:urls';
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    await vi.waitFor(() => expect(clicked).toEqual(['example.com-urls.csv']));
    expect(callsOf(fetch).some((c) => c.path === `/api/serviceable-url/${W}/export.csv`)).toBe(true);
  });

  it('points to Deep Analysis when no website is tracked', async () => {
    serveApi([]);
    renderAt();
    expect(await screen.findByText(/You do not track any website yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Deep Analysis' }).getAttribute('href')).toBe(
      '/deep-analysis',
    );
  });
});
