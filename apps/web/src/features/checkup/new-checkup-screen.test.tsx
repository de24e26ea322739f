import { MESSAGES } from '@sitelens/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, STRUCTURE, stubApi } from './checkup-test-kit';
import { NewCheckupScreen } from './new-checkup-screen';

/** The API as the screen sees it: the structure, the plan, an empty archive, and `onStart` for POST /report. */
function serveApi(planSettings: Record<string, number>, onStart?: () => Response) {
  stubApi((path, init) => {
    if (path === '/api/report/sections') return json(STRUCTURE);
    if (path === '/api/subscription') return json({ plan_settings: planSettings });
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
    // The competitor settings screen is not in this installation: the label says so, no dead link.
    expect((await screen.findByText('Add competitors')).getAttribute('title')).toBe(
      'Competitor settings are not available yet',
    );
    expect(screen.queryByRole('link', { name: 'Add competitors' })).toBeNull();
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
