import type { Organization } from '@sitelens/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionProvider } from '../../session/session-context';
import { json, renderRoutes, SESSION, stubApi } from '../checkup/checkup-test-kit';
import { TeamScreen } from './team-screen';

const TEAM: Organization = {
  guid: SESSION.o_guid!,
  name: 'Growth team',
  owner: SESSION.email,
  role: 'owner',
  members: [
    {
      email: 'mary@example.test',
      role: 'member',
      f_name: 'Mary',
      l_name: 'Somerville',
      c_at: '2026-01-02T00:00:00Z',
    },
  ],
  invitations: [{ invited_email: 'invited@example.test', token: '00000000-0000-4000-8000-0000000000c1' }],
  max_team_members: 3,
};

function renderTeamAs(session: Session) {
  const calls: string[] = [];
  stubApi((path) => {
    calls.push(path);
    return path === '/api/organization' ? json(TEAM) : undefined;
  });
  const router = renderRoutes(
    [
      {
        path: '/user/team-members',
        element: (
          <SessionProvider initial={session}>
            <TeamScreen />
          </SessionProvider>
        ),
      },
      { path: '/user/account/profile', element: <h1>My account</h1> },
    ],
    '/user/team-members',
  );
  return { router, calls };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the team page', () => {
  it('shows the owner the members and the pending invitations', async () => {
    renderTeamAs(SESSION);
    expect(await screen.findByText('Mary Somerville')).toBeTruthy();
    expect(screen.getByText('invited@example.test')).toBeTruthy();
  });

  it('sends a member, who opened it by its address, to their profile without asking for the team', async () => {
    const { router, calls } = renderTeamAs({
      ...SESSION,
      org_role: 'member',
      team: { name: 'Growth team', owner: SESSION.email },
    });
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/account/profile');
    expect(calls).toEqual([]);
  });
});
