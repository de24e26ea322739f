import { MESSAGES, type Website } from '@sitelens/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, STRUCTURE, stubApi } from './checkup-test-kit';
import { NewCheckupScreen } from './new-checkup-screen';

const GUID = '6f1c7f0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';

const website = (competitors: string[]): Website => ({
  guid: GUID,
  domain: 'shop.example.com',
  homepage_url: 'http://shop.example.com/',
  c_at: '2026-01-01T00:00:00.000Z',
  status: 'completed',
  discovered_urls: 0,
  on_page_seo: null,
  sitemap_urls: [],
  settings: {
    competitors,
    regions: ['us-east-1'],
    location_name: 'United States',
    language_code: 'en',
    notifications: { ping_uptime: true, http_uptime: true, page_load_timeout: true },
  },
  keywords: [],
});

/**
 * The API as the screen sees it: the structure, the plan, the organization's tracked websites (none
 * unless given), an empty archive, and `onStart` for POST /report.
 */
function serveApi(planSettings: Record<string, number>, onStart?: () => Response, websites: Website[] = []) {
  stubApi((path, init) => {
    if (path === '/api/report/sections') return json(STRUCTURE);
    if (path === '/api/subscription') return json({ plan_settings: planSettings });
    if (path === '/api/website-index') return json(websites);
    if (path === '/api/report' && init?.method === 'POST' && onStart) return onStart();
    if (path.startsWith('/api/report/v2/')) return json([]);
    return undefined;
  });
}

const renderScreen = () => renderRoutes([{ path: '/analysis', element: <NewCheckupScreen /> }], '/analysis');

afterEach(() => vi.unstubAllGlobals());

describe('the new checkup form and the plan', () => {
  it('says the feature is off, with an upgrade link, when the plan has no checkups', async () => {
    serveApi({ seo_analysis_limit: 0, max_competitors: 1 });
    renderScreen();
    expect(await screen.findByText(MESSAGES.featureNotInPlan)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'upgrade' }).getAttribute('href')).toBe('/subscription/plans');
    expect(screen.getByRole('button', { name: 'Checkup your SEO' }).hasAttribute('disabled')).toBe(true);
    // No tracked website to set competitors on: the link leads to the dashboard, which adds one.
    expect((await screen.findByRole('link', { name: 'Add competitors' })).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it("shows the server's refusal when the period's checkups are used up, and offers plans", async () => {
    const limit = 'You have reached the limit of your current plan.';
    serveApi(
      { seo_analysis_limit: 5, max_competitors: 2 },
      () =>
        new Response(JSON.stringify({ error: limit, code: 'forbidden' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderScreen();
    // As many competitor inputs as the plan allows.
    await userEvent.click(await screen.findByText('Add competitors (optional)'));
    expect(screen.getByLabelText('Competitor 2')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Your website'), 'example.com');
    const button = screen.getByRole('button', { name: 'Checkup your SEO' });
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'upgrade' })).toBeTruthy();
  });
});

describe('the new checkup form and the selected website', () => {
  it("starts from the website's homepage and competitors, and links to its competitor settings", async () => {
    serveApi({ seo_analysis_limit: 5, max_competitors: 3 }, undefined, [
      website(['https://rival.com/', 'http://other.test/shop']),
    ]);
    renderScreen();
    await vi.waitFor(() => expect(screen.getByLabelText('Your website')).toHaveValue('shop.example.com'));
    expect(screen.getByRole('combobox', { name: 'Scheme' }).closest('.ant-select')).toHaveTextContent(
      'http://',
    );
    // The competitors are open, since there are some.
    expect(screen.getByLabelText('Competitor 1')).toHaveValue('rival.com');
    expect(screen.getByLabelText('Competitor 2')).toHaveValue('other.test/shop');
    expect(
      screen.getByRole('combobox', { name: 'Competitor 2 scheme' }).closest('.ant-select'),
    ).toHaveTextContent('http://');
    expect(screen.getByLabelText('Competitor 3')).toHaveValue('');
    expect((await screen.findByRole('link', { name: 'Edit competitors' })).getAttribute('href')).toBe(
      `/dashboard/settings/competitors?w_guid=${GUID}`,
    );
  });

  it('keeps what the user typed before the website arrived', async () => {
    serveApi({ seo_analysis_limit: 5, max_competitors: 1 }, undefined, [website(['https://rival.com/'])]);
    // The websites answer waits until the user has typed.
    const served = globalThis.fetch;
    let release = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://sitelens.test').pathname === '/api/website-index') await typed;
      return served(input, init);
    });
    renderScreen();
    await userEvent.type(await screen.findByLabelText('Your website'), 'mine.test');
    release();
    await vi.waitFor(() => expect(screen.getByLabelText('Competitor 1')).toHaveValue('rival.com'));
    expect(screen.getByLabelText('Your website')).toHaveValue('mine.test');
  });

  it('leaves the form empty, competitors closed, without a tracked website', async () => {
    serveApi({ seo_analysis_limit: 5, max_competitors: 1 });
    renderScreen();
    expect((await screen.findByRole('link', { name: 'Add competitors' })).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByLabelText('Your website')).toHaveValue('');
    expect(screen.queryByLabelText('Competitor 1')).toBeNull();
  });
});

describe('the new checkup form and its fields', () => {
  /** Serves the form with three competitor rows; POST /report answers `answer`, its bodies in `sent`. */
  const serveForm = (answer: () => Response) => {
    const sent: unknown[] = [];
    serveApi({ seo_analysis_limit: 5, max_competitors: 3 }, undefined);
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://sitelens.test').pathname === '/api/report' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      return served(input, init);
    });
    return sent;
  };
  const submit = async () => {
    const button = screen.getByRole('button', { name: 'Checkup your SEO' });
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
  };

  it('gives every competitor row https:// and sends what was typed in any of them', async () => {
    const sent = serveForm(() => json({ error: 'stop here' }, 500));
    renderScreen();
    await userEvent.click(await screen.findByText('Add competitors (optional)'));
    await screen.findByLabelText('Competitor 3');
    for (const row of [1, 2, 3])
      expect(
        screen.getByRole('combobox', { name: `Competitor ${row} scheme` }).closest('.ant-select'),
      ).toHaveTextContent('https://');
    await userEvent.type(screen.getByLabelText('Your website'), 'mine.example');
    await userEvent.type(screen.getByLabelText('Competitor 1'), 'https://sure.example');
    await userEvent.type(screen.getByLabelText('Competitor 3'), 'rival.example');
    await submit();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // A bare domain left at https:// is sent as assumed (the server falls back to http if https
    // cannot connect); an address typed with its scheme is not.
    expect(sent[0]).toEqual({
      url: 'https://mine.example',
      competitors: ['https://sure.example/', 'https://rival.example/'],
      sections: expect.any(Array),
      https_assumed: true,
      competitors_https_assumed: [false, true],
    });
  });

  it('catches a host with a space on its field, before anything is sent', async () => {
    const sent = serveForm(() => json({ error: 'unexpected' }, 500));
    renderScreen();
    await userEvent.type(await screen.findByLabelText('Your website'), 'exa mple.com');
    await submit();
    expect(await screen.findByText('Provide a valid URL')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Your website'));
    await userEvent.type(screen.getByLabelText('Your website'), 'example.com');
    await userEvent.click(screen.getByText('Add competitors (optional)'));
    await userEvent.type(await screen.findByLabelText('Competitor 2'), 'riv al.com');
    await submit();
    expect(await screen.findByText('Provide a valid URL')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the server's field errors on the fields they name, not in a toast", async () => {
    serveForm(() =>
      json(
        {
          error: 'url: Provide a valid URL',
          code: 'bad_request',
          fields: [
            { field: 'url', message: 'Provide a valid URL' },
            { field: 'competitors.0', message: 'Provide a valid URL' },
          ],
        },
        400,
      ),
    );
    renderScreen();
    await userEvent.type(await screen.findByLabelText('Your website'), 'example.com');
    await userEvent.click(screen.getByText('Add competitors (optional)'));
    // The first competitor the server sees is the one typed in the second row.
    await userEvent.type(await screen.findByLabelText('Competitor 2'), 'rival.example');
    await submit();
    const labelsWithError = () =>
      screen
        .queryAllByText('Provide a valid URL')
        .map((m) => m.closest('.ant-form-item')?.querySelector('label')?.textContent);
    await vi.waitFor(() => expect(labelsWithError()).toEqual(['Your website', 'Competitor 2']), {
      timeout: 3000,
    });
    expect(screen.queryByText(/url: /)).toBeNull();
    expect(screen.queryByText(/competitors\.0/)).toBeNull();
  });
});
