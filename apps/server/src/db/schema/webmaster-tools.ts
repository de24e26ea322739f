import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { bytea, createdAt, urlHash } from './columns';
import { websites } from './websites';

/**
 * A run of a webmaster tool (Broken Links, the Sitemap Generator): one crawl of a site by Deep
 * Analysis's crawler, its state in the rows below, so a worker killed mid-run loses nothing.
 */
export const toolRuns = pgTable(
  'tool_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The tracked website crawled; null for a URL typed in. */
    websiteId: uuid().references(() => websites.id, { onDelete: 'cascade' }),
    tool: text().$type<'broken_links' | 'sitemap'>().notNull(),
    startUrl: text().notNull(),
    /** The crawl's site: links to it (with or without www.) are internal. */
    host: text().notNull(),
    /** The Sitemap Generator's options. */
    options: jsonb().notNull().default({}),
    status: text().$type<'running' | 'completed' | 'failed'>().notNull().default('running'),
    phase: text().notNull().default('queued'),
    pagesLimit: integer().notNull(),
    capped: boolean().notNull().default(false),
    /** The pg-boss job running it, and when it last said it was alive: one runner at a time. */
    jobId: text(),
    heartbeatAt: timestamp({ withTimezone: true }),
    /** The Sitemap Generator's counts and preview, once written. */
    result: jsonb(),
    error: text(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('tool_runs_organization_idx').on(t.organizationId, t.tool, t.createdAt),
    index('tool_runs_website_idx').on(t.websiteId, t.tool, t.status),
  ],
);

/** A URL of a run's crawl: pending → taken (a crawler has it) → done, with what it answered. */
export const toolRunUrls = pgTable(
  'tool_run_urls',
  {
    id: uuid().primaryKey().defaultRandom(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    runId: uuid()
      .notNull()
      .references(() => toolRuns.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    depth: integer(),
    crawlState: text().$type<'pending' | 'taken' | 'done'>().notNull().default('pending'),
    statusCode: integer(),
    finalUrl: text(),
    redirects: jsonb().$type<{ url: string; status: number; location: string | null }[]>(),
    error: text(),
    blockedByRobots: boolean().notNull().default(false),
    contentType: text(),
    noindex: boolean(),
    canonical: text(),
    /** W3C datetime for the sitemap's lastmod. */
    lastmod: text(),
    images: jsonb().$type<string[]>(),
    /** The Sitemap Generator's reason to leave it out; null when it is listed. */
    exclusion: text(),
  },
  (t) => [
    uniqueIndex('tool_run_urls_url_idx').on(t.runId, urlHash(t.url)),
    index('tool_run_urls_claim_idx').on(t.runId, t.crawlState, t.depth, t.seq),
  ],
);

/** A link found on a crawled page, internal or not. */
export const toolRunLinks = pgTable(
  'tool_run_links',
  {
    fromId: uuid()
      .notNull()
      .references(() => toolRunUrls.id, { onDelete: 'cascade' }),
    runId: uuid()
      .notNull()
      .references(() => toolRuns.id, { onDelete: 'cascade' }),
    toUrl: text().notNull(),
    anchor: text().notNull(),
    internal: boolean().notNull(),
  },
  (t) => [
    uniqueIndex('tool_run_links_from_to_unique').on(t.fromId, urlHash(t.toUrl)),
    index('tool_run_links_target_idx').on(t.runId, urlHash(t.toUrl)),
  ],
);

/** Each distinct link target of a Broken Links run, checked once, with its verdict. */
export const toolLinkTargets = pgTable(
  'tool_link_targets',
  {
    id: uuid().primaryKey().defaultRandom(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    runId: uuid()
      .notNull()
      .references(() => toolRuns.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    internal: boolean().notNull(),
    checkState: text().$type<'pending' | 'done'>().notNull().default('pending'),
    kind: text(),
    status: integer(),
    reason: text(),
    chain: jsonb().$type<{ url: string; status: number }[]>().notNull().default([]),
    anchor: text().notNull().default(''),
    foundOn: text(),
    foundOnCount: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('tool_link_targets_url_idx').on(t.runId, urlHash(t.url)),
    index('tool_link_targets_kind_idx').on(t.runId, t.kind, t.seq),
  ],
);

/** A file the Sitemap Generator wrote (`sitemap.xml`, its parts). */
export const sitemapFiles = pgTable(
  'sitemap_files',
  {
    runId: uuid()
      .notNull()
      .references(() => toolRuns.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    content: bytea().notNull(),
    entries: integer().notNull(),
    isIndex: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.name] })],
);

/** The stable address of a tracked website's latest sitemap: a token no one can guess. */
export const sitemapFeeds = pgTable('sitemap_feeds', {
  websiteId: uuid()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  token: text().notNull().unique(),
  createdAt: createdAt(),
});
