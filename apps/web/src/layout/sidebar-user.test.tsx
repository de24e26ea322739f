import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appConfigQuery } from '../api/app-config.queries';
import { subscriptionQuery } from '../features/sales/sales.queries';
import { proSubscription } from '../features/sales/test-subscription';
import type { Session } from '../session/session-context';
import { SidebarUser } from './sidebar-user';

const owner: Session = {
  guid: '6f1c1f7e-2a8b-4c3e-9f57-8d2f7f1b2c3d',
  o_guid: '7a1c1f7e-2a8b-4c3e-9f57-8d2f7f1b2c3d',
  subscription: { plan_code: 'pro-monthly', status: 'active' },
  email: 'ada@agency.test',
  f_name: 'Ada',
  l_name: 'Lovelace',
  org_role: 'owner',
  plan_name: 'Pro',
  is_legacy_paypal: false,
  team: null,
};

function renderSidebar(session: Session, trialEndsAt: string | null) {
  const client = new QueryClient();
  client.setQueryData(appConfigQuery.queryKey, {
    version: '0.1.0',
    contact_email: null,
    human_check: { kind: 'off', site_key: null },
    billing_provider: 'sandbox',
    recurly_public_key: null,
  });
  client.setQueryData(
    subscriptionQuery.queryKey,
    proSubscription({ trial_ends_at: trialEndsAt, current_period_ends_at: trialEndsAt }),
  );
  const router = createMemoryRouter([{ path: '*', element: <SidebarUser session={session} /> }]);
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return screen.getByTestId('sidebar-user');
}

describe('the sidebar user block', () => {
  it('says the account is in trial, and until when', () => {
    const block = renderSidebar(owner, new Date(2099, 11, 8, 15, 30).toISOString());
    expect(block).toHaveTextContent('ada@agency.test');
    expect(block).toHaveTextContent('Pro');
    expect(screen.getByTestId('sidebar-trial')).toHaveTextContent(/^Trial until Dec 08, 2099$/);
  });

  it('says nothing of a trial once it has ended', () => {
    const block = renderSidebar(owner, new Date(2020, 0, 31).toISOString());
    expect(block).toHaveTextContent('Pro');
    expect(block).not.toHaveTextContent(/Trial/);
  });

  it('shows a team member the team and its owner, not the trial', () => {
    const block = renderSidebar(
      {
        ...owner,
        org_role: 'member',
        plan_name: null,
        team: { name: 'Analytical Engines', owner: 'charles@agency.test' },
      },
      new Date(2099, 11, 8).toISOString(),
    );
    expect(block).toHaveTextContent('Analytical Engines');
    expect(block).toHaveTextContent('Owner: charles@agency.test');
    expect(block).not.toHaveTextContent(/Trial/);
  });
});
