import { z } from 'zod';
import { CHECKUP_MESSAGES, ReportOverviewSchema, SectionResultSchema } from './checkup';
import { ServiceableUrlSchema, URL_PAGE_SIZE } from './deep-analysis';
import { countOf } from './format';

/** The spec's texts for the audit calls of Deep Analysis (dashboard document, sections 2.4, 7 "Audit" and 8). */
export const DEEP_ANALYSIS_AUDIT_MESSAGES = {
  urlReport: 'URL analysis report',
  domainReport: 'Domain analysis report',
  noReport: CHECKUP_MESSAGES.noReport,
  unknownTest: 'Unknown test type',
  noFailedUrls: 'No URLs failed this test',
  /** The pseudo page group of the URLs that are in none. */
  ungrouped: 'Not in a page group',
  invalidKey: 'Invalid last_evaluated_key',
  /** A page or crawl check in the domain report, said over the URLs analysed. */
  failsOn: (failed: number, total: number) => `Fails on ${failed} of ${countOf(total, 'URL')} analyzed.`,
  warnsOn: (warning: number, total: number) =>
    `Needs attention on ${warning} of ${countOf(total, 'URL')} analyzed.`,
  passesOn: (total: number) => `Passes on all ${countOf(total, 'URL')} analyzed.`,
  notChecked: 'Not applicable to any URL analyzed.',
} as const;

/** The guid of the pseudo page group of URLs in no group (affected clusters and affected URLs). */
export const UNGROUPED_CLUSTER = 'ungrouped';
/** `cluster_guid` of the affected-URL list that asks for every URL, grouped or not. */
export const ALL_CLUSTERS = 'all';

export const PRIORITY_BANDS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type PriorityBand = (typeof PRIORITY_BANDS)[number];

/** Priority by a check's relevance (spec 9): 1 to 3 LOW, above 3 to 7 MEDIUM, above 7 HIGH. */
export function priorityOf(relevance: number): PriorityBand {
  if (relevance > 7) return 'HIGH';
  return relevance > 3 ? 'MEDIUM' : 'LOW';
}

/**
 * Impact by severity (spec 9: 7 and above high, 4 to 6 medium, below 4 low), read on the
 * impact score as the API returns it (relevance × share, 0–10, two decimals): 7 ≤ score is HIGH,
 * 4 ≤ score < 7 MEDIUM, score < 4 LOW, so a score between 6 and 7 (6.5) is MEDIUM.
 */
export function impactOf(impactScore: number): PriorityBand {
  if (impactScore >= 7) return 'HIGH';
  return impactScore >= 4 ? 'MEDIUM' : 'LOW';
}

/** An important fix of a report (spec 3): failed, relevance above 0, with a recommendation. */
export const AuditImportantFixSchema = z.object({
  section_key: z.string(),
  relevance: z.number(),
  recommendation: z.string(),
});

export const AuditUrlParamsSchema = z.object({ w_guid: z.uuid(), url_guid: z.uuid() });

/**
 * `GET /api/on-page-seo/audit/url/{w_guid}/{url_guid}`: one URL's analysis (spec 3 "Report
 * overview"), its page and crawl checks and its origin's checks, keyed by check key in the SEO
 * Checkup's section-result shape.
 */
export const AuditUrlReportSchema = z.object({
  guid: z.uuid(),
  w_guid: z.uuid(),
  cluster_guid: z.uuid().nullable(),
  url: z.string(),
  /** The score of the results shown (spec 9), as `overview.score`. */
  score: z.number().int(),
  /** Its analysis date. */
  created_at: z.string(),
  /** Keys of the checks with a result, in report order. */
  sections: z.array(z.string()),
  overview: ReportOverviewSchema,
  important_fixes: z.array(AuditImportantFixSchema),
  results: z.record(z.string(), SectionResultSchema),
});
export type AuditUrlReport = z.infer<typeof AuditUrlReportSchema>;

/** How many analysed URLs a page or crawl check fails, warns on, passes or was not judged on. */
export const AffectedCountsSchema = z.object({
  failed: z.number().int(),
  warning: z.number().int(),
  passed: z.number().int(),
  skipped: z.number().int(),
});
export type AffectedCounts = z.infer<typeof AffectedCountsSchema>;

/**
 * `GET /api/on-page-seo/audit/domain/{w_guid}`: the website as a whole. `results` has every check
 * in the section-result shape: the origin's checks ([S]) as judged, each page and crawl check with
 * its worst status over the URLs and `affected_urls` (how many fail, warn, pass). The overview's
 * score is the average score of the analysed URLs; its counts are those of `results`.
 */
export const AuditDomainReportSchema = z.object({
  guid: z.uuid(),
  url: z.string(),
  /** The origin whose [S] checks are shown: the homepage's, when it was judged. */
  origin: z.string().nullable(),
  score: z.number().int(),
  /** The latest analysis of a URL or of the origin. */
  created_at: z.string(),
  analyzed_urls: z.number().int(),
  sections: z.array(z.string()),
  overview: ReportOverviewSchema,
  important_fixes: z.array(AuditImportantFixSchema),
  results: z.record(
    z.string(),
    SectionResultSchema.extend({
      scope: z.enum(['page', 'origin', 'crawl']),
      affected_urls: AffectedCountsSchema.optional(),
    }),
  ),
});
export type AuditDomainReport = z.infer<typeof AuditDomainReportSchema>;

/** `?cluster_guid=`: a page group's guid, or `ungrouped` for the URLs in none. */
const ClusterFilterSchema = z.union([z.uuid(), z.literal(UNGROUPED_CLUSTER)]);

export const FailedChecksQuerySchema = z.object({ cluster_guid: ClusterFilterSchema.optional() });

/**
 * A check failing on at least one URL (spec 3 "Failed check per cluster", spec 9 priority and
 * impact). `share` is affected over analysed URLs (of the page group when filtered);
 * `impact_score` is relevance × share (0–10), and `impact` its band (`impactOf`).
 */
export const FailedCheckSchema = z.object({
  test_key: z.string(),
  title: z.string(),
  relevance: z.number(),
  priority: z.enum(PRIORITY_BANDS),
  affected_urls: z.number().int(),
  share: z.number(),
  impact_score: z.number(),
  impact: z.enum(PRIORITY_BANDS),
  /** The latest analysis date among the affected URLs. */
  last_found: z.string().nullable(),
  sample_url: z.string(),
  sample_url_guid: z.uuid(),
});
export type FailedCheck = z.infer<typeof FailedCheckSchema>;

/** `GET /api/on-page-seo/website-failed-checks/{w_guid}[?cluster_guid=]`: by impact score, highest first. */
export const FailedChecksReplySchema = z.object({
  data: z.array(FailedCheckSchema),
  meta: z.object({ analyzed_urls: z.number().int() }),
});
export type FailedChecksReply = z.infer<typeof FailedChecksReplySchema>;

/** One origin check ([S]) in the domain-checks lists. */
export const DomainCheckSchema = z.object({
  test_key: z.string(),
  title: z.string(),
  status: z.enum(['passed', 'warning', 'failed', 'skipped']),
  message: z.string(),
  relevance: z.number(),
  priority: z.enum(PRIORITY_BANDS),
  recommendation: z.string(),
});

/**
 * `GET /api/on-page-seo/domain-checks/{w_guid}`: the origin's checks. `failed` holds failures
 * then warnings (a warning is not a pass), each by relevance; a check that could not run is in
 * `skipped`, never counted as failed.
 */
export const DomainChecksReplySchema = z.object({
  origin: z.string().nullable(),
  failed: z.array(DomainCheckSchema),
  passed: z.array(DomainCheckSchema),
  skipped: z.array(DomainCheckSchema),
});
export type DomainChecksReply = z.infer<typeof DomainChecksReplySchema>;

/** SEO test details (spec 3), from the engine's check metadata. */
export const SeoTestSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** HTML. */
  description: z.string(),
  /** HTML. */
  recommendation: z.string(),
  /** The kind of SEO issue: the title of the check's report category. */
  seo_issue: z.string(),
  category: z.string(),
  scope: z.enum(['page', 'origin', 'crawl']),
  relevance: z.number(),
  priority: z.enum(PRIORITY_BANDS),
  how_to_fix: z.object({ video: z.string().nullable(), html: z.string() }),
});
export type SeoTest = z.infer<typeof SeoTestSchema>;
export const SeoTestsReplySchema = z.array(SeoTestSchema);

/** A check key; an unknown one answers 404 'Unknown test type'. */
const CheckKeySchema = z.string().min(1).max(100);
export const SeoTestParamsSchema = z.object({ key: CheckKeySchema });
export const AffectedClustersParamsSchema = z.object({ w_guid: z.uuid(), key: CheckKeySchema });

/** A page group with URLs failing a check; URLs in no group come under `ungrouped`. */
export const AffectedClusterSchema = z.object({
  guid: z.union([z.uuid(), z.literal(UNGROUPED_CLUSTER)]),
  title: z.string(),
  affected_urls: z.number().int(),
  sample_url: z.string(),
});
export type AffectedCluster = z.infer<typeof AffectedClusterSchema>;
/** `GET /api/on-page-seo/affected-clusters/{w_guid}/{key}`: most affected first. */
export const AffectedClustersReplySchema = z.array(AffectedClusterSchema);

export const AffectedUrlsParamsSchema = z.object({
  w_guid: z.uuid(),
  /** A page group, `ungrouped`, or `all`. */
  cluster_guid: z.union([z.uuid(), z.literal(UNGROUPED_CLUSTER), z.literal(ALL_CLUSTERS)]),
  key: CheckKeySchema,
});
export const AffectedUrlsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(URL_PAGE_SIZE),
  last_evaluated_key: z.string().max(200).optional(),
});
/** `GET /api/on-page-seo/affected-urls/{w_guid}/{cluster_guid}/{key}`: keyset pages of 25; empty shows noFailedUrls. */
export const AffectedUrlsReplySchema = z.object({
  data: z.array(ServiceableUrlSchema),
  meta: z.object({ last_evaluated_key: z.string().nullable() }),
});
export type AffectedUrlsReply = z.infer<typeof AffectedUrlsReplySchema>;
