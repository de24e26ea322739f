import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionProvider } from '../../session/session-context';
import { BillingScreen } from './billing-screen';

const member: Session = {
  guid: '6f1c1f7e-2a8b-4c3e-9f57-8d2f7f1b2c3d',
  o_guid: '7a1c1f7e-2a8b-4c3e-9f57-8d2f7f1b2c3d',
  subscription: { plan_code: 'pro-monthly', status: 'active' },
  email: 'mary@agency.test',
  f_name: 'Mary',
  l_name: 'Somerville',
  org_role: 'member',
  plan_name: null,
  is_legacy_paypal: false,
  team: { name: 'Default', owner: 'ada@agency.test' },
};

function renderBillingAs(session: Session) {
  const router = createMemoryRouter(
    [
      { path: '/user/account/billing', element: <BillingScreen /> },
      { path: '/user/account/profile', element: <h1>My account</h1> },
    ],
    { initialEntries: ['/user/account/billing'] },
  );
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider initial={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </AntApp>,
  );
  return router;
}

// The sales calls answer 403 for a member, as the server does: billing is the owner's.
const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ error: 'Forbidden' }), { status: 403 }));
beforeEach(() => vi.stubGlobal('fetch', fetchSpy));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchSpy.mockClear();
});

describe('the billing page for a team member', () => {
  it('sends them to their profile, without errors or a Cancel link', async () => {
    const router = renderBillingAs(member);
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/account/profile');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Cancel')).not.toBeInTheDocument();
    expect(screen.queryByText(/Cannot fetch billing information/)).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('still shows the owner their billing', async () => {
    const router = renderBillingAs({ ...member, org_role: 'owner', team: null, plan_name: 'Pro' });
    expect(await screen.findByRole('tab', { name: 'Billing info' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/account/billing');
  });
});
