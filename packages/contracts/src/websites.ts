import { z } from 'zod';
import { CheckupUrlSchema } from './checkup';
import { DEFAULT_MARKET, isKnownMarket, LocationOptionSchema } from './locations';

/** The spec's texts for tracked websites (dashboard document, sections 5 and 8). */
export const WEBSITE_MESSAGES = {
  invalidDomain: 'Invalid domain',
  alreadyMonitored: 'You already monitor this domain!',
  alreadyAdded: 'This domain is already added!',
  domainLimit: "Looks like you've hit your domain limit!",
  cannotAccess: (domain: string) => `We cannot access ${domain} in order to perform our test!`,
  cannotAccessDetail: 'Either the domain is not online, or our tool is being blocked by your server.',
  cannotAccessDomain: (domain: string) => `Cannot access domain ${domain}!`,
  keywordsExceeded: 'Keywords exceeded limit',
  keywordsAtLimit: (max: number) => `You can not add keywords because your limit of ${max} was reached`,
  competitorDuplicate: 'This competitor is already added to your list!',
  invalidUrl: 'Provide a valid URL',
  unknownMarket: 'Choose a location and a language from the list',
  notFound: 'Website not found',
  noData: 'No data available yet',
  noDataForInterval: 'No data for this interval',
  noIssues: 'No issues yet',
  somethingWrong: 'Something went wrong!',
  tryAgainOrContact: 'Please try again or contact support!',
  /** Said while no SEO data provider is configured: suggestions cannot be measured from one machine. */
  suggestionsNeedProvider:
    'Competitor and keyword suggestions need an SEO data provider, and none is configured on this server. Enter your own competitors and keywords.',
} as const;

/** The 12 monitoring regions of the spec (section 9), in the order the screens list them. */
export const MONITOR_REGION_ORDER = [
  'us-east-1',
  'us-west-2',
  'eu-west-2',
  'eu-west-1',
  'eu-central-1',
  'eu-west-3',
  'ca-central-1',
  'sa-east-1',
  'ap-northeast-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-south-1',
] as const;
export const MonitorRegionSchema = z.enum(MONITOR_REGION_ORDER);
export type MonitorRegion = z.infer<typeof MonitorRegionSchema>;

/** Where each region's probe stands. */
export const MONITOR_REGIONS: Record<MonitorRegion, string> = {
  'us-east-1': 'US East (N. Virginia)',
  'us-west-2': 'US West (Oregon)',
  'eu-west-2': 'Europe (London)',
  'eu-west-1': 'Europe (Ireland)',
  'eu-central-1': 'Europe (Frankfurt)',
  'eu-west-3': 'Europe (Paris)',
  'ca-central-1': 'Canada (Central)',
  'sa-east-1': 'South America (São Paulo)',
  'ap-northeast-1': 'Asia Pacific (Tokyo)',
  'ap-southeast-1': 'Asia Pacific (Singapore)',
  'ap-southeast-2': 'Asia Pacific (Sydney)',
  'ap-south-1': 'Asia Pacific (Mumbai)',
};
export const DEFAULT_REGION: MonitorRegion = 'us-east-1';

/** Where each region's probe stands on a map: [longitude, latitude] of its city. */
export const MONITOR_REGION_COORDINATES: Record<MonitorRegion, [number, number]> = {
  'us-east-1': [-77.5, 39.0],
  'us-west-2': [-119.7, 45.8],
  'eu-west-2': [-0.1, 51.5],
  'eu-west-1': [-6.3, 53.3],
  'eu-central-1': [8.7, 50.1],
  'eu-west-3': [2.35, 48.86],
  'ca-central-1': [-73.6, 45.5],
  'sa-east-1': [-46.6, -23.55],
  'ap-northeast-1': [139.7, 35.7],
  'ap-southeast-1': [103.8, 1.35],
  'ap-southeast-2': [151.2, -33.9],
  'ap-south-1': [72.9, 19.1],
};

/** `GET /api/regions`: the map of code to label and the order to list them in. */
export const RegionsReplySchema = z.object({
  regions: z.record(z.string(), z.string()),
  order: z.array(MonitorRegionSchema),
});
export type RegionsReply = z.infer<typeof RegionsReplySchema>;

export const LocationsReplySchema = z.array(LocationOptionSchema);

// A label: letters, digits and inner hyphens, at most 63; the last label (TLD) starts with a letter.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z][a-z0-9-]{0,61}[a-z0-9])$`);

export type NormalisedDomain = { ok: true; domain: string } | { ok: false; message: string };

/**
 * The one domain normaliser (spec 5): trimmed and lower-cased; scheme, user, path, port, query and
 * a leading `www.` removed; international names in their ASCII (punycode) form. The result must
 * look like a registrable host name (two labels or more, no IP address), else 'Invalid domain'.
 */
export function normaliseDomain(input: string): NormalisedDomain {
  const invalid = { ok: false, message: WEBSITE_MESSAGES.invalidDomain } as const;
  const trimmed = input.trim().toLowerCase();
  if (trimmed === '' || trimmed.length > 2048) return invalid;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`;
  let host: string;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return invalid;
    host = url.hostname;
  } catch {
    return invalid;
  }
  host = host.replace(/\.$/, '');
  // Every leading `www.` label, so the result normalises to itself (`www.www.a.com` → `a.com`).
  while (host.startsWith('www.')) host = host.slice(4);
  if (host.length > 253 || !DOMAIN_PATTERN.test(host)) return invalid;
  return { ok: true, domain: host };
}

/** A domain field: the normalised domain, or 400 'domain: Invalid domain'. */
export const DomainSchema = z.string().transform((value, ctx) => {
  const result = normaliseDomain(value);
  if (result.ok) return result.domain;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

export const NotificationSettingsSchema = z.object({
  ping_uptime: z.boolean(),
  http_uptime: z.boolean(),
  /** Alert when the page takes 20 s or more to load. */
  page_load_timeout: z.boolean(),
});

/** A competitor URL, lower-cased and trimmed as the wizard and settings send it. */
const CompetitorUrlSchema = z.string().trim().toLowerCase().pipe(CheckupUrlSchema);

const CompetitorsSchema = z.array(CompetitorUrlSchema).max(100);
const LocationNameSchema = z.string().trim().min(1).max(100);
const LanguageCodeSchema = z.string().trim().min(1).max(20);

/** A market given whole (or, where it may be left out, not at all) must be one of the locations list. */
const isKnownOrAbsentMarket = (s: { location_name?: string; language_code?: string }) =>
  (s.location_name === undefined && s.language_code === undefined) ||
  isKnownMarket(s.location_name ?? '', s.language_code ?? '');
const unknownMarket = { message: WEBSITE_MESSAGES.unknownMarket, path: ['language_code'] };

const RegionsSchema = z
  .array(MonitorRegionSchema)
  .max(MONITOR_REGION_ORDER.length)
  .refine((regions) => new Set(regions).size === regions.length, 'Each region can be chosen once');

/**
 * How Deep Analysis crawls the website: follow internal links beyond the sitemaps and typed-in
 * URLs, how many pages of each template get Chromium's pass, an optional URLs/s cap, and every how
 * many days the site is crawled again by itself (0: only when asked).
 */
export const CrawlSettingsSchema = z.object({
  follow_links: z.boolean(),
  browser_sample: z.number().int().min(0).max(20),
  urls_per_second: z.number().min(0.1).max(100).nullable(),
  recrawl_days: z.number().int().min(0).max(90).default(7),
});
export type CrawlSettings = z.infer<typeof CrawlSettingsSchema>;
export const DEFAULT_CRAWL_SETTINGS: CrawlSettings = {
  follow_links: true,
  browser_sample: 3,
  urls_per_second: null,
  recrawl_days: 7,
};

/** A website's settings (spec 3): competitors, regions (first is primary), market, notifications. */

export const WebsiteSettingsSchema = z.object({
  competitors: z.array(CompetitorUrlSchema),
  regions: z.array(MonitorRegionSchema),
  location_name: z.string(),
  language_code: z.string(),
  notifications: NotificationSettingsSchema,
  /** Absent on websites saved before Deep Analysis: the defaults apply. */
  crawl: CrawlSettingsSchema.optional(),
});
export type WebsiteSettings = z.infer<typeof WebsiteSettingsSchema>;

export const DEFAULT_NOTIFICATIONS = { ping_uptime: true, http_uptime: true, page_load_timeout: true };

/** Settings sent when a website is created; what is left out takes the spec's defaults. */
export const WebsiteSettingsInputSchema = z
  .object({
    competitors: CompetitorsSchema.default([]),
    regions: RegionsSchema.default([DEFAULT_REGION]),
    location_name: LocationNameSchema.default(DEFAULT_MARKET.location_name),
    language_code: LanguageCodeSchema.default(DEFAULT_MARKET.language_code),
    notifications: NotificationSettingsSchema.default(DEFAULT_NOTIFICATIONS),
  })
  .refine(isKnownOrAbsentMarket, unknownMarket);

/** A tracked keyword as the wizard sends it: trimmed, blanks dropped by the server. */
const KeywordSchema = z.string().trim().max(200);

export const WebsiteSourceSchema = z.enum(['onboarding_wizard', 'add_tracked_website_wizard']);

/** `POST /api/website-index`: the wizard's result; `start_analysis` runs the first homepage checkup. */
export const CreateWebsiteBodySchema = z.object({
  domain: DomainSchema,
  homepage_url: CheckupUrlSchema,
  // Left out: parsed as {}, so each setting takes its default above.
  settings: WebsiteSettingsInputSchema.prefault({}),
  keywords: z.array(KeywordSchema).max(1000).default([]),
  /** The domain-setup process whose sitemaps the website keeps. */
  setup_guid: z.uuid().optional(),
  start_analysis: z.boolean().default(false),
  source: WebsiteSourceSchema.default('add_tracked_website_wizard'),
});
export type CreateWebsiteBody = z.output<typeof CreateWebsiteBodySchema>;

/** `POST /api/website-index/background`: a domain only (the Deep Analysis form); setup runs as a job. */
export const CreateWebsiteInBackgroundBodySchema = z.object({
  domain: DomainSchema,
  settings: z
    .object({
      competitors: CompetitorsSchema.default([]),
      regions: RegionsSchema.default([]),
      location_name: LocationNameSchema.optional(),
      language_code: LanguageCodeSchema.optional(),
      notifications: NotificationSettingsSchema.default(DEFAULT_NOTIFICATIONS),
    })
    .refine(isKnownOrAbsentMarket, unknownMarket)
    .prefault({}),
});

/** `PATCH /api/website-index/{guid}`: the homepage URL (the domain itself never changes). */
export const UpdateWebsiteBodySchema = z.object({ homepage_url: CheckupUrlSchema });

/** `PATCH /api/website-index/settings/{guid}`: any of the settings; the market as a pair. */
export const UpdateWebsiteSettingsBodySchema = z
  .object({
    competitors: CompetitorsSchema.optional(),
    regions: RegionsSchema.refine((r) => r.length > 0, 'Choose a primary region').optional(),
    location_name: LocationNameSchema.optional(),
    language_code: LanguageCodeSchema.optional(),
    notifications: NotificationSettingsSchema.optional(),
    crawl: CrawlSettingsSchema.optional(),
  })
  .refine((s) => (s.location_name === undefined) === (s.language_code === undefined), {
    message: 'Send location_name and language_code together',
    path: ['language_code'],
  })
  .refine(
    (s) => s.location_name === undefined || isKnownMarket(s.location_name, s.language_code ?? ''),
    unknownMarket,
  )
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message: 'Send at least one setting',
    path: ['body'],
  });
export type UpdateWebsiteSettingsBody = z.output<typeof UpdateWebsiteSettingsBodySchema>;

/**
 * Where a website stands: `setting_up` while a background setup runs, `failed` when it could not
 * reach the site, `new` once set up; Deep Analysis moves it through `importing_sitemaps`,
 * `waiting_for_user_input` and `completed`.
 */
export const WebsiteStatusSchema = z.enum([
  'setting_up',
  'failed',
  'new',
  'importing_sitemaps',
  'waiting_for_user_input',
  'completed',
]);
export type WebsiteStatus = z.infer<typeof WebsiteStatusSchema>;

/** A website index entry (spec 3). */
export const WebsiteSchema = z.object({
  guid: z.uuid(),
  domain: z.string(),
  homepage_url: z.string(),
  c_at: z.string(),
  status: WebsiteStatusSchema,
  /** URLs Deep Analysis has found for the site so far. */
  discovered_urls: z.number().int(),
  /** The latest homepage checkup, null before the first one finishes. */
  on_page_seo: z.object({ score: z.number(), c_at: z.string(), report_guid: z.uuid() }).nullable(),
  sitemap_urls: z.array(z.string()),
  settings: WebsiteSettingsSchema,
  keywords: z.array(z.string()),
});
export type Website = z.infer<typeof WebsiteSchema>;

export const WebsiteGuidParamsSchema = z.object({ guid: z.uuid() });

/** `POST /api/website-index` answers the website and, with `start_analysis`, the first report. */
export const CreateWebsiteReplySchema = WebsiteSchema.extend({
  report_guid: z.uuid().nullable(),
  /** Why the first analysis did not start (the period's checkups used up); the website is kept. */
  analysis_error: z.string().nullable(),
});

/** `GET /api/website-index/setup-status/{guid}`. */
export const WebsiteSetupStatusSchema = z.object({
  status: WebsiteStatusSchema,
  import_sitemaps_started_at: z.string().nullable(),
  error: z.string().nullable(),
  /** The domain being set up. */
  domain: z.string(),
  /** Null once the setup failed: a website whose site could not be reached is not kept. */
  website: WebsiteSchema.nullable(),
});
export type WebsiteSetupStatus = z.infer<typeof WebsiteSetupStatusSchema>;

/** `GET /api/website-index/favicons`: where each website's icon is served by our API. */
export const FaviconsReplySchema = z.array(
  z.object({ guid: z.uuid(), domain: z.string(), favicon_url: z.string() }),
);
export type Favicons = z.infer<typeof FaviconsReplySchema>;

/** `GET /api/website-index/on-page-seo-score/{guid}`: the latest homepage score. */
export const OnPageSeoScoreSchema = z.object({
  overall_score: z.number().nullable(),
  report_guid: z.uuid().nullable(),
  c_at: z.string().nullable(),
});
export type OnPageSeoScore = z.infer<typeof OnPageSeoScoreSchema>;

/**
 * `GET /api/website-index/important-fixes/{guid}`: the failed checks of the latest homepage
 * checkup that have a recommendation, most relevant first (spec 3 "Important fixes").
 */
export const ImportantFixesReplySchema = z.object({
  report_guid: z.uuid().nullable(),
  url: z.string().nullable(),
  fixes: z.array(z.object({ section_key: z.string(), relevance: z.number(), recommendation: z.string() })),
});
export type ImportantFixes = z.infer<typeof ImportantFixesReplySchema>;

/** `GET /api/website-index/scheduled-tasks/{guid}`: the recurring work the website has. */
export const ScheduledTasksReplySchema = z.array(
  z.object({
    task: z.string(),
    /** What it does, in words. */
    description: z.string(),
    interval_seconds: z.number().int(),
    last_run_at: z.string().nullable(),
    next_run_at: z.string().nullable(),
  }),
);

export const ValidateDomainQuerySchema = z.object({ domain: DomainSchema });
export const ValidateDomainReplySchema = z.object({ domain: z.string(), valid: z.literal(true) });

/** `POST /api/website-index/domain-setup`. */
export const StartDomainSetupBodySchema = z.object({ domain: DomainSchema });

export const DomainSetupQuerySchema = z.object({ domain: DomainSchema, process_guid: z.uuid() });

/** A domain-setup process (spec 3): its output once completed. */
export const DomainSetupSchema = z.object({
  guid: z.uuid(),
  domain: z.string(),
  status: z.enum(['running', 'completed']),
  output: z
    .object({
      homepage_url: z.string().nullable(),
      competitors: z.array(z.object({ domain: z.string() })),
      top_keywords: z.array(z.string()),
      uptime_monitoring_regions: z.array(MonitorRegionSchema),
      search_engine_market: z.object({ sem_language_code: z.string(), sem_location: z.string() }),
      error: z.string().nullable(),
    })
    .nullable(),
  /** The sitemaps the setup found (robots.txt, else the usual paths); kept for the website. */
  sitemap_urls: z.array(z.string()),
  /** Why competitors and keywords are empty, when no SEO data provider is configured. */
  notice: z.string().nullable(),
});
export type DomainSetup = z.infer<typeof DomainSetupSchema>;
export type DomainSetupOutput = NonNullable<DomainSetup['output']>;

/** `POST /api/events`: onboarding events recorded in our own database. */
export const TrackEventBodySchema = z.discriminatedUnion('event_type', [
  z.object({ event_type: z.literal('skip_onboarding'), meta: z.object({}).default({}) }),
  z.object({
    event_type: z.literal('finish_onboarding'),
    meta: z.object({
      main_url: z.string().max(2048),
      report_guid: z.uuid().nullable(),
      location_name: z.string().max(100),
      language_code: z.string().max(20),
    }),
  }),
]);
export type TrackEventBody = z.infer<typeof TrackEventBodySchema>;
