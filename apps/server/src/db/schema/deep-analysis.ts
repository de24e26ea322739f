import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { createdAt } from './columns';
import { websites } from './websites';

export type ProcessType =
  | 'import_sitemaps'
  | 'on_page_seo_batch_url_analysis'
  | 'on_page_seo_domain_analysis'
  | 'on_page_seo_url_analysis';

/** Background work of Deep Analysis (spec: Processes): a sitemap import, a batch or a domain analysis. */
export const analysisProcesses = pgTable(
  'analysis_processes',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    type: text().$type<ProcessType>().notNull(),
    status: text().$type<'running' | 'completed' | 'failed'>().notNull().default('running'),
    /** URLs the process set out to analyse. */
    subprocessesCount: integer().notNull().default(0),
    /** The pg-boss job running it, and when it last said it was alive: one runner at a time. */
    jobId: text(),
    heartbeatAt: timestamp({ withTimezone: true }),
    /** The sitemaps an import reads. */
    sitemapUrls: jsonb().$type<string[]>().notNull().default([]),
    /** For an import: the batch analysis it started. */
    followUpId: uuid(),
    error: text(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('analysis_processes_website_idx').on(t.websiteId, t.status, t.type),
    index('analysis_processes_organization_idx').on(t.organizationId),
  ],
);

/** A monitored (serviceable) URL of a website, with what its last crawl learned of it. */
export const serviceableUrls = pgTable(
  'serviceable_urls',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order, the list's keyset: unique and exact where timestamps tie. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Normalised by the crawler's `normaliseUrl`: each page once. */
    url: text().notNull(),
    /** sitemap, manual or link: how it was found first. */
    source: text().$type<'sitemap' | 'manual' | 'link'>().notNull(),
    inSitemap: boolean().notNull().default(false),
    /** Clicks from the homepage; null when no crawled link leads to it. */
    depth: integer(),
    /** pending → taken (a crawler has it) → done. */
    crawlState: text().$type<'pending' | 'taken' | 'done'>().notNull().default('pending'),
    takenAt: timestamp({ withTimezone: true }),
    statusCode: integer(),
    finalUrl: text(),
    redirects: jsonb().$type<{ url: string; status: number; location: string | null }[]>(),
    redirectTo: text(),
    error: text(),
    blockedByRobots: boolean().notNull().default(false),
    score: integer(),
    passed: integer(),
    warning: integer(),
    failed: integer(),
    /** Chromium's pass ran on it. */
    browser: boolean().notNull().default(false),
    title: text(),
    description: text(),
    h1: text(),
    canonical: text(),
    noindex: boolean(),
    hreflang: jsonb().$type<{ lang: string; href: string }[]>(),
    contentHash: text(),
    simhash: text(),
    words: integer(),
    inlinks: integer().notNull().default(0),
    analysedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('serviceable_urls_website_url_unique').on(t.websiteId, t.url),
    // The crawler's queue: what is left, shallowest first.
    index('serviceable_urls_crawl_idx').on(t.websiteId, t.crawlState, t.depth),
    // Keyset paging of the URL list in the order URLs were added.
    index('serviceable_urls_page_idx').on(t.websiteId, t.seq),
    index('serviceable_urls_organization_idx').on(t.organizationId),
  ],
);

/** One check's result for one URL: "which URLs fail check K" is one indexed query. */
export const urlCheckResults = pgTable(
  'url_check_results',
  {
    urlId: uuid()
      .notNull()
      .references(() => serviceableUrls.id, { onDelete: 'cascade' }),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    checkKey: text().notNull(),
    /** passed, warning, failed or skipped. */
    status: text().notNull(),
    relevance: smallint().notNull(),
    message: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The page check's own result before the crawl-wide pass added to it, so that pass can run again. */
    base: jsonb().$type<{ status: string; message: string; data: Record<string, unknown> }>(),
  },
  (t) => [
    primaryKey({ columns: [t.urlId, t.checkKey] }),
    index('url_check_results_check_idx').on(t.websiteId, t.checkKey, t.status),
  ],
);

/** Checks of an origin ([S]), judged once per crawl and shared by all its URLs. */
export const siteCheckResults = pgTable(
  'site_check_results',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    origin: text().notNull(),
    checkKey: text().notNull(),
    status: text().notNull(),
    relevance: smallint().notNull(),
    message: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    base: jsonb().$type<{ status: string; message: string; data: Record<string, unknown> }>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.origin, t.checkKey] })],
);

/** Internal links between a website's pages, as the last crawl of the linking page found them. */
export const urlLinks = pgTable(
  'url_links',
  {
    fromId: uuid()
      .notNull()
      .references(() => serviceableUrls.id, { onDelete: 'cascade' }),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    toUrl: text().notNull(),
    anchor: text().notNull(),
    nofollow: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.fromId, t.toUrl] }),
    index('url_links_target_idx').on(t.websiteId, t.toUrl),
  ],
);
