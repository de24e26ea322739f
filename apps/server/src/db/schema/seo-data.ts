import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { createdAt } from './columns';
import { websites } from './websites';

/**
 * A keyword and backlink data provider's answers, kept so the same question within the cache time
 * costs nothing. Shared by every organization: the answers are about public sites, not about the
 * organization asking.
 */
export const seoDataCache = pgTable(
  'seo_data_cache',
  {
    /** sha256 of the provider, the operation and its parameters. */
    key: text().primaryKey(),
    provider: text().notNull(),
    operation: text().notNull(),
    params: jsonb().notNull(),
    value: jsonb().notNull(),
    costUsd: numeric({ precision: 12, scale: 6 }).notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('seo_data_cache_expires_idx').on(t.expiresAt)],
);

/**
 * Every answer an organization got from the data provider, paid or from the cache: the ledger its
 * monthly spend cap is checked against. A call is booked `reserved` at its worst-case price before
 * it goes out (so concurrent calls cannot overrun the cap together), then `done` at its real cost,
 * or `failed` at nothing.
 */
export const seoDataCalls = pgTable(
  'seo_data_calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    operation: text().notNull(),
    status: text().$type<'reserved' | 'done' | 'failed'>().notNull(),
    fromCache: boolean().notNull().default(false),
    costUsd: numeric({ precision: 12, scale: 6 }).notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('seo_data_calls_organization_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A tracked keyword's position on one UTC day: one row per keyword, market and day, written once
 * (a job run twice, or killed and run again, finds the slot taken). Only a lookup that answered
 * writes a row; `pos` null means the site was not in the top 100, never that the lookup failed.
 */
export const keywordPositions = pgTable(
  'keyword_positions',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    keyword: text().notNull(),
    locationName: text().notNull(),
    languageCode: text().notNull(),
    day: date().notNull(),
    pos: integer(),
    url: text(),
    /** Organic results read (at most 100), and the results count the search engine reported. */
    resultsRead: integer().notNull(),
    resultsCount: bigint({ mode: 'number' }),
    /** The website's competitors on the same results: `[{ domain, pos }]`. */
    competitors: jsonb().notNull().default([]),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.keyword, t.locationName, t.languageCode, t.day] })],
);

/**
 * An operator's monthly spend cap for one organization (`sitelens data-cap`), in place of
 * SEO_DATA_MONTHLY_CAP_USD; `monthly_cap_usd` null: no cap. No row: the server's cap.
 */
export const seoDataCaps = pgTable('seo_data_caps', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  monthlyCapUsd: numeric({ precision: 12, scale: 2 }),
  setAt: createdAt(),
});
