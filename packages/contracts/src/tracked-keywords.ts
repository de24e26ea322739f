import { z } from 'zod';
import { CalendarDateSchema, startNotAfterEnd } from './date-range';
import { isKnownMarket } from './locations';
import { DomainSchema, WEBSITE_MESSAGES } from './websites';

/** The spec's texts for tracked keywords (checkup document, sections 5 and 8). */
export const TRACKED_KEYWORD_MESSAGES = {
  required: 'This field is required!',
  notTracked: 'This keyword is not tracked for this domain',
} as const;

/** Splits what a user typed into keywords: comma or newline separated, trimmed, blanks and repeats dropped. */
export function splitKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]/)
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}

const KeywordSchema = z.string().trim().min(1).max(200);

/** A competitor's position for the same keyword on the same day (null: not in the top 100). */
export const CompetitorPositionSchema = z.object({ domain: z.string(), pos: z.number().int().nullable() });
export type CompetitorPosition = z.infer<typeof CompetitorPositionSchema>;

/**
 * A keyword tracked for one of the organization's websites, in one market, with its latest checked
 * position. `pos` is absent until the keyword's first check (the screen's spinner) and null when
 * the site is not in the top 100; a failed lookup is never recorded as either (`retry_at` says when
 * it is tried again).
 */
export const TrackedKeywordSchema = z.object({
  keyword: z.string(),
  domain: z.string(),
  location_name: z.string(),
  language_code: z.string(),
  c_at: z.string(),
  pos: z.number().int().nullable().optional(),
  /** The position on the check before the latest one (absent without one). */
  prev_pos: z.number().int().nullable().optional(),
  /** The site's page in the results, when it ranks. */
  url: z.string().nullable().optional(),
  /** The organic results the position was read from (at most 100). */
  td_count: z.number().int().optional(),
  r_no: z.number().int().nullable().optional(),
  vol: z.number().int().nullable().optional(),
  cpc: z.number().nullable().optional(),
  /** The website's competitors' positions on the latest check. */
  competitors: z.array(CompetitorPositionSchema).optional(),
  /** The UTC day of the latest check (YYYY-MM-DD). */
  checked_on: z.string().optional(),
  /** Set when the last lookup failed: when it is tried again (ISO time). */
  retry_at: z.string().optional(),
  /** Set with retry_at: why the last lookup failed, as the data source said. */
  retry_reason: z.string().optional(),
});
export type TrackedKeyword = z.infer<typeof TrackedKeywordSchema>;

/** `GET /api/dfs/tracked-keywords?domain=`. */
export const TrackedKeywordsQuerySchema = z.object({ domain: DomainSchema });

/** `keywords_no` counts the organization's tracked keywords: what the plan's max_keywords limits. */
export const TrackedKeywordsCountSchema = z.object({ keywords_no: z.number().int() });

/** The domain's tracked keywords in the order they were added. */
export const TrackedKeywordsReplySchema = TrackedKeywordsCountSchema.extend({
  tracked_keywords: z.array(TrackedKeywordSchema),
});
export type TrackedKeywordsReply = z.infer<typeof TrackedKeywordsReplySchema>;

/** `POST /api/dfs/tracked-keywords/batch`: keywords to add in a market; repeats are ignored. */
export const AddTrackedKeywordsBodySchema = z
  .object({
    domain: DomainSchema,
    location_name: z.string().trim().min(1).max(100),
    language_code: z.string().trim().min(1).max(20),
    keywords: z
      .array(z.string().trim().max(200))
      .max(1000)
      .transform((list) => [...new Set(list.filter(Boolean))])
      .refine((list) => list.length > 0, TRACKED_KEYWORD_MESSAGES.required),
  })
  .refine((s) => isKnownMarket(s.location_name, s.language_code), {
    message: WEBSITE_MESSAGES.unknownMarket,
    path: ['language_code'],
  });
export type AddTrackedKeywordsBody = z.output<typeof AddTrackedKeywordsBodySchema>;

/** `DELETE /api/dfs/tracked-keywords`: stops tracking a keyword of a domain (in every market). */
export const DeleteTrackedKeywordBodySchema = z.object({ keyword: KeywordSchema, domain: DomainSchema });
export type DeleteTrackedKeywordBody = z.output<typeof DeleteTrackedKeywordBodySchema>;

/** `GET /api/dfs/keyword-position-tracker`: one keyword's positions between two days (12 months by default). */
export const PositionTrendQuerySchema = z
  .object({
    phrase: KeywordSchema,
    domain: DomainSchema,
    location: z.string().trim().min(1).max(100),
    language: z.string().trim().min(1).max(20),
    start_date: CalendarDateSchema.optional(),
    end_date: CalendarDateSchema.optional(),
  })
  .refine(...startNotAfterEnd);
export type PositionTrendQuery = z.output<typeof PositionTrendQuerySchema>;

/** One checked day: the position (null: not in the top 100) and the day (YYYY-MM-DD). */
export const PositionPointSchema = z.object({ pos: z.number().int().nullable(), c_at: z.string() });
export type PositionPoint = z.infer<typeof PositionPointSchema>;
export const PositionTrendReplySchema = z.object({ data: z.array(PositionPointSchema) });
export type PositionTrendReply = z.infer<typeof PositionTrendReplySchema>;

/**
 * `GET /api/dfs/tracked-keywords/overview?domain=`: from our own history, each keyword's latest
 * check against the one before (a keyword entering the top 100 increased, one leaving it dropped),
 * and the average latest position of the keywords in the top 100 (null without any).
 */
export const TrackedKeywordsOverviewReplySchema = z.object({
  avg_pos: z.number().nullable(),
  increased: z.number().int(),
  unchanged: z.number().int(),
  dropped: z.number().int(),
  /** Keywords not checked yet. */
  pending: z.number().int(),
});
export type TrackedKeywordsOverviewReply = z.infer<typeof TrackedKeywordsOverviewReplySchema>;

/** `PATCH /api/dfs/tracked-keywords/location`: moves a domain's tracked keywords to another market. */
export const TrackedKeywordsLocationBodySchema = z
  .object({
    domain: DomainSchema,
    location_name: z.string().trim().min(1).max(100),
    language_code: z.string().trim().min(1).max(20),
  })
  .refine((s) => isKnownMarket(s.location_name, s.language_code), {
    message: WEBSITE_MESSAGES.unknownMarket,
    path: ['language_code'],
  });
export type TrackedKeywordsLocationBody = z.output<typeof TrackedKeywordsLocationBodySchema>;
