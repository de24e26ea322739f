import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionProvider } from '../../session/session-context';
import { json, STRUCTURE, stubApi } from '../checkup/checkup-test-kit';
import { website as trackedWebsite } from '../deep-analysis/test-fixtures';
import { DashboardScreen } from './dashboard-screen';

const SESSION: Session = {
  guid: '00000000-0000-4000-8000-00000000000a',
  email: 'lin@example.test',
  f_name: 'Lin',
  l_name: 'Chen',
  org_role: 'owner',
  o_guid: '00000000-0000-4000-8000-00000000000b',
  subscription: { plan_code: 'pro-monthly', status: 'active' },
  plan_name: 'Pro',
  is_legacy_paypal: false,
  team: null,
};

/** A website added just now (under an hour old), not yet in Deep Analysis. */
const website = (guid: string, domain: string, extra: Record<string, unknown> = {}) => ({
  ...trackedWebsite(guid, domain),
  c_at: new Date().toISOString(),
  status: 'new',
  discovered_urls: 0,
  ...extra,
});
const FIRST = '00000000-0000-4000-8000-000000000001';
const SECOND = '00000000-0000-4000-8000-000000000002';
const REPORT = '00000000-0000-4000-8000-000000000003';

const GROUP = '00000000-0000-4000-8000-000000000004';
const SAMPLE = '00000000-0000-4000-8000-000000000005';

function serveApi(websites: unknown[]) {
  stubApi((path) => {
    if (path === `/api/url-cluster/${FIRST}`)
      return json([
        {
          guid: GROUP,
          w_guid: FIRST,
          title: 'Blog',
          description: 'Pages under /blog/, such as /blog/oak.',
          pue_level: 'high',
          pue_reason: 'Readers come from search.',
          monitored_urls: 12,
          avg_seo_score: 64,
          screenshot_url: null,
          sample_urls: [{ guid: SAMPLE, url: 'https://woodline.test/blog/oak' }],
          source: 'auto',
        },
      ]);
    if (path === `/api/on-page-seo/website-failed-checks/${FIRST}`)
      return json({
        data: ['meta-description', 'image-alt', 'heading-tags', 'link-text'].map((key, i) => ({
          test_key: key,
          title: `Check ${i + 1}`,
          relevance: 8,
          priority: 'HIGH',
          affected_urls: 12 - i,
          share: 1,
          impact_score: 8,
          impact: 'HIGH',
          last_found: null,
          sample_url: 'https://woodline.test/blog/oak',
          sample_url_guid: SAMPLE,
        })),
        meta: { analyzed_urls: 12 },
      });
    if (path === '/api/website-index') return json(websites);
    if (path.startsWith('/api/website-index/favicon/')) return new Response('', { status: 404 });
    if (path === '/api/report/sections') return json(STRUCTURE);
    if (path === '/api/report/v2/overviews')
      return json([
        {
          guid: REPORT,
          url: 'https://woodline.test/',
          created_at: new Date().toISOString(),
          score: 82,
          passed: 60,
          warning: 5,
          failed: 4,
        },
      ]);
    if (path === '/api/report/v2/competitor-overviews') return json([]);
    if (path === `/api/website-index/important-fixes/${FIRST}`)
      return json({
        report_guid: REPORT,
        url: 'https://woodline.test/',
        fixes: [
          {
            section_key: 'meta-title',
            relevance: 8,
            recommendation: 'Write a title of 50 to 60 characters.',
          },
        ],
      });
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardScreen /> }], {
    initialEntries: [path],
  });
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider initial={SESSION}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </AntApp>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the dashboard', () => {
  it('welcomes a user with no website, lists the tools, and opens the onboarding', async () => {
    serveApi([]);
    renderAt('/dashboard');
    expect(await screen.findByText('Welcome, Lin Chen')).toBeTruthy();
    expect(screen.getByRole('link', { name: /SEO Checkup/ }).getAttribute('href')).toBe('/analysis');
    // Tools whose screens do not exist say so instead of leading to a 404.
    expect(screen.getByRole('link', { name: /Backlinks/ }).getAttribute('href')).toBe('/backlinks');
    expect(screen.queryByRole('link', { name: /Top Keywords/ })).toBeNull();
    expect(screen.getAllByText(/Not available yet/).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Setup your account' }));
    expect(await screen.findByText('Welcome on board!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Let's Start" }));
    expect(await screen.findByLabelText('Domain')).toBeTruthy();
  });

  it('checks the quick checkup URL before starting it', async () => {
    serveApi([]);
    renderAt('/dashboard');
    await userEvent.type(await screen.findByLabelText('URL to analyze'), 'not a url{Enter}');
    expect(await screen.findByText('Provide a valid URL')).toBeTruthy();
  });

  it('shows a tab per website, selects the one in w_guid, and fills its cards with real data only', async () => {
    serveApi([
      website(FIRST, 'woodline.test', {
        on_page_seo: { score: 82, c_at: new Date().toISOString(), report_guid: REPORT },
      }),
      website(SECOND, 'oak-and-ash.test'),
    ]);
    const router = renderAt(`/dashboard?w_guid=${FIRST}`);
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getByText('woodline.test')).toBeTruthy();
    expect(within(tabs).getByText('oak-and-ash.test')).toBeTruthy();
    expect(await screen.findByLabelText('SEO score 82')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meta Title' }).getAttribute('href')).toBe(
      `/analysis/report?guid=${REPORT}&url=${encodeURIComponent('https://woodline.test/')}#meta-title`,
    );
    // Backlinks, keywords, speed and outages come with later areas: no number is invented.
    expect(screen.getAllByText('No data available yet').length).toBeGreaterThanOrEqual(8);
    expect(screen.getByRole('link', { name: 'Add competitors' }).getAttribute('href')).toBe(
      `/dashboard/settings/competitors?w_guid=${FIRST}`,
    );

    // The other tab: a website under an hour old without a report says its analysis is running.
    await userEvent.click(within(tabs).getByText('oak-and-ash.test'));
    expect(await screen.findByText('We are analyzing oak-and-ash.test')).toBeTruthy();
    expect(router.state.location.search).toBe(`?w_guid=${SECOND}`);
    expect(screen.getByText('No issues yet')).toBeTruthy();
  });

  it("shows a page group card for a website in Deep Analysis: its top 3 issues, samples and both 'View all' buttons", async () => {
    serveApi([website(FIRST, 'woodline.test', { status: 'completed' })]);
    renderAt(`/dashboard?w_guid=${FIRST}`);
    const card = (await screen.findByText('Pages under /blog/, such as /blog/oak.')).closest(
      '.da-group-card',
    ) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe(
      `/deep-analysis/page-group?w_guid=${FIRST}&cluster_guid=${GROUP}`,
    );
    expect(await within(card).findByRole('link', { name: 'Check 1' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Check 1' }).getAttribute('href')).toBe(
      `/deep-analysis/failed-check/meta-description?w_guid=${FIRST}&cluster_guid=${GROUP}`,
    );
    expect(within(card).queryByRole('link', { name: 'Check 4' })).toBeNull();
    expect(
      within(card).getByRole('link', { name: 'https://woodline.test/blog/oak' }).getAttribute('href'),
    ).toBe(`/deep-analysis/report?w_guid=${FIRST}&url_guid=${SAMPLE}`);
    expect(within(card).getByRole('button', { name: 'View all 4 Issues' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'View all 12 URLs' })).toBeTruthy();
    expect(within(card).getByLabelText('SEO score of Blog: 64')).toBeTruthy();
  });
});
