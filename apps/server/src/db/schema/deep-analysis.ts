import { sql } from 'drizzle-orm';
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
import { bytea, createdAt, urlHash } from './columns';
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

/** Engagement a page group is expected to get (spec 3 "Page group"). */
export type PueLevel = 'very_low' | 'low' | 'medium' | 'high' | 'very_high';

/**
 * A page group (cluster) of a website's URLs. Groups found by the crawl carry the `key` of the
 * template they were grouped by, so a re-crawl keeps their guid, title and the user's edits; a
 * removed one stays `dismissed` so the next grouping does not bring it back. A user's own group
 * has no key.
 */
export const urlClusters = pgTable(
  'url_clusters',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    key: text(),
    title: text().notNull(),
    description: text().notNull(),
    pueLevel: text().$type<PueLevel>().notNull().default('medium'),
    pueReason: text(),
    dismissed: boolean().notNull().default(false),
    /** Chromium's screenshot of its first sample URL, taken once. */
    screenshot: bytea(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('url_clusters_website_key_unique').on(t.websiteId, t.key),
    index('url_clusters_organization_idx').on(t.organizationId),
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
    /** Its page group; `clusterPinned` when the user put it there (grouping then leaves it). */
    clusterId: uuid().references(() => urlClusters.id, { onDelete: 'set null' }),
    clusterPinned: boolean().notNull().default(false),
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
    /** It answered with a file (application/pdf), not an HTML page: recorded, not judged. Null for a page. */
    fileType: text(),
    /** That file's size, when its answer told it. */
    fileBytes: bigint({ mode: 'number' }),
    blockedByRobots: boolean().notNull().default(false),
    score: integer(),
    passed: integer(),
    warning: integer(),
    failed: integer(),
    /** Checks that do not apply to it (or could not be judged): with the three above, every check it was given. */
    notApplicable: integer(),
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
    /** Simhash of the page's markup skeleton (tags and classes outside the text): its template. */
    layoutHash: text(),
    words: integer(),
    inlinks: integer().notNull().default(0),
    analysedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('serviceable_urls_website_url_unique').on(t.websiteId, urlHash(t.url)),
    // The crawler's queue: what is left, shallowest first.
    index('serviceable_urls_crawl_idx').on(t.websiteId, t.crawlState, t.depth),
    // Keyset paging of the URL list in the order URLs were added.
    index('serviceable_urls_page_idx').on(t.websiteId, t.seq),
    // A page group's URLs, a page at a time.
    index('serviceable_urls_cluster_idx').on(t.websiteId, t.clusterId, t.seq),
    index('serviceable_urls_organization_idx').on(t.organizationId),
  ],
);

/** Chromium's screenshot of a URL that had its pass (a sample of each template): page groups show one. */
export const urlScreenshots = pgTable('url_screenshots', {
  urlId: uuid()
    .primaryKey()
    .references(() => serviceableUrls.id, { onDelete: 'cascade' }),
  png: bytea().notNull(),
  createdAt: createdAt(),
});

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
    // "Which URLs fail check K", a page at a time by url id (keyset).
    index('url_check_results_check_idx').on(t.websiteId, t.checkKey, t.status, t.urlId),
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
    uniqueIndex('url_links_from_to_unique').on(t.fromId, urlHash(t.toUrl)),
    index('url_links_target_idx').on(t.websiteId, urlHash(t.toUrl)),
  ],
);

/** Words a website uses that the dictionary does not know ("ignore this word"): never reported as misspelt. */
export const websiteSpellingWords = pgTable(
  'website_spelling_words',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Lower case. */
    word: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.word] })],
);

/** A page's links to other sites: verified apart from the pages, each distinct URL once per crawl. */
export const urlExternalLinks = pgTable(
  'url_external_links',
  {
    fromId: uuid()
      .notNull()
      .references(() => serviceableUrls.id, { onDelete: 'cascade' }),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    toUrl: text().notNull(),
    anchor: text().notNull(),
  },
  (t) => [
    uniqueIndex('url_external_links_from_to_unique').on(t.fromId, urlHash(t.toUrl)),
    index('url_external_links_target_idx').on(t.websiteId, urlHash(t.toUrl)),
  ],
);

/** What a link to another site answered when a crawl (`processId`) verified it. */
export const externalLinkAnswers = pgTable(
  'external_link_answers',
  {
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** The crawl that asked it: a crawl asks again what an earlier one asked. */
    processId: uuid().notNull(),
    status: integer(),
    finalUrl: text(),
    redirects: jsonb().$type<{ url: string; status: number; location: string | null }[]>(),
    /** The headers that tell a bot wall from the site's own answer. */
    headers: jsonb().$type<Record<string, string>>().notNull(),
    error: text(),
    errorCode: text(),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_link_answers_website_url_unique').on(t.websiteId, urlHash(t.url))],
);

/**
 * What a crawl left failing or warning, kept per finished crawl so the next can be compared with
 * it (new, fixed, still open). The last few of each website are kept.
 */
export const crawlSnapshots = pgTable(
  'crawl_snapshots',
  {
    id: uuid().primaryKey().defaultRandom(),
    websiteId: uuid()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    processId: uuid(),
    urls: integer().notNull(),
    analysed: integer().notNull(),
    /** Average score of the analysed URLs; null when none was. */
    score: integer(),
    /**
     * The URLs Chromium's pass saw in this crawl (the browser sample): a check that needs it was
     * judged only there, so it cannot be new on a URL the crawl before did not sample.
     */
    browserUrls: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('crawl_snapshots_website_idx').on(t.websiteId, t.createdAt)],
);

/** One issue of a snapshot: a URL (an origin for the [S] checks) failing or warning on a check. */
export const crawlIssues = pgTable(
  'crawl_issues',
  {
    snapshotId: uuid()
      .notNull()
      .references(() => crawlSnapshots.id, { onDelete: 'cascade' }),
    checkKey: text().notNull(),
    url: text().notNull(),
    status: text().notNull(),
  },
  (t) => [uniqueIndex('crawl_issues_snapshot_check_url_unique').on(t.snapshotId, t.checkKey, urlHash(t.url))],
);
