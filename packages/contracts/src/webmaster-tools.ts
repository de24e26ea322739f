import { z } from 'zod';
import { CheckupUrlSchema } from './checkup';

/**
 * The webmaster tools: Broken Links and the Sitemap Generator. The spec names their routes only;
 * each is a crawl of one site (a tracked website, or any URL) by Deep Analysis's crawler, run as a
 * job, counted as one of the plan's checkups.
 */
export const WEBMASTER_MESSAGES = {
  urlOrWebsite: 'Choose a tracked website or type a URL',
  alreadyRunning: 'This site is being crawled already. Wait for that run to finish.',
  runNotFound: 'Run not found',
  runNotFinished: 'The run has not finished yet.',
  capped: (pages: number) =>
    `The crawl stopped at ${pages.toLocaleString('en-US')} pages, the most one run may crawl; the rest of the site was not checked.`,
  noBrokenLinks: 'No broken links found. Every link that answered works.',
  noRuns: 'No checks yet. Type a URL or pick a tracked website, then start a check.',
  noSitemapRuns: 'No sitemaps generated yet. Type a URL or pick a tracked website, then generate one.',
  noIndexablePages: 'No indexable page was found, so the sitemap is empty. See what was left out below.',
  notVerifiedMeaning:
    'The server did not answer in time, refused automated requests (bot protection) or limited our rate: the link may work in a browser, so it is not counted as broken.',
  changefreqIgnored:
    'Google and Bing ignore changefreq and priority; lastmod is the date they use, when it is accurate.',
  feedOnlyForWebsite: 'A stable address is kept for tracked websites only.',
} as const;

export const TOOL_KINDS = ['broken_links', 'sitemap'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const TOOL_PHASES = [
  'queued',
  'crawling',
  'checking_links',
  'writing_sitemap',
  'completed',
  'failed',
] as const;
export type ToolPhase = (typeof TOOL_PHASES)[number];

/** What a run says of itself while it runs and after: the screens poll it for progress. */
export const ToolRunSchema = z.object({
  guid: z.uuid(),
  tool: z.enum(TOOL_KINDS),
  /** The tracked website crawled; null for a URL typed in. */
  w_guid: z.uuid().nullable(),
  url: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  phase: z.enum(TOOL_PHASES),
  pages_crawled: z.number().int(),
  /** The most pages one run crawls (WEBMASTER_MAX_PAGES). */
  pages_limit: z.number().int(),
  /** The crawl stopped at pages_limit with pages left. */
  capped: z.boolean(),
  /** Distinct link targets found on the crawled pages, and how many have an answer. */
  links_found: z.number().int(),
  links_checked: z.number().int(),
  broken_found: z.number().int(),
  error: z.string().nullable(),
  c_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ToolRun = z.infer<typeof ToolRunSchema>;

/** `POST /api/broken-links` and `/api/sitemap-generator`: a tracked website or a URL. */
const RunTargetSchema = z.object({
  w_guid: z.uuid().optional(),
  url: CheckupUrlSchema.optional(),
});
const oneTarget = (body: { w_guid?: string | undefined; url?: string | undefined }) =>
  Boolean(body.w_guid) !== Boolean(body.url);
const oneTargetIssue = { message: WEBMASTER_MESSAGES.urlOrWebsite, path: ['url'] };

export const StartBrokenLinksBodySchema = RunTargetSchema.refine(oneTarget, oneTargetIssue);
export type StartBrokenLinksBody = z.output<typeof StartBrokenLinksBodySchema>;

/** `GET /api/broken-links?w_guid=` and `/api/sitemap-generator?w_guid=`: the latest runs. */
export const ToolRunsQuerySchema = z.object({ w_guid: z.uuid().optional() });
export const ToolRunsReplySchema = z.object({ data: z.array(ToolRunSchema) });
export const RunParamsSchema = z.object({ guid: z.uuid() });

// --- Broken Links -------------------------------------------------------------------------

/**
 * What a link's answer means. `not_verified`: no answer, bot protection or a rate limit; never
 * counted as broken. A chain is two redirects or more; a loop never ends.
 */
export const LINK_KINDS = [
  'broken',
  'redirect_loop',
  'redirect_chain',
  'redirected',
  'not_verified',
  'ok',
] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  broken: 'Broken',
  redirect_loop: 'Redirect loop',
  redirect_chain: 'Redirect chain',
  redirected: 'Redirected',
  not_verified: 'Not verified',
  ok: 'Working',
};
export const STATUS_CLASSES = ['3xx', '4xx', '5xx', 'no_answer'] as const;
export const LINK_SORTS = ['pages', 'status', 'url'] as const;

/** Page size of the link and page lists. */
export const TOOL_PAGE_SIZE = 50;

export const RedirectStepSchema = z.object({ url: z.string(), status: z.number().int() });

export const BrokenLinkSchema = z.object({
  guid: z.uuid(),
  url: z.string(),
  internal: z.boolean(),
  kind: z.enum(LINK_KINDS),
  /** The first answer's status (a redirect's 3xx); null: no answer. */
  status: z.number().int().nullable(),
  /** Why there was no verdict or no answer, in words; null otherwise. */
  reason: z.string().nullable(),
  /** Every hop of a redirect, the final answer last. */
  redirect_chain: z.array(RedirectStepSchema),
  /** The anchor text of its first link. */
  anchor: z.string(),
  found_on_count: z.number().int(),
  /** The first page it is found on; `/links/{guid}/pages` lists them all. */
  found_on: z.string().nullable(),
  /** Not a problem in the previous run of the same website: `new`. */
  change: z.enum(['new']).nullable(),
});
export type BrokenLink = z.infer<typeof BrokenLinkSchema>;

/** `GET /api/broken-links/{guid}`: the run and what it found, counted. */
export const BrokenLinksRunSchema = z.object({
  run: ToolRunSchema,
  counts: z.object({
    broken: z.number().int(),
    redirect_loop: z.number().int(),
    redirect_chain: z.number().int(),
    redirected: z.number().int(),
    not_verified: z.number().int(),
    ok: z.number().int(),
    internal_broken: z.number().int(),
    external_broken: z.number().int(),
  }),
  /** The website's previous completed run, compared with this one; null for the first. */
  comparison: z
    .object({
      previous_guid: z.uuid(),
      previous_c_at: z.string(),
      new: z.number().int(),
      fixed: z.number().int(),
      /** Problems of the previous run this one no longer has (at most 100). */
      fixed_urls: z.array(z.object({ url: z.string(), kind: z.enum(LINK_KINDS) })),
    })
    .nullable(),
});
export type BrokenLinksRun = z.infer<typeof BrokenLinksRunSchema>;

/** `GET /api/broken-links/{guid}/links`: problems by default; keyset pages. */
export const BrokenLinksQuerySchema = z.object({
  kind: z.enum(LINK_KINDS).optional(),
  scope: z.enum(['internal', 'external']).optional(),
  status_class: z.enum(STATUS_CLASSES).optional(),
  /** Part of the URL or of the anchor text. */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(LINK_SORTS).default('pages'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(200).default(TOOL_PAGE_SIZE),
  last_evaluated_key: z.string().max(400).optional(),
});
export type BrokenLinksQuery = z.input<typeof BrokenLinksQuerySchema>;
export type BrokenLinksFilters = z.output<typeof BrokenLinksQuerySchema>;
export const BrokenLinksReplySchema = z.object({
  data: z.array(BrokenLinkSchema),
  meta: z.object({ last_evaluated_key: z.string().nullable(), total: z.number().int() }),
});
export type BrokenLinksReply = z.infer<typeof BrokenLinksReplySchema>;

export const LinkParamsSchema = z.object({ guid: z.uuid(), link_guid: z.uuid() });
/** `GET /api/broken-links/{guid}/links/{link_guid}/pages`: where a link is found. */
export const LinkPagesReplySchema = z.object({
  data: z.array(z.object({ url: z.string(), anchor: z.string() })),
  meta: z.object({ total: z.number().int() }),
});
export type LinkPagesReply = z.infer<typeof LinkPagesReplySchema>;

/** `POST /api/broken-links/{guid}/recheck`: the rows given, else every problem row. */
export const RecheckBodySchema = z.object({ link_guids: z.array(z.uuid()).min(1).max(1000).optional() });

// --- Sitemap Generator ----------------------------------------------------------------------

export const CHANGEFREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;

/** A path pattern: `*` matches any characters; a pattern without `*` matches paths that start with it. */
export const ExcludePatternSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((value) => value.startsWith('/') || value.startsWith('*'), 'A pattern starts with / or *');

export const SitemapOptionsSchema = z.object({
  /** From Last-Modified, else the page's own dates (article:modified_time, dateModified). */
  lastmod: z.boolean().default(true),
  /** Off by default: search engines ignore them. */
  changefreq: z.enum(CHANGEFREQS).nullable().default(null),
  priority: z.boolean().default(false),
  images: z.boolean().default(false),
  exclude: z.array(ExcludePatternSchema).max(50).default([]),
  gzip: z.boolean().default(false),
});
export type SitemapOptions = z.output<typeof SitemapOptionsSchema>;

export const StartSitemapBodySchema = RunTargetSchema.extend({
  options: SitemapOptionsSchema.default(SitemapOptionsSchema.parse({})),
}).refine(oneTarget, oneTargetIssue);
export type StartSitemapBody = z.input<typeof StartSitemapBodySchema>;

/** Why a crawled URL is not in the sitemap. */
export const EXCLUSION_REASONS = [
  'excluded_by_pattern',
  'blocked_by_robots',
  'noindex',
  'canonical_elsewhere',
  'redirect',
  'not_found',
  'error_status',
  'no_answer',
  'not_html',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];
export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  excluded_by_pattern: 'Excluded by your patterns',
  blocked_by_robots: 'Blocked by robots.txt',
  noindex: 'noindex',
  canonical_elsewhere: 'Canonical points elsewhere',
  redirect: 'Redirects',
  not_found: 'Not found (404, 410)',
  error_status: 'Other error status',
  no_answer: 'No answer',
  not_html: 'Not an HTML page',
};

export const SitemapFileSchema = z.object({
  name: z.string(),
  /** URLs it lists; for the index, its parts. */
  entries: z.number().int(),
  bytes: z.number().int(),
  index: z.boolean(),
});

/** `GET /api/sitemap-generator/{guid}`. */
export const SitemapRunSchema = z.object({
  run: ToolRunSchema,
  options: SitemapOptionsSchema,
  /** Null until the sitemap is written. */
  result: z
    .object({
      included: z.number().int(),
      excluded: z.partialRecord(z.enum(EXCLUSION_REASONS), z.number().int()),
      files: z.array(SitemapFileSchema),
      /** The first URLs as the sitemap lists them. */
      preview: z.array(
        z.object({ loc: z.string(), lastmod: z.string().nullable(), images: z.number().int() }),
      ),
      /** The stable address of the website's latest sitemap; null for a URL typed in. */
      feed_url: z.string().nullable(),
    })
    .nullable(),
});
export type SitemapRun = z.infer<typeof SitemapRunSchema>;

/** `GET /api/sitemap-generator/{guid}/excluded?reason=`: what was left out, keyset pages. */
export const ExcludedQuerySchema = z.object({
  reason: z.enum(EXCLUSION_REASONS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(TOOL_PAGE_SIZE),
  last_evaluated_key: z.string().max(400).optional(),
});
export const ExcludedReplySchema = z.object({
  data: z.array(
    z.object({ url: z.string(), reason: z.enum(EXCLUSION_REASONS), status: z.number().int().nullable() }),
  ),
  meta: z.object({ last_evaluated_key: z.string().nullable() }),
});
export type ExcludedReply = z.infer<typeof ExcludedReplySchema>;

/**
 * A generated file's name: `sitemap.xml` is always the entry point (the URL set, or the index of
 * `sitemap-1.xml`, `sitemap-2.xml`, … when one file cannot hold them); `.gz` when asked for.
 */
export const SitemapFileNameSchema = z
  .string()
  .regex(/^sitemap(-\d{1,4})?\.xml(\.gz)?$/, 'Not a sitemap file name');
export const SitemapFileParamsSchema = z.object({ guid: z.uuid(), name: SitemapFileNameSchema });
/** `GET /api/sitemaps/{token}/{name}`: the latest sitemap of a tracked website, without a session. */
export const SitemapFeedParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/),
  name: SitemapFileNameSchema,
});
