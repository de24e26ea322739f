import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionProvider } from '../../session/session-context';
import { renderRoutes, SESSION, stubApi } from '../checkup/checkup-test-kit';
import { website } from '../deep-analysis/test-fixtures';
import { WebsiteTabs } from './website-tabs';

const MEMBER: Session = {
  ...SESSION,
  org_role: 'member',
  team: { name: 'Growth team', owner: SESSION.email },
};

/** The settings menu of the one website's tab, opened, as its items read. */
async function settingsMenuAs(session: Session): Promise<string[]> {
  // The favicon is the only call: none, so the tab shows the default globe.
  stubApi(() => new Response('', { status: 404 }));
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <SessionProvider initial={session}>
            <WebsiteTabs
              websites={[website()]}
              selected={website().guid}
              onSelect={vi.fn()}
              onAdd={vi.fn()}
            />
          </SessionProvider>
        ),
      },
    ],
    '/dashboard',
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Settings of example.com' }));
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent ?? '');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a website tab's settings menu", () => {
  it('offers the owner every section, removing the website last', async () => {
    const items = await settingsMenuAs(SESSION);
    expect(items).toHaveLength(7);
    expect(items.at(-1)).toBe('Remove Domain/Website');
  });

  it('does not offer a member to remove the website, which only the owner may do', async () => {
    const items = await settingsMenuAs(MEMBER);
    expect(items).toEqual([
      'Competitors',
      'Keywords',
      'Monitor locations',
      'Regional database',
      'Uptime Notifications',
      'Google Search Console',
    ]);
  });
});
