import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../../checkup/checkup-test-kit';
import { callsTo } from '../../webmaster-tools/test-fixtures';
import { SHARE_LIST_MESSAGES, ShareLinksCard } from './share-links-card';
import { SHARE, serveDelivery, share } from './test-fixtures';

const render = () => renderRoutes([{ path: '/', element: <ShareLinksCard /> }], '/');

afterEach(() => vi.unstubAllGlobals());

describe('the share links card', () => {
  it('says so when there are no links', async () => {
    serveDelivery({});
    render();
    expect(await screen.findByText(SHARE_LIST_MESSAGES.empty)).toBeInTheDocument();
  });

  it('shows the server’s text when the list cannot be read', async () => {
    serveDelivery({}, (call) =>
      call.path === '/api/white-label/shares' ? json({ error: 'Something broke' }, 500) : undefined,
    );
    render();
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists each link with its state, and revokes an active one', async () => {
    const expired = share({
      guid: '00000000-0000-4000-8000-0000000000e1',
      report_url: 'https://client.test/old',
      expires_at: '2026-11-01T12:00:00.000Z',
      state: 'expired',
    });
    const lists = { shares: [share(), expired] };
    serveDelivery(lists, (call) => {
      if (call.method !== 'DELETE' || call.path !== `/api/white-label/shares/${SHARE}`) return undefined;
      const revoked = share({ state: 'revoked', revoked_at: '2026-11-25T09:00:00.000Z' });
      lists.shares = [revoked, expired];
      return json(revoked);
    });
    render();
    const list = await screen.findByRole('list', { name: SHARE_LIST_MESSAGES.title });
    const [active, old] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(active).getByText('https://client.test/pricing')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText(/Agency brand · expires Dec 20, 2026/)).toBeInTheDocument();
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: SHARE_LIST_MESSAGES.revoke })).toBeNull();

    await userEvent.click(within(active).getByRole('button', { name: SHARE_LIST_MESSAGES.revoke }));
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: SHARE_LIST_MESSAGES.revoke }));
    await waitFor(() => expect(callsTo(`/api/white-label/shares/${SHARE}`, 'DELETE')).toHaveLength(1));
    expect(await screen.findByText(SHARE_LIST_MESSAGES.revoked)).toBeInTheDocument();
    expect(await within(list).findByText('Revoked')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: SHARE_LIST_MESSAGES.revoke })).toBeNull();
  });
});
