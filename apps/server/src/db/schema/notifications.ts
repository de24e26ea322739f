import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { createdAt } from './columns';
import { outages } from './monitoring';
import { websites } from './websites';

/**
 * Where an organization's outage notifications go: an e-mail address, a webhook (its body signed
 * with `secret`) or a Slack incoming webhook.
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text().$type<'email' | 'webhook' | 'slack'>().notNull(),
    target: text().notNull(),
    /** The webhook's signing key (null for e-mail and Slack). */
    secret: text(),
    enabled: boolean().notNull().default(true),
    /**
     * When the target was confirmed: an e-mail address by following the link mailed to it, a
     * webhook or Slack address when it was added. Outage notifications go to confirmed channels.
     */
    confirmedAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the e-mail confirmation link's token, until it is followed. */
    confirmTokenHash: text().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('notification_channels_organization_idx').on(t.organizationId)],
);

/**
 * One notification of one state change to one channel, written in the transaction that made the
 * change (so a change makes exactly one per channel, however often its writer runs), then sent
 * by whoever leases it first; a failed send waits `next_attempt_at` (doubling) and keeps its error.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    channelId: uuid()
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    websiteId: uuid().references(() => websites.id, { onDelete: 'cascade' }),
    outageId: uuid().references(() => outages.id, { onDelete: 'cascade' }),
    /** 'outage_opened', 'outage_closed' or 'test'. */
    event: text().$type<'outage_opened' | 'outage_closed' | 'test'>().notNull(),
    /** When the state changed: with the outage and the event, what makes a change one. */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    payload: jsonb().notNull(),
    status: text().$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_one_per_change').on(t.channelId, t.outageId, t.event, t.occurredAt),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('notification_deliveries_organization_idx').on(t.organizationId, t.createdAt),
  ],
);
