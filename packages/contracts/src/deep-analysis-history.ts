import { z } from 'zod';

/** Texts of Deep Analysis's history: crawl comparison, scheduled re-crawls, CSV exports. */
export const DEEP_ANALYSIS_HISTORY_MESSAGES = {
  recrawlTask: (days: number) =>
    `Crawls and analyses every monitored URL again ${days === 1 ? 'every day' : `every ${days} days`}, so new problems and fixes show up without anyone asking.`,
} as const;

/** The scheduled task of a website whose crawl settings ask for re-crawls (`settings.crawl.recrawl_days`). */
export const RECRAWL_TASK = 'deep_analysis_recrawl';

/** What one finished crawl left: its URLs, how many were analysed, and their average score. */
export const CrawlSnapshotSchema = z.object({
  c_at: z.string(),
  urls: z.number().int(),
  analysed: z.number().int(),
  /** Average score of the analysed URLs; null when none was. */
  score: z.number().int().nullable(),
});
export type CrawlSnapshot = z.infer<typeof CrawlSnapshotSchema>;

/**
 * Issues (a URL, or an origin for the origin-wide checks, failing or warning on a check) of the
 * latest crawl against the crawl before it: `new` appeared, `fixed` now pass, `still_open` remain.
 */
export const ComparisonCountsSchema = z.object({
  new: z.number().int(),
  fixed: z.number().int(),
  still_open: z.number().int(),
});
export type ComparisonCounts = z.infer<typeof ComparisonCountsSchema>;

/** One check's issues, counted in URLs. */
export const ComparisonCheckSchema = ComparisonCountsSchema.extend({
  test_key: z.string(),
  title: z.string(),
});

/** A URL (or an origin, without url_guid) whose issues changed, with the check keys that did. */
export const ComparisonUrlSchema = z.object({
  url: z.string(),
  url_guid: z.uuid().nullable(),
  new: z.array(z.string()),
  fixed: z.array(z.string()),
});

/** How many changed URLs `GET /on-page-seo/crawl-comparison/{w_guid}` lists; `urls_total` counts them all. */
export const COMPARISON_URLS_SHOWN = 100;

/** `GET /api/on-page-seo/crawl-comparison/{w_guid}`: the latest crawl against the one before it. */
export const CrawlComparisonSchema = z.object({
  /** Null until a crawl of the website has finished. */
  current: CrawlSnapshotSchema.nullable(),
  /** Null when there has been only one crawl: nothing is new or fixed then, every issue is open. */
  previous: CrawlSnapshotSchema.nullable(),
  /** Only checks with any issue, most new first. */
  checks: z.array(ComparisonCheckSchema),
  summary: ComparisonCountsSchema,
  /** The first changed URLs in URL order. */
  urls: z.array(ComparisonUrlSchema),
  urls_total: z.number().int(),
});
export type CrawlComparison = z.infer<typeof CrawlComparisonSchema>;

/** What the audit overview shows of the comparison: the two crawls and the totals. */
export type CrawlComparisonSummary = Pick<CrawlComparison, 'current' | 'previous' | 'summary'>;

/** `GET /api/on-page-seo/affected-urls/{w_guid}/{key}/export.csv`. */
export const AffectedUrlsExportParamsSchema = z.object({
  w_guid: z.uuid(),
  key: z.string().min(1).max(100),
});

/** Header row of `GET /api/serviceable-url/{w_guid}/export.csv`, in the URL table's words (spec 2.4). */
export const MONITORED_URLS_CSV_COLUMNS = [
  'URL',
  'Page Group',
  'Status code',
  'SEO Score',
  'Passed',
  'Warnings',
  'Failed',
  'Not applicable',
  'Last analyzed',
  'Depth',
  'In sitemap',
] as const;

/** Header row of `GET /api/on-page-seo/affected-urls/{w_guid}/{key}/export.csv`. */
export const AFFECTED_URLS_CSV_COLUMNS = [
  'URL',
  'Page Group',
  'Status code',
  'SEO Score',
  'Message',
] as const;
