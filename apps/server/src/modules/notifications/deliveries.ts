import { createHmac } from 'node:crypto';
import {
  type NotificationPayload,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@sitelens/contracts';
import type { GuardedFetcher } from '@sitelens/engine';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type Config, loadConfig } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { guardedFetcherFor } from '../../platform/fetcher';
import { actionMail, createMailer, type Mailer } from '../../providers/mail/mailer';

/** Sends a delivery this many times at most; then it is 'failed' and stays visible. */
export const MAX_ATTEMPTS = 6;
/** The wait after the first failed send, doubled after each (30 s, 1 min, 2 min … 1 h at most). */
const FIRST_RETRY_SECONDS = 30;
const LAST_RETRY_SECONDS = 3600;
/** A leased delivery is the leaser's for this long (longer than a send can take). */
const LEASE_SECONDS = 60;
const SEND_TIMEOUT_MS = 10_000;

/** Which website setting lets an outage's failed check notify (spec: Uptime Notifications). */
const SETTING_OF_CHECK = {
  ping: 'ping_uptime',
  http: 'http_uptime',
  page_load: 'page_load_timeout',
} as const;
export type FailedCheck = keyof typeof SETTING_OF_CHECK;

export interface OutageChange {
  outageId: string;
  event: 'outage_opened' | 'outage_closed';
  /** When the state changed: the first failed check, or the recovering one. */
  occurredAt: Date;
  /** The checks failing when it opened (an opening notifies only for checks the website's settings choose). */
  checks: FailedCheck[];
}

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Queues one delivery per enabled and confirmed channel of the outage's organization (an e-mail
 * address gets nothing before its owner followed the link mailed to it), in the caller's
 * transaction (the one that changed the outage): the change and its notifications commit together
 * or not at all, and the unique (channel, outage, event, time) makes a change repeated by a job run
 * twice notify once. An opening notifies when one of its failed checks is chosen in the website's
 * notification settings; a closing notifies the channels its opening notified.
 */
export async function queueOutageNotifications(query: QueryFn, change: OutageChange): Promise<void> {
  const [outage] = await query<{
    organization_id: string;
    website_id: string;
    domain: string;
    url: string;
    scope: 'regional' | 'global';
    regions: string[];
    started_at: Date;
    ended_at: Date | null;
    settings: Record<string, boolean> | null;
  }>(
    `select o.organization_id, o.website_id, w.domain, w.homepage_url as url, o.scope, o.regions, o.started_at, o.ended_at,
            w.settings -> 'notifications' as settings
       from outages o join websites w on w.id = o.website_id where o.id = $1`,
    [change.outageId],
  );
  if (!outage) return;
  const opened = change.event === 'outage_opened';
  if (opened) {
    const chosen = change.checks.filter((check) => outage.settings?.[SETTING_OF_CHECK[check]] !== false);
    if (chosen.length === 0) return;
  }
  const checks = [...new Set(change.checks)].sort();
  const down = checks.map((check) => (check === 'http' ? 'HTTP' : check === 'ping' ? 'ping' : 'page load'));
  const text = opened
    ? `${outage.domain} is down (${down.join(', ') || 'checks failing'}) in ${outage.regions.join(', ')} since ${utc(new Date(outage.started_at))}.`
    : `${outage.domain} is up again at ${utc(change.occurredAt)} (down since ${utc(new Date(outage.started_at))}).`;
  const payload: Omit<NotificationPayload, 'id'> = {
    event: change.event,
    occurred_at: change.occurredAt.toISOString(),
    website: { guid: outage.website_id, domain: outage.domain, url: outage.url },
    outage: {
      guid: change.outageId,
      scope: outage.scope,
      regions: outage.regions,
      checks,
      started_at: new Date(outage.started_at).toISOString(),
      ended_at: opened ? null : change.occurredAt.toISOString(),
    },
    text,
  };
  await query(
    `insert into notification_deliveries (organization_id, channel_id, website_id, outage_id, event, occurred_at, payload)
     select c.organization_id, c.id, $2, $3, $4, $5, $6::jsonb
       from notification_channels c
      where c.organization_id = $1 and c.enabled and c.confirmed_at is not null
        and ($4 = 'outage_opened' or exists (
              select 1 from notification_deliveries d
               where d.channel_id = c.id and d.outage_id = $3 and d.event = 'outage_opened'))
     on conflict do nothing`,
    [
      outage.organization_id,
      outage.website_id,
      change.outageId,
      change.event,
      change.occurredAt.toISOString(),
      JSON.stringify(payload),
    ],
  );
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the channel's secret>`, as a receiver recomputes it. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface Notifier {
  database: Database;
  fetcher: GuardedFetcher;
  mailer: Mailer;
  logger: Logger;
  /** The product's address, for the link in a mail. */
  publicUrl: string;
}

interface LeasedDelivery {
  id: string;
  kind: 'email' | 'webhook' | 'slack';
  target: string;
  secret: string | null;
  payload: Omit<NotificationPayload, 'id'>;
  attempts: number;
}

/** Sends one notification; throws with the reason the target gave. */
async function send(notifier: Notifier, delivery: LeasedDelivery): Promise<void> {
  const payload: NotificationPayload = { id: delivery.id, ...delivery.payload };
  if (delivery.kind === 'email') {
    const link = `${notifier.publicUrl}/site-outage${payload.website ? `?url=${encodeURIComponent(payload.website.url)}` : ''}`;
    const subject =
      payload.event === 'test'
        ? 'Sitelens test notification'
        : `${payload.event === 'outage_opened' ? 'Down' : 'Up'}: ${payload.website?.domain}`;
    await notifier.mailer.send(
      actionMail(delivery.target, subject, [payload.text], { label: 'Site outage', url: link }),
    );
    return;
  }
  const body = JSON.stringify(delivery.kind === 'slack' ? { text: payload.text } : payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: '*/*' };
  if (delivery.kind === 'webhook') {
    headers[WEBHOOK_DELIVERY_HEADER] = delivery.id;
    headers[WEBHOOK_SIGNATURE_HEADER] = webhookSignature(
      delivery.secret ?? '',
      Math.floor(Date.now() / 1000),
      body,
    );
  }
  const answer = await notifier.fetcher.fetchPage(delivery.target, {
    method: 'POST',
    body,
    headers,
    timeoutMs: SEND_TIMEOUT_MS,
    maxBytes: 64 * 1024,
    truncate: true,
  });
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`The target answered HTTP ${answer.status}`);
}

/** Leases due deliveries (`skip locked`, so senders in several processes never take the same one). */
async function lease(database: Database, where: string, params: unknown[], limit: number) {
  return database.query<LeasedDelivery>(
    `with due as (
       select id from notification_deliveries
        where status = 'pending' and (lease_until is null or lease_until < now()) and ${where}
        order by next_attempt_at limit ${limit} for update skip locked)
     update notification_deliveries d set lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
       from due, notification_channels c
      where d.id = due.id and c.id = d.channel_id
     returning d.id, c.kind, c.target, c.secret, d.payload, d.attempts`,
    params,
  );
}

/** Sends a leased delivery and records how it went: sent, or the error and the next attempt. */
async function attempt(notifier: Notifier, delivery: LeasedDelivery): Promise<void> {
  try {
    await send(notifier, delivery);
    await notifier.database.query(
      `update notification_deliveries set status = 'sent', sent_at = now(), lease_until = null, last_error = null where id = $1`,
      [delivery.id],
    );
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    const wait = Math.min(LAST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** (delivery.attempts - 1));
    await notifier.database.query(
      `update notification_deliveries
          set status = case when attempts >= $3 then 'failed' else 'pending' end,
              next_attempt_at = now() + make_interval(secs => $4), lease_until = null, last_error = $2
        where id = $1`,
      [delivery.id, message, MAX_ATTEMPTS, wait],
    );
    notifier.logger.warn(
      { delivery: delivery.id, kind: delivery.kind, err: message },
      'notification not delivered',
    );
  }
}

/** Sends every due delivery, a batch at a time; returns how many were tried. */
export async function deliverDue(notifier: Notifier, batch = 50): Promise<number> {
  let tried = 0;
  for (;;) {
    const leased = await lease(notifier.database, 'next_attempt_at <= now()', [], batch);
    if (leased.length === 0) return tried;
    await Promise.all(leased.map((delivery) => attempt(notifier, delivery)));
    tried += leased.length;
  }
}

/** Sends one delivery now (a test send), whatever its next attempt says; false when another sender holds it. */
export async function deliverNow(notifier: Notifier, id: string): Promise<boolean> {
  const [delivery] = await lease(notifier.database, 'id = $1', [id], 1);
  if (!delivery) return false;
  await attempt(notifier, delivery);
  return true;
}

/** A notifier as the server's settings make it: the guarded fetcher, the mailer (outbox, SMTP_URL). */
export function notifierFromConfig(
  database: Database,
  config: Config,
  logger: Logger,
  mailer?: Mailer,
): Notifier {
  return {
    database,
    fetcher: guardedFetcherFor(config),
    mailer: mailer ?? createMailer({ database, logger, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    logger,
    publicUrl: config.PUBLIC_URL,
  };
}

/**
 * Every minute, the deliveries that are due (new ones the probe could not send at once, and
 * retries after their backoff) are sent by whichever worker takes the job.
 */
export const deliverNotificationsJob = defineJob(
  'notifications.deliver',
  z.object({}),
  async (_payload, { database, logger }) => {
    await deliverDue(notifierFromConfig(database, loadConfig(), logger));
  },
  { cron: '* * * * *', retryLimit: 0, expireInSeconds: 10 * 60 },
);
