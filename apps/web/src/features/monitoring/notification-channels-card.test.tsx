import type { NotificationChannel, NotificationChannelListReply } from '@sitelens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { CHANNEL_MESSAGES, NotificationChannelsCard } from './notification-channels-card';

const WEBHOOK: NotificationChannel = {
  guid: '0b7d5c1e-4f2a-4e8b-9c3d-1a2b3c4d5e6f',
  kind: 'webhook',
  target: 'https://hooks.example.com/sitelens',
  secret: 'whsec_abc123',
  enabled: true,
  confirmed: true,
  c_at: '2026-11-26T10:00:00.000Z',
  last_delivery: {
    guid: '1c8e6d2f-5a3b-4f9c-8d4e-2b3c4d5e6f70',
    channel_guid: '0b7d5c1e-4f2a-4e8b-9c3d-1a2b3c4d5e6f',
    event: 'outage_opened',
    domain: 'example.com',
    status: 'pending',
    attempts: 2,
    last_error: 'The target answered HTTP 500',
    occurred_at: '2026-11-26T10:05:00.000Z',
    sent_at: null,
    next_attempt_at: '2026-11-26T10:07:00.000Z',
  },
};

/** An e-mail channel whose address has not followed its link yet. */
const WAITING: NotificationChannel = {
  ...WEBHOOK,
  guid: '3e0a8f4b-7c5d-4b1e-8f6a-4d5e6f708192',
  kind: 'email',
  target: 'oncall@example.com',
  secret: null,
  confirmed: false,
  last_delivery: null,
};

function serve(reply: NotificationChannelListReply, resent: Response = json(WAITING)) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  stubApi((path, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (path === '/api/notifications/channels' && method === 'GET') return json(reply);
    if (path === '/api/notifications/channels' && method === 'POST')
      return json(
        {
          ...WEBHOOK,
          guid: '2d9f7e3a-6b4c-4a0d-9e5f-3c4d5e6f7081',
          kind: 'email',
          target: 'ops@example.com',
          secret: null,
          confirmed: false,
          last_delivery: null,
        },
        201,
      );
    if (path === `/api/notifications/channels/${WAITING.guid}/confirmation` && method === 'POST')
      return resent;
    if (path === `/api/notifications/channels/${WEBHOOK.guid}/test` && method === 'POST')
      return json({
        delivery: {
          ...WEBHOOK.last_delivery!,
          event: 'test',
          status: 'sent',
          attempts: 1,
          last_error: null,
          sent_at: '2026-11-26T10:08:00.000Z',
          next_attempt_at: null,
        },
      });
    return undefined;
  });
  return calls;
}

const render = () => renderRoutes([{ path: '/', element: <NotificationChannelsCard /> }], '/');

afterEach(() => vi.unstubAllGlobals());

describe('the notification channels card', () => {
  it("shows each channel with its last delivery's error and the webhook's secret, and sends a test", async () => {
    const calls = serve({ channels: [WEBHOOK], can_manage: true });
    render();
    expect(await screen.findByText(WEBHOOK.target)).toBeTruthy();
    expect(screen.getByText('The target answered HTTP 500')).toBeTruthy();
    expect(screen.getByText(/Retrying at 2026-11-26 10:07 UTC/)).toBeTruthy();
    expect(screen.getByText('whsec_abc123')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test notification sent.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/test'))).toBe(true);
  });

  it('checks the address before adding: an e-mail channel needs an e-mail address', async () => {
    const calls = serve({ channels: [], can_manage: true });
    render();
    expect(await screen.findByText(CHANNEL_MESSAGES.empty)).toBeTruthy();
    const address = screen.getByLabelText('Address');
    await userEvent.type(address, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(address);
    await userEvent.type(address, ' Ops@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { kind: 'email', target: 'ops@example.com' },
      ]),
    );
    expect(await screen.findByText(CHANNEL_MESSAGES.added)).toBeTruthy();
    // The new address gets nothing until it follows its link: the card says a link went to it.
    expect(await screen.findByText(CHANNEL_MESSAGES.linkSent('ops@example.com'))).toBeTruthy();
  });

  it('shows an e-mail address waiting for its link without a test, and sends the link again', async () => {
    const calls = serve({ channels: [WEBHOOK, WAITING], can_manage: true });
    render();
    const item = (await screen.findByText(WAITING.target)).closest('li')!;
    expect(within(item).getByText(CHANNEL_MESSAGES.waiting)).toBeTruthy();
    expect(within(item).getByText(CHANNEL_MESSAGES.waitingHelp)).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Send test' })).toBeNull();
    expect(within(item).queryByText('Nothing sent yet')).toBeNull();
    // The confirmed webhook beside it is tested as before, with no waiting tag.
    const webhook = screen.getByText(WEBHOOK.target).closest('li')!;
    expect(within(webhook).getByRole('button', { name: 'Send test' })).toBeTruthy();
    expect(within(webhook).queryByText(CHANNEL_MESSAGES.waiting)).toBeNull();

    await userEvent.click(within(item).getByRole('button', { name: CHANNEL_MESSAGES.resend }));
    expect(await screen.findByText(CHANNEL_MESSAGES.linkSent(WAITING.target))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/notifications/channels/${WAITING.guid}/confirmation`,
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(CHANNEL_MESSAGES.linkSent(WAITING.target))).toBeNull());
  });

  it('shows the server’s refusal when the link cannot be sent again', async () => {
    serve(
      { channels: [WAITING], can_manage: true },
      json({ error: 'Too many requests. Try again in 9 minutes.', code: 'rate_limited' }, 429),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: CHANNEL_MESSAGES.resend }));
    expect(await screen.findByText('Too many requests. Try again in 9 minutes.')).toBeTruthy();
    expect(screen.queryByText(CHANNEL_MESSAGES.linkSent(WAITING.target))).toBeNull();
  });

  it('shows a member the channels without the controls or the secret', async () => {
    serve({ channels: [{ ...WEBHOOK, secret: null }, WAITING], can_manage: false });
    render();
    const item = (await screen.findByText(WEBHOOK.target)).closest('li')!;
    expect(within(item).queryByRole('button', { name: 'Send test' })).toBeNull();
    const waiting = screen.getByText(WAITING.target).closest('li')!;
    expect(within(waiting).getByText(CHANNEL_MESSAGES.waiting)).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: CHANNEL_MESSAGES.resend })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add channel' })).toBeNull();
    expect(screen.getByText(CHANNEL_MESSAGES.ownerOnly)).toBeTruthy();
  });
});
