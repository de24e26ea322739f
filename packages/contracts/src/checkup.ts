import { z } from 'zod';
import { CalendarDateSchema } from './date-range';

const cannotAccess = (url: string) =>
  `We cannot access ${url} in order to perform our test! Either the site is not online, or our tool is being blocked by your server.`;

/** The spec's texts for the SEO Checkup (spec: checkup document, section 8). */
export const CHECKUP_MESSAGES = {
  invalidUrl: 'Provide a valid URL',
  cannotAccess,
  /** cannotAccess with what went wrong: "x could not be resolved", "it answered with HTTP 503". */
  cannotAccessBecause: (url: string, cause: string) =>
    `${cannotAccess(url)} Cause: ${cause.replace(/\.$/, '')}.`,
  /** A bare address whose https could not connect, checked over http. */
  checkedOverHttp: (httpUrl: string, cause: string) =>
    `${httpUrl.replace(/^http:\/\//, 'https://')} could not be reached (${cause.replace(/\.$/, '')}), so ${httpUrl} was checked instead.`,
  competitorFailed: (url: string) => `Something went wrong when generating report for ${url}`,
  reportFetchFailed: 'An error has occurred',
  noReport: 'No report found',
  structureFailed: 'Please try again',
  archivedEmpty: 'No saved reports for selected interval were found',
  noUrlsForDomain: 'No urls found for this domain',
  /** Why the guarded fetcher refused an address (private, loopback…), in place of cannotAccess. */
  refusedAddress: (url: string, reason: string) => `We did not check ${url}: ${reason}.`,
} as const;

/** Statuses a check ends with (spec: Check status). */
export const CheckStatusSchema = z.enum(['passed', 'warning', 'failed']);
export type CheckStatus = z.infer<typeof CheckStatusSchema>;

/** The longest URL a checkup takes, as stored: what browsers and search engines handle. */
export const MAX_URL_LENGTH = 2048;

/**
 * A host name as DNS allows it: at most 253 characters, each dot-separated label 1 to 63 (the
 * URL parser gives international names in their ASCII form, so the limits apply to what is sent).
 */
export const isDnsHostName = (host: string): boolean =>
  host.length <= 253 && host.split('.').every((label) => label.length >= 1 && label.length <= 63);

/**
 * An http(s) URL with a host, as the new-checkup form builds it from scheme + domain. Its length is
 * measured as it is stored: the URL parser writes each character outside ASCII as up to nine
 * (`%E6%BC%A2`), so 1,000 typed characters can become 9,000.
 */
export const CheckupUrlSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const tooLong = () =>
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: MAX_URL_LENGTH,
        inclusive: true,
        input: value,
      });
    if (value.length > MAX_URL_LENGTH) return tooLong();
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return ctx.addIssue({ code: 'custom', message: CHECKUP_MESSAGES.invalidUrl, input: value });
    }
    const valid =
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.includes('.') &&
      isDnsHostName(url.hostname.replace(/\.$/, '')) &&
      !url.username;
    if (!valid) return ctx.addIssue({ code: 'custom', message: CHECKUP_MESSAGES.invalidUrl, input: value });
    if (url.href.length > MAX_URL_LENGTH) tooLong();
  });

/** Whether a URL the forms built is one a checkup accepts (else 'Provide a valid URL'). */
export const isCheckupUrl = (url: string): boolean => CheckupUrlSchema.safeParse(url).success;

/** A section of the structure; `fields` may narrow it to some of these. */
export const SectionInfoSchema = z.object({
  key: z.string(),
  title: z.string().optional(),
  relevance: z.number().optional(),
  description: z.string().optional(),
});

/** `GET /api/report/sections`: categories with their sections, in report order. */
export const ReportStructureSchema = z.object({
  categories: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      sections: z.array(SectionInfoSchema),
    }),
  ),
});
export type ReportStructure = z.infer<typeof ReportStructureSchema>;

export const ReportStructureQuerySchema = z.object({
  /** Comma-separated section fields to return (key is always included). */
  fields: z.string().optional(),
  locale: z.string().optional(),
});

/** `POST /api/report` and `/api/report/background`. */
export const StartReportBodySchema = z.object({
  url: CheckupUrlSchema,
  competitors: z.array(CheckupUrlSchema).max(20).default([]),
  /** Section keys; empty means every section of the structure. */
  sections: z.array(z.string().min(1)).default([]),
  /**
   * The address was typed without a scheme and the form put 'https://' in front (spec 5): when https
   * cannot connect (refused, TLS fails, no answer) and http answers, the site is checked over http.
   */
  https_assumed: z.boolean().default(false),
  /** The same for each competitor, in the order of `competitors` (a competitor field's bare domain). */
  competitors_https_assumed: z.array(z.boolean()).max(20).default([]),
});
export type StartReportBody = z.input<typeof StartReportBodySchema>;

export const StartReportReplySchema = z.object({
  guid: z.uuid(),
  url: z.string(),
  competitor_urls: z.array(z.string()),
  sections: z.array(z.string()),
  /** Which scheme bare addresses were checked with, and why, where it was not the https assumed; else null. */
  scheme_note: z.string().nullable(),
});
export type StartReportReply = z.infer<typeof StartReportReplySchema>;

/**
 * One check's result as the report shows it (spec: Audit section result): the verdict and its
 * texts, plus the check's own fields. A check that could not run is `skipped` with its reason.
 */
export const SectionResultSchema = z
  .object({
    status: z.enum(['passed', 'warning', 'failed', 'skipped']),
    message: z.string(),
    how_to_fix: z.string(),
    how_to_fix_video: z.string().nullable(),
    relevance: z.number(),
    recommendation: z.string(),
    description: z.string(),
  })
  .catchall(z.unknown());
export type SectionResult = z.infer<typeof SectionResultSchema>;

/** Which sites a pass rate was measured on: the list's name, how many the check ran on, and when. */
export const PassRateSampleSchema = z.object({
  name: z.string().nullable(),
  sites: z.number().int(),
  measured_on: z.iso.date(),
});
export type PassRateSample = z.infer<typeof PassRateSampleSchema>;

export const SectionReplySchema = z.object({
  /** Share of the sites of `pass_rate_sample` that pass this check, when it has been measured; else null. */
  top_100_pass_rate: z.number().nullable(),
  /** The sites that rate was measured on; null with it. */
  pass_rate_sample: PassRateSampleSchema.nullable(),
  result: SectionResultSchema,
});
export type SectionReply = z.infer<typeof SectionReplySchema>;

export const ReportOverviewSchema = z.object({
  score: z.number().int(),
  passed: z.number().int(),
  warning: z.number().int(),
  failed: z.number().int(),
  /** Sections judged neither way (not applicable, or not judged); absent from reports saved before it was counted. */
  not_applicable: z.number().int().optional(),
  has_all_sections: z.boolean(),
});
export type ReportOverview = z.infer<typeof ReportOverviewSchema>;

/** `POST /api/report/v2/save`. */
export const SaveReportBodySchema = z.object({
  url: z.string(),
  guid: z.uuid(),
  overview: ReportOverviewSchema.optional(),
  competitors: z
    .array(
      z.object({ guid: z.uuid().optional(), url: z.string(), overview: ReportOverviewSchema.optional() }),
    )
    .default([]),
});

/** A running or finished report (spec: Report). */
export const ReportSchema = z.object({
  guid: z.uuid(),
  url: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  error: z.string().nullable(),
  created_at: z.string(),
  sections: z.array(z.string()),
  overview: ReportOverviewSchema.nullable(),
  competitor_guids: z.array(z.uuid()),
  competitor_urls: z.array(z.string()),
  competitors: z.array(
    z.object({
      url: z.string(),
      status: z.enum(['running', 'done', 'failed']),
      error: z.string().nullable(),
      overview: ReportOverviewSchema.nullable(),
    }),
  ),
  important_fixes: z.array(
    z.object({ section_key: z.string(), relevance: z.number(), recommendation: z.string() }),
  ),
  /**
   * With `include=results`, once the report is no longer running: every section's reply, by
   * target URL and section key, so a finished report opens in one request. A target that could
   * not be checked has no entry.
   */
  results: z.record(z.string(), z.record(z.string(), SectionReplySchema)).optional(),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportQuerySchema = z.object({
  url: z.string().optional(),
  guid: z.uuid(),
  include: z.literal('results').optional(),
});

/** An archived report row (spec: Archived report overview row). */
export const OverviewRowSchema = z.object({
  guid: z.uuid(),
  url: z.string(),
  created_at: z.string(),
  score: z.number().int(),
  passed: z.number().int(),
  warning: z.number().int(),
  failed: z.number().int(),
});
export type OverviewRow = z.infer<typeof OverviewRowSchema>;

export const OverviewsQuerySchema = z.object({
  url: z.string().optional(),
  start_date: CalendarDateSchema,
  end_date: CalendarDateSchema,
});

export const CompetitorOverviewsQuerySchema = z.object({
  /** Comma-separated URLs. */
  urls: z.string().min(1),
  start_date: CalendarDateSchema,
  end_date: CalendarDateSchema,
});

export const UrlListQuerySchema = z.object({ domain: z.string().min(1), next_token: z.string().optional() });
export const UrlListReplySchema = z.object({ urls: z.array(z.string()), next_token: z.string().nullable() });
export type UrlListReply = z.infer<typeof UrlListReplySchema>;

export const SectionParamsSchema = z.object({ guid: z.uuid(), section: z.string().min(1) });
export const SectionQuerySchema = z.object({ url: z.string().optional() });
