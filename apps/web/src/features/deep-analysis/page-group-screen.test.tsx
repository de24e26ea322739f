import type { FailedCheck } from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { PageGroupScreen } from './page-group-screen';
import { callsOf, GROUP, group, url, W, website } from './test-fixtures';

const CHECK: FailedCheck = {
  test_key: 'meta-title',
  title: 'Meta Title',
  relevance: 8,
  priority: 'HIGH',
  affected_urls: 4,
  share: 0.5,
  impact_score: 4,
  impact: 'MEDIUM',
  last_found: '2026-01-05T10:00:00.000Z',
  sample_url: 'https://example.com/blog/oak',
  sample_url_guid: '00000000-0000-4000-8000-000000000001',
};

function serveApi({
  checks = [CHECK],
  remove = new Response(null, { status: 204 }),
}: {
  checks?: FailedCheck[];
  remove?: Response;
} = {}) {
  stubApi((path, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'DELETE' && path === `/api/url-cluster/${W}/${GROUP}`) return remove;
    if (method !== 'GET') return undefined;
    if (path === '/api/website-index') return json([website()]);
    if (path === `/api/url-cluster/${W}`) return json([group()]);
    if (path === `/api/on-page-seo/website-failed-checks/${W}`)
      return json({ data: checks, meta: { analyzed_urls: 8 } });
    if (path === `/api/serviceable-url/${W}/cluster/${GROUP}`)
      return json({
        data: [url(1, { url: 'https://example.com/blog/oak', cluster_guid: GROUP })],
        meta: { last_evaluated_key: null },
      });
    if (path === `/api/serviceable-url/${W}/count`)
      return json({ count: 8, analyzed: 8, dp_max_urls: 100, rendering: null });
    return undefined;
  });
}

const renderAt = (cluster = GROUP) =>
  renderRoutes(
    [
      { path: '/deep-analysis/page-group', element: <PageGroupScreen /> },
      { path: '/deep-analysis', element: <p>Deep Analysis overview</p> },
    ],
    `/deep-analysis/page-group?w_guid=${W}&cluster_guid=${cluster}`,
  );

async function chooseAction(name: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Page group actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name }));
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the page group screen', () => {
  it("shows the group, its score, its URLs and its failed checks linking to the check's page", async () => {
    serveApi();
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Blog' })).toBeTruthy();
    expect(screen.getByText('Pages under /blog/, such as /blog/oak and /blog/ash.')).toBeTruthy();
    expect(screen.getByText('High engagement')).toBeTruthy();
    expect(screen.getByText('68')).toBeTruthy();
    expect(screen.getByText('12 monitored URLs')).toBeTruthy();
    expect(screen.getByText('This page group has no screenshot yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Deep Analysis' }).getAttribute('href')).toBe(
      `/deep-analysis?w_guid=${W}`,
    );
    expect(await screen.findByRole('link', { name: 'https://example.com/blog/oak' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Add new URLs/ })).toBeTruthy();

    const check = await screen.findByRole('link', { name: 'Meta Title' });
    expect(check.getAttribute('href')).toBe(
      `/deep-analysis/failed-check/meta-title?w_guid=${W}&cluster_guid=${GROUP}`,
    );
    const item = check.closest('li')!;
    expect(within(item).getByText('High priority')).toBeTruthy();
    expect(within(item).getByText('4 affected URLs')).toBeTruthy();
    expect(within(item).getByText('Impact: Medium')).toBeTruthy();
    const asked = callsOf(fetch).find((c) => c.path === `/api/on-page-seo/website-failed-checks/${W}`);
    expect(asked?.search).toBe(`?cluster_guid=${GROUP}`);
  });

  it("says 'No issues yet' when no check fails in the group", async () => {
    serveApi({ checks: [] });
    renderAt();
    expect(await screen.findByText('No issues yet')).toBeTruthy();
  });

  it('removes the group after confirming and returns to the Deep Analysis overview', async () => {
    serveApi();
    const router = renderAt();
    await screen.findByRole('heading', { name: 'Blog' });
    await chooseAction('Remove page group');
    const dialog = await screen.findByRole('dialog', { name: 'Remove the page group Blog?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Deep Analysis overview')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/deep-analysis');
    expect(router.state.location.search).toBe(`?w_guid=${W}`);
    expect(callsOf(fetch).filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('stays on the group, saying nothing, when the removal fails (spec 8)', async () => {
    serveApi({ remove: json({ error: 'The database is resting.' }, 503) });
    const router = renderAt();
    await screen.findByRole('heading', { name: 'Blog' });
    await chooseAction('Remove page group');
    const dialog = await screen.findByRole('dialog', { name: 'Remove the page group Blog?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await vi.waitFor(() => expect(callsOf(fetch).filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/deep-analysis/page-group');
    expect(screen.getByRole('heading', { name: 'Blog' })).toBeTruthy();
    expect(screen.queryByText('The database is resting.')).toBeNull();
  });

  it("opens 'Update page group' with the group's fields", async () => {
    serveApi();
    renderAt();
    await screen.findByRole('heading', { name: 'Blog' });
    await chooseAction('Update page group');
    const dialog = await screen.findByRole('dialog', { name: 'Update page group' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Blog');
  });

  it("says 'Page group not found' for a group the website does not have", async () => {
    serveApi();
    renderAt('00000000-0000-4000-8000-0000000000c9');
    expect(await screen.findByText('Page group not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Deep Analysis' }).getAttribute('href')).toBe(
      `/deep-analysis?w_guid=${W}`,
    );
  });
});
