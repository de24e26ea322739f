import { z } from 'zod';
import { DomainSchema, WEBSITE_MESSAGES } from './websites';

// Backlinks (checkup document 2.3, 3 "Backlink rows", 7.2) and what every call answering with a
// keyword and backlink data source's numbers has in common: where they came from, and what
// happens when no source is configured or the organization's budget is spent.

/** The texts of the backlink and keyword data screens. */
export const SEO_DATA_MESSAGES = {
  notConfigured: 'This server has no keyword and backlink data source.',
  notConfiguredHelp:
    'Backlinks, search volumes and positions come from a data provider. An operator adds one by setting DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD (see the README, "Keyword and backlink data").',
  budgetSpent:
    "This organization has used this month's keyword and backlink data budget. Lookups resume on the first day of next month, or when an operator raises the budget.",
  sourceFailed: 'The keyword and backlink data source did not answer. Please try again in a few minutes.',
  invalidDomain: WEBSITE_MESSAGES.invalidDomain,
  noBacklinks: 'Your domain has no indexed backlinks!',
} as const;

/**
 * The `code` of the error answers a data screen tells apart (the body is the usual `ErrorReply`):
 * 503 not configured, 429 budget spent, 502 the provider failed.
 */
export const SEO_DATA_ERROR_CODES = {
  notConfigured: 'data_source_not_configured',
  budgetSpent: 'data_budget_spent',
  sourceFailed: 'data_source_failed',
} as const;
export type SeoDataErrorCode = (typeof SEO_DATA_ERROR_CODES)[keyof typeof SEO_DATA_ERROR_CODES];

/** Rows per page of the backlink lists (`offset` moves by this many). */
export const BACKLINKS_PAGE_SIZE = 50;

/** The deepest `offset` a list accepts: past it the provider's answers get slow and dear. */
export const BACKLINKS_MAX_OFFSET = 10_000;

/** Every backlinks call: `?domain=` a domain or URL, reduced to its host name ('Invalid domain'). */
export const BacklinksQuerySchema = z.object({ domain: DomainSchema });
export type BacklinksQuery = z.output<typeof BacklinksQuerySchema>;

const OffsetSchema = z.coerce.number().int().min(0).max(BACKLINKS_MAX_OFFSET).default(0);

/** The backlinks list's orders: most recently found, or most important (the linking page's rank). */
export const BACKLINK_ORDERS = ['first_seen', 'page_rank'] as const;
export type BacklinkOrder = (typeof BACKLINK_ORDERS)[number];

/** `GET /api/dfs/backlinks?domain=&order_by=&order_dir=&offset=`. */
export const BacklinksListQuerySchema = BacklinksQuerySchema.extend({
  order_by: z.enum(BACKLINK_ORDERS).default('first_seen'),
  order_dir: z.enum(['asc', 'desc']).default('desc'),
  offset: OffsetSchema,
});
export type BacklinksListQuery = z.output<typeof BacklinksListQuerySchema>;

/** `GET /api/dfs/backlinks/referring-domains` and `/top-anchors`: `?domain=&offset=`. */
export const BacklinksPageQuerySchema = BacklinksQuerySchema.extend({ offset: OffsetSchema });
export type BacklinksPageQuery = z.output<typeof BacklinksPageQuerySchema>;

/** Where an answer came from: `from_cache` when no provider call was made (and none paid) for it. */
const SourceFields = {
  from_cache: z.boolean(),
  /** When the provider gave this answer (ISO time): a cached answer is as old as this. */
  fetched_at: z.string(),
};

/** A page of a list: `has_more` while rows are left past this page. */
function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), has_more: z.boolean(), total: z.number().int(), ...SourceFields });
}

export const BacklinkRowSchema = z.object({
  url_from: z.string(),
  page_from_title: z.string().nullable(),
  /** The linking page's rank, 0 to 1000. */
  page_from_rank: z.number(),
  url_to: z.string(),
  dofollow: z.boolean(),
  page_from_external_links: z.number().int(),
  page_from_internal_links: z.number().int(),
  anchor: z.string().nullable(),
  /** ISO 3166 code of the linking domain's country, when the provider knows it. */
  country: z.string().nullable(),
  first_seen: z.string(),
  last_seen: z.string().nullable(),
});
export type BacklinkRow = z.infer<typeof BacklinkRowSchema>;
export const BacklinksReplySchema = pageOf(BacklinkRowSchema);
export type BacklinksReply = z.infer<typeof BacklinksReplySchema>;

export const ReferringDomainRowSchema = z.object({
  domain: z.string(),
  backlinks: z.number().int(),
  /** 0 to 1000. */
  rank: z.number(),
  first_seen: z.string(),
});
export type ReferringDomainRow = z.infer<typeof ReferringDomainRowSchema>;
export const ReferringDomainsReplySchema = pageOf(ReferringDomainRowSchema);
export type ReferringDomainsReply = z.infer<typeof ReferringDomainsReplySchema>;

export const AnchorRowSchema = z.object({
  anchor: z.string(),
  referring_domains: z.number().int(),
  backlinks: z.number().int(),
  first_seen: z.string(),
});
export type AnchorRow = z.infer<typeof AnchorRowSchema>;
export const AnchorsReplySchema = pageOf(AnchorRowSchema);
export type AnchorsReply = z.infer<typeof AnchorsReplySchema>;

/** Backlinks per top-level domain of the linking pages, most first. */
export const TldRowSchema = z.object({ tld: z.string(), backlinks_num: z.number().int() });
export type TldRow = z.infer<typeof TldRowSchema>;
export const TldDistributionReplySchema = z.object({ data: z.array(TldRowSchema), ...SourceFields });
export type TldDistributionReply = z.infer<typeof TldDistributionReplySchema>;

/** Backlinks per country of the linking domains, most first; `country_code` '' when unknown. */
export const CountryRowSchema = z.object({
  country: z.string(),
  country_code: z.string(),
  backlinks_num: z.number().int(),
});
export type CountryRow = z.infer<typeof CountryRowSchema>;
export const TopCountriesReplySchema = z.object({ data: z.array(CountryRowSchema), ...SourceFields });
export type TopCountriesReply = z.infer<typeof TopCountriesReplySchema>;

/** One point of a weekly series: the value at the end of the week starting `c_at`. */
export const MetricPointSchema = z.object({ value: z.number(), c_at: z.string() });
export type MetricPoint = z.infer<typeof MetricPointSchema>;

export const BACKLINK_METRICS = [
  'total_backlinks',
  'referring_domains',
  'domain_rank',
  'follow_links',
  'nofollow_links',
] as const;
export type BacklinkMetric = (typeof BACKLINK_METRICS)[number];

/**
 * `GET /api/dfs/backlinks/overview`: each metric's weekly points over the last 4 weeks, oldest
 * first (up to 4; the last one is the current value). domain_rank is out of 1000.
 */
export const BacklinksOverviewReplySchema = z.object({
  data: z.object({
    total_backlinks: z.array(MetricPointSchema),
    referring_domains: z.array(MetricPointSchema),
    domain_rank: z.array(MetricPointSchema),
    follow_links: z.array(MetricPointSchema),
    nofollow_links: z.array(MetricPointSchema),
  }),
  ...SourceFields,
});
export type BacklinksOverviewReply = z.infer<typeof BacklinksOverviewReplySchema>;

/**
 * `GET /api/dfs/usage`: whether a data source is configured, and what the caller's organization
 * spent on it this month (UTC) against the operator's cap (null: no cap).
 */
export const SeoDataUsageReplySchema = z.object({
  configured: z.boolean(),
  provider: z.string().nullable(),
  month: z.string(),
  spent_usd: z.number(),
  cap_usd: z.number().nullable(),
  /** Provider calls made (and paid) this month. */
  calls: z.number().int(),
  /** Answers served from the cache this month, at no cost. */
  cached_answers: z.number().int(),
});
export type SeoDataUsageReply = z.infer<typeof SeoDataUsageReplySchema>;
