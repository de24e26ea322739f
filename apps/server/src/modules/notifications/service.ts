import { randomBytes } from 'node:crypto';
import {
  MAX_NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type NotificationChannelInput,
  type NotificationDelivery,
} from '@sitelens/contracts';
import { FetchRefused, type GuardedFetcher, resolveTarget } from '@sitelens/engine';
import type { Database, QueryFn } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { type AuthContext, organizationOf } from '../../http/authenticate';
import { ownedBy } from '../organization/service';
import { type ConfirmationMailer, confirmToken, mailConfirmationLink } from './confirmation';
import { deliverNow, type Notifier } from './deliveries';

interface DeliveryRow {
  id: string;
  channel_id: string;
  event: NotificationDelivery['event'];
  domain: string | null;
  status: NotificationDelivery['status'];
  attempts: number;
  last_error: string | null;
  occurred_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function toDelivery(row: DeliveryRow): NotificationDelivery {
  return {
    guid: row.id,
    channel_guid: row.channel_id,
    event: row.event,
    domain: row.domain,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    occurred_at: iso(row.occurred_at)!,
    sent_at: iso(row.sent_at),
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

const DELIVERY_COLUMNS = `d.id, d.channel_id, d.event, w.domain, d.status, d.attempts, d.last_error, d.occurred_at, d.sent_at, d.next_attempt_at`;

/** The organization's channels, each with its latest delivery; the webhook secrets only for the owner. */
export async function listChannels(query: QueryFn, caller: AuthContext): Promise<NotificationChannel[]> {
  const rows = await query<{
    id: string;
    kind: NotificationChannel['kind'];
    target: string;
    secret: string | null;
    enabled: boolean;
    confirmed: boolean;
    created_at: Date;
    last: DeliveryRow | null;
  }>(
    `select c.id, c.kind, c.target, c.secret, c.enabled, c.confirmed_at is not null as confirmed, c.created_at,
            (select to_jsonb(l) from (select ${DELIVERY_COLUMNS}
                                        from notification_deliveries d left join websites w on w.id = d.website_id
                                       where d.channel_id = c.id order by d.created_at desc limit 1) l) as last
       from notification_channels c where c.organization_id = $1 order by c.created_at`,
    [organizationOf(caller)],
  );
  return rows.map((row) => ({
    guid: row.id,
    kind: row.kind,
    target: row.target,
    secret: caller.role === 'owner' ? row.secret : null,
    enabled: row.enabled,
    confirmed: row.confirmed,
    c_at: iso(row.created_at)!,
    last_delivery: row.last ? toDelivery(row.last) : null,
  }));
}

/**
 * A webhook or Slack address that every delivery would refuse (localhost, a loopback, private or
 * metadata address, as the guarded fetcher judges it) is refused when the channel is added, with
 * the reason. A name that does not resolve now is kept: delivery tries it again, and says why.
 */
async function checkTarget(policy: GuardedFetcher['policy'], input: NotificationChannelInput): Promise<void> {
  if (input.kind === 'email') return;
  try {
    await resolveTarget(new URL(input.target), policy);
  } catch (error) {
    if (error instanceof FetchRefused && error.code !== 'dns')
      throw fieldError('bad_request', 'target', error.message);
    if (!(error instanceof FetchRefused)) throw error;
  }
}

/**
 * Adds a channel (owner only), at most MAX_NOTIFICATION_CHANNELS, counted under the organization's
 * lock. A webhook or Slack address is the owner's own endpoint and is confirmed as it is added; an
 * e-mail address may be anyone's, so it waits for its owner to follow the link mailed to it.
 */
export async function addChannel(
  database: Database,
  mail: ConfirmationMailer,
  caller: AuthContext,
  input: NotificationChannelInput,
  /** The address policy deliveries are held to. */
  policy: GuardedFetcher['policy'],
): Promise<NotificationChannel> {
  const organizationId = ownedBy(caller);
  await checkTarget(policy, input);
  const confirmation = input.kind === 'email' ? confirmToken() : null;
  const id = await database.transaction(async (query) => {
    await query('select id from organizations where id = $1 for update', [organizationId]);
    const [{ count }] = (await query<{ count: number }>(
      'select count(*)::int as count from notification_channels where organization_id = $1',
      [organizationId],
    )) as [{ count: number }];
    if (count >= MAX_NOTIFICATION_CHANNELS)
      throw fieldError('forbidden', 'target', NOTIFICATION_MESSAGES.tooMany);
    const secret = input.kind === 'webhook' ? `whsec_${randomBytes(24).toString('base64url')}` : null;
    const [row] = await query<{ id: string }>(
      `insert into notification_channels (organization_id, kind, target, secret, confirmed_at, confirm_token_hash)
       values ($1, $2, $3, $4, case when $5::text is null then now() end, $5) returning id`,
      [organizationId, input.kind, input.target, secret, confirmation?.hash ?? null],
    );
    return row!.id;
  });
  if (confirmation)
    await mailConfirmationLink(database.query, mail, caller, organizationId, input.target, confirmation);
  return channelOf(database.query, caller, id);
}

/**
 * Mails an unconfirmed e-mail channel a new link (owner only); the previous link stops working.
 * Another organization's channel is 404; a confirmed one (every webhook and Slack channel) is 409.
 */
export async function resendConfirmation(
  query: QueryFn,
  mail: ConfirmationMailer,
  caller: AuthContext,
  id: string,
): Promise<NotificationChannel> {
  const organizationId = ownedBy(caller);
  const confirmation = confirmToken();
  const [channel] = await query<{ target: string }>(
    `update notification_channels set confirm_token_hash = $3
      where id = $1 and organization_id = $2 and confirmed_at is null returning target`,
    [id, organizationId, confirmation.hash],
  );
  if (!channel) {
    const [known] = await query(
      'select 1 from notification_channels where id = $1 and organization_id = $2',
      [id, organizationId],
    );
    throw known
      ? new AppError('conflict', NOTIFICATION_MESSAGES.alreadyConfirmed)
      : new AppError('not_found', NOTIFICATION_MESSAGES.unknownChannel);
  }
  await mailConfirmationLink(query, mail, caller, organizationId, channel.target, confirmation);
  return channelOf(query, caller, id);
}

async function channelOf(query: QueryFn, caller: AuthContext, id: string): Promise<NotificationChannel> {
  const channel = (await listChannels(query, caller)).find((c) => c.guid === id);
  if (!channel) throw new AppError('not_found', NOTIFICATION_MESSAGES.unknownChannel);
  return channel;
}

/** Turns a channel on or off (owner only); another organization's channel is 404. */
export async function setChannelEnabled(
  query: QueryFn,
  caller: AuthContext,
  id: string,
  enabled: boolean,
): Promise<NotificationChannel> {
  const rows = await query(
    'update notification_channels set enabled = $3 where id = $1 and organization_id = $2 returning id',
    [id, ownedBy(caller), enabled],
  );
  if (rows.length === 0) throw new AppError('not_found', NOTIFICATION_MESSAGES.unknownChannel);
  return channelOf(query, caller, id);
}

/** Removes a channel and its deliveries (owner only). */
export async function removeChannel(query: QueryFn, caller: AuthContext, id: string): Promise<void> {
  const rows = await query(
    'delete from notification_channels where id = $1 and organization_id = $2 returning id',
    [id, ownedBy(caller)],
  );
  if (rows.length === 0) throw new AppError('not_found', NOTIFICATION_MESSAGES.unknownChannel);
}

/**
 * Sends a test notification to one channel now and answers how it went; a failure is retried
 * like any other and stays in the deliveries list with its error. An e-mail address not yet
 * confirmed gets nothing (409): a test is a mail like any other.
 */
export async function testChannel(
  notifier: Notifier,
  caller: AuthContext,
  id: string,
): Promise<NotificationDelivery> {
  const organizationId = ownedBy(caller);
  const [channel] = await notifier.database.query<{ confirmed: boolean }>(
    'select confirmed_at is not null as confirmed from notification_channels where id = $1 and organization_id = $2',
    [id, organizationId],
  );
  if (!channel) throw new AppError('not_found', NOTIFICATION_MESSAGES.unknownChannel);
  if (!channel.confirmed) throw new AppError('conflict', NOTIFICATION_MESSAGES.confirmFirst);
  const now = new Date();
  const [queued] = await notifier.database.query<{ id: string }>(
    `insert into notification_deliveries (organization_id, channel_id, event, occurred_at, payload)
     select organization_id, id, 'test', $3, $4::jsonb from notification_channels
      where id = $1 and organization_id = $2 and confirmed_at is not null
     returning id`,
    [
      id,
      organizationId,
      now.toISOString(),
      JSON.stringify({
        event: 'test',
        occurred_at: now.toISOString(),
        website: null,
        outage: null,
        text: `A test notification from Sitelens, sent by ${caller.email} at ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      }),
    ],
  );
  if (!queued) throw new AppError('not_found', NOTIFICATION_MESSAGES.unknownChannel);
  await deliverNow(notifier, queued.id);
  const [row] = await notifier.database.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from notification_deliveries d left join websites w on w.id = d.website_id where d.id = $1`,
    [queued.id],
  );
  return toDelivery(row!);
}

/** The organization's latest deliveries (50), newest first, with their status and errors. */
export async function listDeliveries(query: QueryFn, caller: AuthContext): Promise<NotificationDelivery[]> {
  const rows = await query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from notification_deliveries d left join websites w on w.id = d.website_id
      where d.organization_id = $1 order by d.created_at desc limit 50`,
    [organizationOf(caller)],
  );
  return rows.map(toDelivery);
}
