import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT, NotFoundScreen } from '../features/errors/not-found-screen';
import { type Session, SessionProvider } from '../session/session-context';
import { setViewportWidth } from '../test/setup';
import { AppLayout } from './app-layout';
import { userMenuItems } from './user-menu';

const owner: Session = {
  guid: '6f1c1f7e-2a8b-4c3e-9f57-8d2f7f1b2c3d',
  o_guid: '7a1c1f7e-2a8b-4c3e-9f57-8d2f7f1b2c3d',
  subscription: { plan_code: 'professional-monthly' },
  email: 'ada@agency.test',
  f_name: 'Ada',
  l_name: 'Lovelace',
  org_role: 'owner',
  plan_name: 'Professional',
  is_legacy_paypal: false,
  team: null,
};

function renderAt(path: string, options: { routed?: string[]; session?: Session | null } = {}) {
  const routed = options.routed ?? [];
  const isRouted = (p: string) => routed.some((r) => p === r || p.startsWith(`${r}/`));
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout isRouted={isRouted} contactEmail="help@agency.test" />,
        children: [
          ...routed.map((p) => ({ path: p, element: <p>Screen at {p}</p> })),
          { path: '*', element: <NotFoundScreen homePath={null} /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <AntApp>
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider initial={options.session ?? null}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </AntApp>,
  );
}

beforeEach(() => setViewportWidth(1440));

describe('the layout', () => {
  it("shows the spec's menu groups and items, the contact link and the app version", () => {
    renderAt('/nowhere');
    const menu = screen.getByRole('menu', { name: 'Main menu' });
    for (const label of ['AI/LLM Analysis', 'Analysis', 'Monitoring', 'Webmaster Tools']) {
      expect(within(menu).getByText(label)).toBeInTheDocument();
    }
    for (const label of [
      'Dashboard',
      'Deep Analysis',
      'SEO Checkup',
      'Keyword Position Tracker',
      'Site Outage',
      'White Label Reports',
    ]) {
      expect(within(menu).getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'mailto:help@agency.test');
    expect(screen.getByTestId('app-version')).toHaveTextContent(/^v\d+\.\d+\.\d+/);
  });

  it('links the items whose screens exist and disables the others', () => {
    renderAt('/nowhere', { routed: ['/analysis'] });
    const menu = screen.getByRole('menu', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'SEO Checkup' })).toHaveAttribute('href', '/analysis');
    expect(within(menu).queryByRole('link', { name: 'Backlinks' })).toBeNull();
    expect(within(menu).getByText('Backlinks').closest('li')).toHaveAttribute('aria-disabled', 'true');
  });

  it('says on hover that a disabled item is not available yet, expanded or collapsed', async () => {
    renderAt('/nowhere');
    await userEvent.hover(within(screen.getByRole('menu', { name: 'Main menu' })).getByText('Deep Analysis'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Deep Analysis is not available yet');
    await userEvent.unhover(screen.getByText('Deep Analysis'));

    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const item = within(screen.getByRole('menu', { name: 'Main menu' }))
      .getByText('Site Outage')
      .closest('li');
    await userEvent.hover(item as HTMLElement);
    expect(await screen.findByText('Site Outage is not available yet')).toBeInTheDocument();
  });

  it('shows the 404 screen and title for a path the product does not have', () => {
    renderAt('/no/such/page');
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(document.title).toBe('Page not found · Sitelens');
  });

  it('titles a routed screen from its path', () => {
    renderAt('/analysis', { routed: ['/analysis'] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('SEO Checkup');
    expect(screen.getByText('Screen at /analysis')).toBeInTheDocument();
  });

  it('collapses the 240 px sidebar to 64 px and back', async () => {
    renderAt('/nowhere');
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveStyle({ width: '240px' });
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveStyle({ width: '64px' });
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar).toHaveStyle({ width: '240px' });
  });

  it('turns the sidebar into a drawer at 768 px and below', async () => {
    setViewportWidth(768);
    renderAt('/nowhere');
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.queryByRole('menu', { name: 'Main menu' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('menu', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('shows no user menu without a session', () => {
    renderAt('/nowhere');
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
  });

  it('shows the owner e-mail, plan and See all plans; a member sees the team and owner', () => {
    const { unmount } = renderAt('/nowhere', { session: owner });
    expect(screen.getByTestId('sidebar-user')).toHaveTextContent('ada@agency.test');
    expect(screen.getByRole('link', { name: 'See all plans' })).toHaveAttribute(
      'href',
      '/subscription/plans',
    );
    unmount();
    renderAt('/nowhere', {
      session: { ...owner, org_role: 'member', team: { name: 'Growth team', owner: 'lead@agency.test' } },
    });
    expect(screen.getByTestId('sidebar-user')).toHaveTextContent('Growth team');
    expect(screen.getByTestId('sidebar-user')).toHaveTextContent('Owner: lead@agency.test');
  });
});

describe('the user dropdown', () => {
  const labels = (session: Session) =>
    userMenuItems(session)
      .filter((item) => item && 'label' in item)
      .map((item) => (item as { label: string }).label);

  it('offers My account, Billing, Team Members and Logout to the owner', () => {
    expect(labels(owner)).toEqual(['My account', 'Billing', 'Team Members', 'Logout']);
  });

  it('hides Billing for a legacy PayPal subscription', () => {
    expect(labels({ ...owner, is_legacy_paypal: true })).toEqual(['My account', 'Team Members', 'Logout']);
  });

  it('hides Billing and Team Members from a member', () => {
    expect(labels({ ...owner, org_role: 'member' })).toEqual(['My account', 'Logout']);
  });
});
