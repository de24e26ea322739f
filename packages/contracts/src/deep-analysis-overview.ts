import { z } from 'zod';
import { RenderingSchema } from './deep-analysis';
import { PRIORITY_BANDS } from './deep-analysis-audit';
import { ComparisonCountsSchema, CrawlSnapshotSchema } from './deep-analysis-history';
import { countOf, scoreBand } from './format';

/** Texts of the audit overview, written from the crawl's figures. */
export const AUDIT_OVERVIEW_MESSAGES = {
  noData: 'No data available yet',
  /** The spec's score colours (`scoreBand`) in words. */
  scoreBand: (score: number) => ({ red: 'poor', amber: 'fair', green: 'good' })[scoreBand(score)],
  analysed: (domain: string, analysed: number, monitored: number, score: number, band: string) =>
    `${domain}: ${analysed} of ${countOf(monitored, 'monitored URL')} analyzed, with an average SEO score of ${score}/100 (${band}).`,
  failing: (checks: number, warning: number, title: string, urls: number) =>
    `${checks} ${checks === 1 ? 'check fails' : 'checks fail'} on at least one URL${warning > 0 ? ` (${warning} more ${warning === 1 ? 'warns' : 'warn'} only)` : ''}; the one with the most impact is “${title}” (${urls} ${urls === 1 ? 'URL' : 'URLs'}).`,
  nothingFailing: 'No check fails on any URL analyzed.',
  sincePrevious: (date: string, fixed: number, added: number, open: number) =>
    `Since the crawl of ${date}: ${fixed} ${fixed === 1 ? 'issue' : 'issues'} fixed, ${added} new, ${open} still open (an issue is one check failing or warning on one URL).`,
  /** What the comparison counts, under its figures. */
  issueDefined:
    'An issue is one check failing or warning on one URL (or on the whole site): a check failing on 20 URLs is 20 issues.',
  /** The running crawl's progress: URLs analysed of the URLs it knows so far (found links add to them). */
  crawlProgress: (domain: string, done: number, known: number) =>
    `Analyzing ${domain}: ${done} of ${known} ${known === 1 ? 'URL' : 'URLs'} analyzed in this crawl`,
  passesEverywhere: (urls: number) => `Passes on all ${countOf(urls, 'URL')} analyzed.`,
  passesForSite: (origin: string) => `Passes for the whole site (${origin}).`,
  failsOn: (urls: number, analysed: number) =>
    `Fails on ${urls} of ${countOf(analysed, 'URL')} analyzed (${Math.round((urls / Math.max(1, analysed)) * 100)} %).`,
  failsForSite: (origin: string) => `Fails for the whole site (${origin}).`,
  groups: (count: number, parts: string[], ungrouped: number) =>
    `${count} page ${count === 1 ? 'group' : 'groups'}${parts.length ? `: ${parts.join('; ')}` : ''}.${ungrouped > 0 ? ` ${ungrouped} ${ungrouped === 1 ? 'URL is' : 'URLs are'} in no group.` : ''}`,
  group: (title: string, urls: number, score: number | null) =>
    `${title} (${urls} ${urls === 1 ? 'URL' : 'URLs'}${score === null ? '' : `, average score ${score}`})`,
} as const;

/** A check the site does well or badly on, and how widely. */
export const OverviewFindingSchema = z.object({
  test_key: z.string(),
  title: z.string(),
  detail: z.string(),
  relevance: z.number(),
  /** For a weakness: relevance × share of URLs (1 for a check of the whole site), and its band. */
  impact_score: z.number().optional(),
  impact: z.enum(PRIORITY_BANDS).optional(),
});

/** `GET /api/on-page-seo/website-audit/overview/{w_guid}` (spec 2.4 "Audit overview", section 3). */
export const AuditOverviewSchema = z.object({
  w_guid: z.uuid(),
  domain: z.string(),
  favicon_url: z.string(),
  /** Chromium's screenshot of the homepage, when its crawl rendered it. */
  screenshot_url: z.string().nullable(),
  /** Who wrote the prose: `crawl` (sentences built from the crawl's figures). */
  written_by: z.literal('crawl'),
  /** When the latest URL was analysed; null before any. */
  c_at: z.string().nullable(),
  summary: z.string(),
  /** Average SEO score of the analysed URLs; null before any. */
  overall_score: z.number().int().nullable(),
  monitored_urls: z.number().int(),
  analyzed_urls: z.number().int(),
  key_strengths: z.array(OverviewFindingSchema),
  key_weaknesses: z.array(OverviewFindingSchema),
  page_group_insights: z.object({
    content_overview: z.string(),
    key_page_groups: z.array(
      z.object({
        guid: z.uuid(),
        title: z.string(),
        description: z.string(),
        monitored_urls: z.number().int(),
        avg_seo_score: z.number().int().nullable(),
        top_issues: z.array(
          z.object({ test_key: z.string(), title: z.string(), affected_urls: z.number().int() }),
        ),
      }),
    ),
  }),
  /** The latest crawl against the one before it (`GET /on-page-seo/crawl-comparison/{w}` has the detail). */
  comparison: z.object({
    current: CrawlSnapshotSchema.nullable(),
    previous: CrawlSnapshotSchema.nullable(),
    summary: ComparisonCountsSchema,
  }),
  rendering: RenderingSchema,
  /**
   * The latest crawl of every URL, when it could not reach the site: when it started and why it
   * failed. The figures above are still those of the last crawl that did.
   */
  failed_crawl: z.object({ c_at: z.string(), error: z.string() }).nullable(),
});
export type AuditOverview = z.infer<typeof AuditOverviewSchema>;
