import { NOTIFICATION_MESSAGES } from '@sitelens/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../routes';
import { json, renderRoutes, SESSION, stubApi } from '../checkup/checkup-test-kit';
import { CONFIRM_MESSAGES, NotificationConfirmScreen } from './notification-confirm-screen';

const TOKEN = 'mkz0a1.Q2xhc3NpYy10b2tlbi1mb3ItdGhlLXRlc3Qtb25seS0xMjM0NTY';
const CONFIRMED = { target: 'oncall@example.com', team: 'Harbour Lights' };

/** Answers the confirmation with `reply` (the first time, or each time), and records the calls. */
function serve(...replies: Response[]) {
  const calls: { method: string; body: unknown }[] = [];
  stubApi((path, init) => {
    if (path !== '/api/notifications/confirm') return undefined;
    calls.push({ method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
    return (replies.length > 1 ? replies.shift()! : replies[0]!).clone();
  });
  return calls;
}

const renderScreen = () =>
  renderRoutes(
    [{ path: '/confirm-notifications/:token', element: <NotificationConfirmScreen /> }],
    `/confirm-notifications/${TOKEN}`,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the confirmation page of an e-mail notification channel', () => {
  it('confirms the address once, even when React mounts the page twice, and says which team it now hears from', async () => {
    const calls = serve(json(CONFIRMED));
    const router = createMemoryRouter(
      [{ path: '/confirm-notifications/:token', element: <NotificationConfirmScreen /> }],
      { initialEntries: [`/confirm-notifications/${TOKEN}`] },
    );
    render(
      <StrictMode>
        <AntApp>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </StrictMode>,
    );
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(
      (await screen.findByRole('heading', { level: 1, name: CONFIRM_MESSAGES.confirmed })).textContent,
    ).toBe(CONFIRM_MESSAGES.confirmed);
    expect(screen.getByText(CONFIRM_MESSAGES.confirmedText(CONFIRMED))).toBeTruthy();
    expect(screen.getByRole('link', { name: CONFIRM_MESSAGES.home }).getAttribute('href')).toBe('/');
    expect(calls).toEqual([{ method: 'POST', body: { token: TOKEN } }]);
    expect(document.title).toBe(CONFIRM_MESSAGES.pageTitle);
  });

  it('says in the server’s words that a used, replaced or expired link no longer works', async () => {
    serve(json({ error: NOTIFICATION_MESSAGES.confirmLinkGone, code: 'gone' }, 410));
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRM_MESSAGES.gone })).toBeTruthy();
    expect(await screen.findByText(NOTIFICATION_MESSAGES.confirmLinkGone)).toBeTruthy();
    expect(screen.queryByRole('button', { name: CONFIRM_MESSAGES.retry })).toBeNull();
  });

  it('shows a malformed link as gone, in the product’s words rather than the field’s', async () => {
    serve(
      json(
        {
          error: 'Validation failed',
          code: 'bad_request',
          fields: [{ field: 'token', message: NOTIFICATION_MESSAGES.confirmLinkGone }],
        },
        400,
      ),
    );
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRM_MESSAGES.gone })).toBeTruthy();
    expect(screen.getByText(NOTIFICATION_MESSAGES.confirmLinkGone)).toBeTruthy();
    expect(screen.queryByText(/^Token:/)).toBeNull();
  });

  it('offers to try again when the server could not answer, and confirms then', async () => {
    const calls = serve(json({ error: 'Something went wrong', code: 'internal' }, 500), json(CONFIRMED));
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRM_MESSAGES.failed })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: CONFIRM_MESSAGES.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRM_MESSAGES.confirmed })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('opens for a signed-in user too, without the app around it and without going to the dashboard', async () => {
    serve(json(CONFIRMED));
    const router = renderRoutes(createRoutes({ contactEmail: null }), `/confirm-notifications/${TOKEN}`, {
      session: SESSION,
    });
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRM_MESSAGES.confirmed })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/confirm-notifications/${TOKEN}`);
    expect(screen.queryByText(SESSION.email)).toBeNull();
  });
});
