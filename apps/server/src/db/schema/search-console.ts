import type { SearchRanking } from '@sitelens/contracts';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { bytea, createdAt, urlHash } from './columns';
import { websites } from './websites';

// Google Search Console, per website. Figures are kept as Google reports them at four grains
// (the day's totals, per query, per page, per country and device), each from its own query to
// Google, because Google aggregates a page's figures differently from the property's and leaves
// anonymized queries out of every query row: summing the finest rows would not give Google's
// totals. Positions are stored as position × impressions, so any range's average is exact.
// The four day tables carry no foreign key: a key is checked, with a row lock, on every row
// written (50,000 a day), which tripled the import's writes. Their rows go with the website by the
// trigger `search_console_forget_website` (migration 0028), and with a disconnection by
// `deleteImported`; queries and pages go only together with them.

/** A website's connection to a Search Console property. */
export const searchConsoleConnections = pgTable(
  'search_console_connections',
  {
    websiteId: uuid()
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `oauth` (an owner's Google account) or `service_account` (the operator's). */
    method: text().notNull(),
    /** `choose_property`, `connected` or `reconnect`. */
    status: text().notNull(),
    property: text(),
    problem: text(),
    /** The Google refresh token, sealed with the server's encryption key (oauth only). */
    refreshToken: bytea(),
    connectedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When an import was last asked for (a property picked, the daily run) and when one last ended. */
    importRequestedAt: timestamp({ withTimezone: true }),
    lastRunAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('search_console_connections_organization_idx').on(t.organizationId)],
);

/** A consent in progress: Google's redirect names it by `state`; single use, for 10 minutes. */
export const searchConsoleOauthStates = pgTable(
  'search_console_oauth_states',
  {
    /** sha256 of the state sent to Google. */
    stateHash: text().primaryKey(),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The PKCE code verifier, sealed like the refresh tokens. */
    codeVerifier: bytea().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('search_console_oauth_states_website_idx').on(t.websiteId),
    index('search_console_oauth_states_user_idx').on(t.userId),
    index('search_console_oauth_states_expires_idx').on(t.expiresAt),
  ],
);

/** The queries and pages a website's figures name, stored once and referred to by number. */
export const searchConsoleQueries = pgTable(
  'search_console_queries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    query: text().notNull(),
  },
  (t) => [uniqueIndex('search_console_queries_website_query_unique').on(t.websiteId, urlHash(t.query))],
);

export const searchConsolePages = pgTable(
  'search_console_pages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    page: text().notNull(),
  },
  (t) => [uniqueIndex('search_console_pages_website_page_unique').on(t.websiteId, urlHash(t.page))],
);

/** One imported day of a website: its totals (anonymized queries included) and whether Google still revises it. */
export const searchConsoleDays = pgTable(
  'search_console_days',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    clicks: bigint({ mode: 'number' }).notNull(),
    impressions: bigint({ mode: 'number' }).notNull(),
    positionSum: doublePrecision().notNull(),
    /** Imported with `dataState: all` before Google finalised it: imported again later. */
    provisional: boolean().notNull(),
    /** Rows of the finest grain (query × page × country × device) stored for the day. */
    rows: integer().notNull(),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day] })],
);

const metrics = () => ({
  clicks: integer().notNull(),
  impressions: integer().notNull(),
  positionSum: doublePrecision().notNull(),
});

/** A day's figures per query (Google's query rows: anonymized queries left out). */
export const searchConsoleQueryDays = pgTable(
  'search_console_query_days',
  {
    websiteId: uuid().notNull(),
    day: date().notNull(),
    queryId: integer().notNull(),
    ...metrics(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.queryId] })],
);

/** A day's figures per page (Google's page rows, aggregated by page). */
export const searchConsolePageDays = pgTable(
  'search_console_page_days',
  {
    websiteId: uuid().notNull(),
    day: date().notNull(),
    pageId: integer().notNull(),
    ...metrics(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.pageId] })],
);

/** A day's figures per country (ISO 3166-1 alpha-3) and device. */
export const searchConsoleSegmentDays = pgTable(
  'search_console_segment_days',
  {
    websiteId: uuid().notNull(),
    day: date().notNull(),
    country: text().notNull(),
    device: text().notNull(),
    ...metrics(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.country, t.device] })],
);

/** The finest grain: query × page × country × device a day, for filters that combine them. */
export const searchConsoleRows = pgTable(
  'search_console_rows',
  {
    websiteId: uuid().notNull(),
    day: date().notNull(),
    queryId: integer().notNull(),
    pageId: integer().notNull(),
    country: text().notNull(),
    /** 1 desktop, 2 mobile, 3 tablet. */
    device: smallint().notNull(),
    clicks: integer().notNull(),
    impressions: integer().notNull(),
    position: real().notNull(),
  },
  (t) => [index('search_console_rows_website_day_idx').on(t.websiteId, t.day)],
);

/**
 * The top queries and pages of the ranges the screen offers (7 days to everything stored, up to the
 * newest day), ranked once after each import: 16 months of query days are millions of rows, too
 * many to rank on every read. Used only while no day was imported after it.
 */
export const searchConsoleSummaries = pgTable(
  'search_console_summaries',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    startDay: date().notNull(),
    endDay: date().notNull(),
    ranking: jsonb().$type<SearchRanking>().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.startDay, t.endDay] })],
);
