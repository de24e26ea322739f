import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { reports } from './checkup';
import { bytea, createdAt } from './columns';
import { websites } from './websites';

/**
 * An organization's white-label report template: a name, a header and a footer line, and a logo.
 * The logo is stored re-encoded (PNG, 70 px high) under a key generated here, never a name the user
 * chose; a new logo gets a new key.
 */
export const whiteLabelTemplates = pgTable(
  'white_label_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    header: text().notNull().default(''),
    footer: text().notNull().default(''),
    logoKey: uuid(),
    logoPng: bytea(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('white_label_templates_organization_idx').on(t.organizationId, t.updatedAt)],
);

/**
 * A client's copy of a tracked website's latest saved report, branded with a template and e-mailed
 * every week or month. A null template is the built-in one.
 */
export const whiteLabelSchedules = pgTable(
  'white_label_schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    templateId: uuid().references(() => whiteLabelTemplates.id, { onDelete: 'set null' }),
    recipient: text().notNull(),
    frequency: text().$type<'weekly' | 'monthly'>().notNull(),
    enabled: boolean().notNull().default(true),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('white_label_schedules_organization_idx').on(t.organizationId)],
);

/**
 * One period's send of a schedule: the row is the claim (unique per schedule and period), so a
 * period sends once however often the job runs; a claim whose worker died is taken again after its
 * lease.
 */
export const whiteLabelSends = pgTable(
  'white_label_sends',
  {
    id: uuid().primaryKey().defaultRandom(),
    scheduleId: uuid()
      .notNull()
      .references(() => whiteLabelSchedules.id, { onDelete: 'cascade' }),
    /** `2026-W48` or `2026-11`. */
    period: text().notNull(),
    status: text().$type<'sending' | 'sent' | 'skipped' | 'failed'>().notNull().default('sending'),
    reportId: uuid().references(() => reports.id, { onDelete: 'set null' }),
    attempts: integer().notNull().default(1),
    leaseUntil: timestamp({ withTimezone: true }).notNull(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('white_label_sends_schedule_period_unique').on(t.scheduleId, t.period)],
);

/**
 * A read-only link to one saved report, branded with a template, for someone without an account.
 * Only the token's SHA-256 is kept; the link works until it expires or is revoked.
 */
export const whiteLabelShares = pgTable(
  'white_label_shares',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    reportId: uuid()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    templateId: uuid().references(() => whiteLabelTemplates.id, { onDelete: 'set null' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('white_label_shares_token_unique').on(t.tokenHash),
    index('white_label_shares_organization_idx').on(t.organizationId),
  ],
);
