import { CHECKUP_MESSAGES } from '@sitelens/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { QuickCheckupForm } from './quick-checkup-form';

const GUID = '00000000-0000-4000-8000-000000000001';
const NOTE = CHECKUP_MESSAGES.checkedOverHttp('http://plain.test/', 'Could not connect to plain.test');

/** Serves the start of a checkup, as the server answers it, and keeps what the form sent. */
function serveStart(reply: { url: string; scheme_note: string | null }) {
  const sent: unknown[] = [];
  stubApi((path, init) => {
    if (path !== '/api/report' || init?.method !== 'POST') return undefined;
    sent.push(JSON.parse(String(init.body)));
    return json({ guid: GUID, competitor_urls: [], sections: [], ...reply }, 201);
  });
  return sent;
}

const render = () =>
  renderRoutes(
    [
      { path: '/dashboard', element: <QuickCheckupForm /> },
      { path: '/analysis/report', element: <p>Report</p> },
    ],
    '/dashboard',
  );

afterEach(() => vi.unstubAllGlobals());

describe('the quick checkup', () => {
  it('sends a bare address as https, says so, and says when the site was checked over http instead', async () => {
    const sent = serveStart({ url: 'http://plain.test/', scheme_note: NOTE });
    const router = render();
    await userEvent.type(await screen.findByLabelText('URL to analyze'), 'plain.test{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/analysis/report'));
    expect(sent).toEqual([{ url: 'https://plain.test', https_assumed: true }]);
    expect(await screen.findByText(NOTE)).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('http://plain.test/');
  });

  it('keeps the scheme a user typed', async () => {
    const sent = serveStart({ url: 'https://plain.test/', scheme_note: null });
    const router = render();
    await userEvent.type(await screen.findByLabelText('URL to analyze'), 'https://plain.test{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/analysis/report'));
    expect(sent).toEqual([{ url: 'https://plain.test', https_assumed: false }]);
  });
});
