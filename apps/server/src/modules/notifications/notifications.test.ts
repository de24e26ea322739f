import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAX_NOTIFICATION_CHANNELS,
  NOTIFICATION_CONFIRM_DAYS,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
} from '@sitelens/contracts';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardedFetcherFor } from '../../platform/fetcher';
import { createMailer } from '../../providers/mail/mailer';
import { type Account, lastMailLinks, type TestApp, teamAccount } from '../../test/app';
import { hashToken } from '../auth/tokens';
import { updateOutages } from '../monitoring/outages';
import { MONITORING_PLAN, monitoredWebsite } from '../monitoring/test-support';
import { confirmToken } from './confirmation';
import { deliverDue, MAX_ATTEMPTS, type Notifier, webhookSignature } from './deliveries';

// Outage notifications: one per state change and channel, written with the change; a signed
// webhook, a Slack message and an e-mail in the outbox; private targets refused; failures retried
// with backoff and visible; channels scoped to the organization and managed by its owner.

const SITE = 'quay.example.com';
const URL_OF_SITE = `http://${SITE}/`;
let t: TestApp;
let account: Account;
let websiteId: string;
let receiver: http.Server;
let receiverUrl = '';
let answerStatus = 200;
const received: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who = account) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, payload });

async function addChannel(kind: string, target: string): Promise<NotificationChannel> {
  const response = await api('POST', '/notifications/channels', { kind, target });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The token of the confirmation link last mailed to `address`. */
async function mailedToken(address: string): Promise<string> {
  const [link] = await lastMailLinks(t.database, address);
  expect(link).toMatch(/\/confirm-notifications\/[0-9a-z]+\.[\w-]{43}$/);
  return link!.split('/').pop()!;
}

/** Follows a confirmation link as its reader's browser does: no session, only the token. */
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/confirm', payload: { token } });

/** Adds an e-mail channel and follows the link mailed to it. */
async function addConfirmedEmail(address: string): Promise<NotificationChannel> {
  const channel = await addChannel('email', address);
  const confirmed = await confirm(await mailedToken(address.toLowerCase()));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return channel;
}

/**
 * A Slack channel to the local receiver: Slack channels are added for https://hooks.slack.com only,
 * so the test's own one is written as the addition would write it.
 */
async function addLocalSlackChannel(target: string): Promise<void> {
  await t.database.query(
    `insert into notification_channels (organization_id, kind, target, confirmed_at)
     select organization_id, 'slack', $2, now() from memberships m join users u on u.id = m.user_id where u.email = $1`,
    [account.email, target],
  );
}

/** A failed (or passed) uptime check at a region, `minutesAgo` before now. */
async function result(check: 'ping' | 'http', ok: boolean, minutesAgo: number) {
  await t.database.query(
    `insert into monitor_results (website_id, region, "check", slot_at, checked_at, probe_id, ok, value_ms, status, error)
     values ($1, 'us-east-1', $2, now() - make_interval(secs => $3 * 60), now() - make_interval(secs => $3 * 60),
             gen_random_uuid(), $4, 100, $5, $6)`,
    [websiteId, check, minutesAgo, ok, ok ? 200 : 503, ok ? null : 'HTTP 503'],
  );
}
const evaluate = () => t.database.transaction((query) => updateOutages(query, [websiteId], 1));
const deliveries = () =>
  t.database.query<{
    channel_id: string;
    event: string;
    status: string;
    attempts: number;
    last_error: string | null;
  }>(
    'select channel_id, event, status, attempts, last_error from notification_deliveries order by created_at, event',
  );

function notifier(allowPrivate = true): Notifier {
  const logger = pino({ level: 'silent' });
  return {
    database: t.database,
    fetcher: guardedFetcherFor({
      FETCH_ALLOW_PRIVATE: allowPrivate ? new URL(receiverUrl).host : undefined,
      FETCH_CONNECT_TO: undefined,
    }),
    mailer: createMailer({ database: t.database, logger, from: 'Sitelens <no-reply@sitelens.test>' }),
    logger,
    publicUrl: 'http://sitelens.test',
  };
}

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(answerStatus).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ({ t, account, websiteId } = await monitoredWebsite(SITE, URL_OF_SITE, {
    FETCH_ALLOW_PRIVATE: new URL(receiverUrl).host,
  }));
});
beforeEach(async () => {
  for (const table of ['notification_channels', 'outages', 'monitor_results', 'mail_outbox'])
    await t.database.query(`delete from ${table}`);
  await t.database.query(
    `update websites set settings = jsonb_set(settings, '{notifications}', $2::jsonb) where id = $1`,
    [websiteId, JSON.stringify({ ping_uptime: true, http_uptime: true, page_load_timeout: true })],
  );
  received.length = 0;
  answerStatus = 200;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('outage notifications', () => {
  it('sends one signed webhook, one Slack message and one e-mail per opening and closing, however often the outage is judged', async () => {
    const webhook = await addChannel('webhook', `${receiverUrl}/hook`);
    await addLocalSlackChannel(`${receiverUrl}/slack`);
    await addConfirmedEmail('Alerts@Quay.example.com');
    expect(webhook.secret).toMatch(/^whsec_/);

    await result('http', false, 3);
    await evaluate();
    await evaluate();
    expect((await deliveries()).map((d) => d.event)).toEqual([
      'outage_opened',
      'outage_opened',
      'outage_opened',
    ]);
    expect(await deliverDue(notifier())).toBe(3);
    expect(await deliverDue(notifier())).toBe(0);

    const hook = received.find((r) => r.path === '/hook')!;
    const [, timestamp] = /^t=(\d+),v1=[0-9a-f]{64}$/.exec(String(hook.headers['x-sitelens-signature']))!;
    // The receiver's check: the HMAC of "t.body" with the channel's secret.
    expect(hook.headers['x-sitelens-signature']).toBe(
      webhookSignature(webhook.secret!, Number(timestamp), hook.body),
    );
    expect(webhookSignature('another secret', Number(timestamp), hook.body)).not.toBe(
      hook.headers['x-sitelens-signature'],
    );
    const payload = JSON.parse(hook.body);
    expect(payload).toMatchObject({
      id: hook.headers['x-sitelens-delivery'],
      event: 'outage_opened',
      website: { guid: websiteId, domain: SITE },
      outage: { scope: 'regional', regions: ['us-east-1'], checks: ['http'], ended_at: null },
    });
    expect(payload.text).toContain(`${SITE} is down (HTTP) in us-east-1`);
    expect(JSON.parse(received.find((r) => r.path === '/slack')!.body)).toEqual({ text: payload.text });
    const [mail] = await t.database.query<{ recipient: string; subject: string; text: string }>(
      `select recipient, subject, text from mail_outbox where subject not like 'Confirm %'`,
    );
    expect(mail).toMatchObject({ recipient: 'alerts@quay.example.com', subject: `Down: ${SITE}` });
    expect(mail!.text).toContain('http://sitelens.test/site-outage?url=');

    await result('http', true, 1);
    await evaluate();
    await evaluate();
    await deliverDue(notifier());
    expect(
      (await deliveries()).filter((d) => d.event === 'outage_closed' && d.status === 'sent'),
    ).toHaveLength(3);
    expect(JSON.parse(received.filter((r) => r.path === '/hook')[1]!.body)).toMatchObject({
      event: 'outage_closed',
      outage: { ended_at: expect.any(String) },
    });
    expect(received).toHaveLength(4);
  });

  it("follows the website's Uptime Notifications: an outage of unchosen checks notifies no one", async () => {
    await addChannel('webhook', `${receiverUrl}/hook`);
    await t.database.query(
      `update websites set settings = jsonb_set(settings, '{notifications}', $2::jsonb) where id = $1`,
      [websiteId, JSON.stringify({ ping_uptime: true, http_uptime: false, page_load_timeout: true })],
    );
    await result('http', false, 3);
    await evaluate();
    await result('http', true, 1);
    await evaluate();
    expect(await deliveries()).toEqual([]);
  });

  it('refuses a webhook to a private address, retries a failing target with backoff, and shows the failures', async () => {
    const refused = await addChannel('webhook', `${receiverUrl}/private`);
    await result('ping', false, 3);
    await evaluate();
    await deliverDue(notifier(false));
    expect(received).toEqual([]);
    const [first] = await deliveries();
    expect(first).toMatchObject({ channel_id: refused.guid, status: 'pending', attempts: 1 });
    expect(first!.last_error).toMatch(/127.0.0.1 is a loopback address/);

    // Not tried again before its backoff: nothing is due.
    expect(await deliverDue(notifier())).toBe(0);
    const listed = (await api('GET', '/notifications/deliveries')).json().deliveries;
    expect(listed[0]).toMatchObject({ status: 'pending', attempts: 1, event: 'outage_opened', domain: SITE });
    expect(Date.parse(listed[0].next_attempt_at) - Date.now()).toBeGreaterThan(20_000);

    // A target answering 500 every time: tried MAX_ATTEMPTS times, then failed, its error kept.
    answerStatus = 500;
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      await t.database.query('update notification_deliveries set next_attempt_at = now()');
      await deliverDue(notifier());
    }
    const [last] = await deliveries();
    expect(last).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: 'The target answered HTTP 500',
    });
    const channels = (await api('GET', '/notifications/channels')).json().channels;
    expect(channels[0].last_delivery).toMatchObject({
      status: 'failed',
      last_error: 'The target answered HTTP 500',
    });
  });
});

describe('notification channels', () => {
  it('adds, tests, turns off and removes channels; bad input is a 400 naming the field', async () => {
    const bad = await api('POST', '/notifications/channels', {
      kind: 'webhook',
      target: 'ftp://quay.example.com/',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'target', message: NOTIFICATION_MESSAGES.invalidUrl }]);
    expect(
      (await api('POST', '/notifications/channels', { kind: 'email', target: 'nobody' })).statusCode,
    ).toBe(400);
    expect((await api('POST', '/notifications/channels', { kind: 'sms', target: '+1555' })).statusCode).toBe(
      400,
    );

    expect((await api('GET', '/notifications/channels')).json().can_manage).toBe(true);
    const channel = await addChannel('webhook', `${receiverUrl}/test`);
    const tested = await api('POST', `/notifications/channels/${channel.guid}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().delivery).toMatchObject({ event: 'test', status: 'sent', attempts: 1 });
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: 'test', website: null, outage: null });

    const off = await api('PATCH', `/notifications/channels/${channel.guid}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    await result('http', false, 3);
    await evaluate();
    expect((await deliveries()).filter((d) => d.event !== 'test')).toEqual([]);

    expect((await api('DELETE', `/notifications/channels/${channel.guid}`)).statusCode).toBe(200);
    expect((await api('GET', '/notifications/channels')).json().channels).toEqual([]);
  });

  it('refuses at once a webhook or Slack address that delivery would refuse, with the reason', async () => {
    for (const [target, reason] of [
      ['http://localhost/hook', /^localhost \(resolves to (127\.0\.0\.1|::1)\) is a loopback address/],
      ['http://127.0.0.2:8080/hook', /^127\.0\.0\.2 is a loopback address/],
      ['http://[::1]/hook', /^::1 is a loopback address/],
      ['http://169.254.169.254/latest/meta-data/', /^169\.254\.169\.254 is a metadata address/],
      ['http://10.0.0.7/hook', /^10\.0\.0\.7 is a private address/],
    ] as const) {
      const refused = await api('POST', '/notifications/channels', { kind: 'webhook', target });
      expect(refused.statusCode, target).toBe(400);
      expect(refused.json().fields[0].field).toBe('target');
      expect(refused.json().fields[0].message).toMatch(reason);
    }
    for (const target of [
      `${receiverUrl}/slack`,
      'https://hooks.slack.com.example.com/services/T0/B0/x',
      'http://hooks.slack.com/services/T0/B0/x',
    ]) {
      const refused = await api('POST', '/notifications/channels', { kind: 'slack', target });
      expect(refused.statusCode, target).toBe(400);
      expect(refused.json().fields).toEqual([{ field: 'target', message: NOTIFICATION_MESSAGES.slackUrl }]);
    }
    expect((await api('GET', '/notifications/channels')).json().channels).toEqual([]);
    // Slack's own address is taken (this machine cannot resolve it: delivery will say so).
    const slack = await addChannel('slack', 'https://hooks.slack.com/services/T0/B0/x');
    expect(slack.target).toBe('https://hooks.slack.com/services/T0/B0/x');
  });

  it(`allows ${MAX_NOTIFICATION_CHANNELS} channels per organization`, async () => {
    for (let i = 0; i < MAX_NOTIFICATION_CHANNELS; i++)
      await addChannel('email', `alerts${i}@quay.example.com`);
    const over = await api('POST', '/notifications/channels', {
      kind: 'email',
      target: 'more@quay.example.com',
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe(NOTIFICATION_MESSAGES.tooMany);
  });

  it("another organization's channel is 404 and its channels are not listed", async () => {
    const channel = await addChannel('email', 'alerts@quay.example.com');
    const other = await teamAccount(t, MONITORING_PLAN);
    expect((await api('GET', '/notifications/channels', undefined, other)).json().channels).toEqual([]);
    for (const [method, url, body] of [
      ['PATCH', `/notifications/channels/${channel.guid}`, { enabled: false }],
      ['DELETE', `/notifications/channels/${channel.guid}`, undefined],
      ['POST', `/notifications/channels/${channel.guid}/test`, undefined],
      ['POST', `/notifications/channels/${channel.guid}/confirmation`, undefined],
    ] as const)
      expect((await api(method, url, body, other)).statusCode).toBe(404);
    expect((await api('GET', '/notifications/deliveries', undefined, other)).json().deliveries).toEqual([]);
  });
});

describe('e-mail confirmation', () => {
  const OPS = 'ops@quay.example.com';
  const outageMails = () =>
    t.database.query<{ recipient: string; subject: string }>(
      `select recipient, subject from mail_outbox where subject not like 'Confirm %' order by created_at`,
    );

  it('an e-mail address gets no outage mail and no test until the link mailed to it is followed', async () => {
    const channel = await addChannel('email', OPS);
    expect(channel.confirmed).toBe(false);
    const [mail] = await t.database.query<{ subject: string; text: string; expires_at: Date }>(
      'select subject, text, expires_at from mail_outbox where recipient = $1',
      [OPS],
    );
    // It names the team and who added the address, and how long the link works.
    expect(mail!.subject).toMatch(/^Confirm outage notifications from .+ on Sitelens$/);
    expect(mail!.text).toContain(`${account.email} added ${OPS} to the outage notifications of the team "`);
    expect(mail!.text).toContain(`valid for ${NOTIFICATION_CONFIRM_DAYS} days`);
    const days = (new Date(mail!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(NOTIFICATION_CONFIRM_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(NOTIFICATION_CONFIRM_DAYS);

    const tested = await api('POST', `/notifications/channels/${channel.guid}/test`);
    expect(tested.statusCode).toBe(409);
    expect(tested.json().error).toBe(NOTIFICATION_MESSAGES.confirmFirst);
    await result('http', false, 3);
    await evaluate();
    expect(await deliveries()).toEqual([]);
    await deliverDue(notifier());
    expect(await outageMails()).toEqual([]);
    await result('http', true, 1);
    await evaluate();
    expect(await deliveries()).toEqual([]);

    // The reader follows the link: no session, the token is the key.
    const confirmed = await confirm(await mailedToken(OPS));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { target, team } = confirmed.json();
    expect(target).toBe(OPS);
    // The page names the team the mail named.
    expect(mail!.subject).toBe(`Confirm outage notifications from ${team} on Sitelens`);
    expect(mail!.text).toContain(`the team "${team}" on Sitelens`);
    expect((await api('GET', '/notifications/channels')).json().channels[0]).toMatchObject({
      guid: channel.guid,
      confirmed: true,
    });

    // The next outage (the site down again) is mailed, and a test goes through.
    await result('http', false, 0);
    await evaluate();
    await deliverDue(notifier());
    expect(await outageMails()).toEqual([{ recipient: OPS, subject: `Down: ${SITE}` }]);
    const retested = await api('POST', `/notifications/channels/${channel.guid}/test`);
    expect(retested.statusCode, retested.body).toBe(200);
    expect(retested.json().delivery).toMatchObject({ event: 'test', status: 'sent' });
  });

  it('the link works once, a new one replaces it, and it stops working after its days', async () => {
    const channel = await addChannel('email', OPS);
    const first = await mailedToken(OPS);

    // The owner asks for the link again: a new mail, and the first link no longer works.
    const resent = await api('POST', `/notifications/channels/${channel.guid}/confirmation`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ guid: channel.guid, confirmed: false });
    const second = await mailedToken(OPS);
    expect(second).not.toBe(first);
    const replaced = await confirm(first);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().error).toBe(NOTIFICATION_MESSAGES.confirmLinkGone);

    // A token whose expiry is pushed later is no longer the token: refused.
    const [, random] = second.split('.');
    const later = `${(Math.floor(Date.now() / 1000) + 30 * 86_400).toString(36)}.${random}`;
    expect((await confirm(later)).statusCode).toBe(410);

    expect((await confirm(second)).statusCode).toBe(200);
    const again = await confirm(second);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe(NOTIFICATION_MESSAGES.confirmLinkGone);
    // Confirmed, there is no link to ask for.
    const late = await api('POST', `/notifications/channels/${channel.guid}/confirmation`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(NOTIFICATION_MESSAGES.alreadyConfirmed);

    // A link older than its days: refused, and the channel stays unconfirmed.
    const old = await addChannel('email', 'old@quay.example.com');
    const expired = confirmToken(Date.now() - (NOTIFICATION_CONFIRM_DAYS * 86_400 + 60) * 1000);
    await t.database.query('update notification_channels set confirm_token_hash = $2 where id = $1', [
      old.guid,
      expired.hash,
    ]);
    expect(expired.hash).toBe(hashToken(expired.token));
    const gone = await confirm(expired.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error).toBe(NOTIFICATION_MESSAGES.confirmLinkGone);
    for (const token of ['', 'x'.repeat(201)]) expect((await confirm(token)).statusCode).toBe(400);
    expect((await confirm('not-a-token')).statusCode).toBe(410);
    const listed = (await api('GET', '/notifications/channels')).json().channels;
    expect(listed.find((c: NotificationChannel) => c.guid === old.guid).confirmed).toBe(false);
  });

  it('webhook and Slack channels are confirmed when added: no link, no mail', async () => {
    const webhook = await addChannel('webhook', `${receiverUrl}/hook`);
    const slack = await addChannel('slack', 'https://hooks.slack.com/services/T0/B0/x');
    expect([webhook.confirmed, slack.confirmed]).toEqual([true, true]);
    expect(await t.database.query('select 1 from mail_outbox')).toEqual([]);
    const resent = await api('POST', `/notifications/channels/${webhook.guid}/confirmation`);
    expect(resent.statusCode).toBe(409);
    expect(await t.database.query('select 1 from mail_outbox')).toEqual([]);
  });

  it('another organization can neither ask for the link again nor confirm without the mailed token', async () => {
    const channel = await addChannel('email', OPS);
    const other = await teamAccount(t, MONITORING_PLAN);
    const resent = await api(
      'POST',
      `/notifications/channels/${channel.guid}/confirmation`,
      undefined,
      other,
    );
    expect(resent.statusCode).toBe(404);
    expect(await t.database.query('select 1 from mail_outbox')).toHaveLength(1);
    // The public confirmation knows no channel ids: only the token finds one.
    for (const token of [channel.guid, hashToken(channel.guid)])
      expect((await confirm(token)).statusCode).toBe(410);
    const [row] = await t.database.query<{ confirmed_at: Date | null }>(
      'select confirmed_at from notification_channels where id = $1',
      [channel.guid],
    );
    expect(row!.confirmed_at).toBeNull();
  });
});
