import { z } from 'zod';
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

/** A keyword tracked for one of the organization's websites, in one market. */
export const TrackedKeywordSchema = z.object({
  keyword: z.string(),
  domain: z.string(),
  location_name: z.string(),
  language_code: z.string(),
  c_at: z.string(),
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
