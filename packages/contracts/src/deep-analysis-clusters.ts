import { z } from 'zod';

/** The spec's texts for page groups (dashboard document, section 5). */
export const PAGE_GROUP_MESSAGES = {
  titleRequired: 'Please provide a title',
  descriptionRequired: 'Please provide a description',
  selectGroup: 'Please select a page group',
  notFound: 'Page group not found',
  noScreenshot: 'This page group has no screenshot yet',
} as const;

/** Engagement a group's pages are expected to get (spec 9), lowest first. */
export const PUE_LEVELS = ['very_low', 'low', 'medium', 'high', 'very_high'] as const;
export const PueLevelSchema = z.enum(PUE_LEVELS);

/** A page group (cluster) of a website's URLs (spec 3 "Page group"). */
export const PageGroupSchema = z.object({
  guid: z.uuid(),
  w_guid: z.uuid(),
  title: z.string(),
  description: z.string(),
  pue_level: PueLevelSchema,
  pue_reason: z.string().nullable(),
  /** How many of the website's monitored URLs are in it. */
  monitored_urls: z.number().int(),
  /** Average SEO score of its analysed URLs; null when none is analysed. */
  avg_seo_score: z.number().int().nullable(),
  /** Chromium's screenshot of its first sample URL; null until one was taken. */
  screenshot_url: z.string().nullable(),
  sample_urls: z.array(z.object({ guid: z.uuid(), url: z.string() })),
  /** auto: found by grouping the crawl (re-crawls keep it); user: made by a user. */
  source: z.enum(['auto', 'user']),
});
export type PageGroup = z.infer<typeof PageGroupSchema>;

const title = z
  .string(PAGE_GROUP_MESSAGES.titleRequired)
  .trim()
  .min(1, PAGE_GROUP_MESSAGES.titleRequired)
  .max(200);
const description = z
  .string(PAGE_GROUP_MESSAGES.descriptionRequired)
  .trim()
  .min(1, PAGE_GROUP_MESSAGES.descriptionRequired)
  .max(2000);

/** `POST /api/url-cluster`: a user's own group; engagement defaults to medium, the reason is optional. */
export const CreatePageGroupBodySchema = z.object({
  w_guid: z.uuid(),
  title,
  description,
  pue_level: PueLevelSchema.default('medium'),
  pue_reason: z.string().trim().max(2000).nullable().optional(),
});
export type CreatePageGroupBody = z.output<typeof CreatePageGroupBodySchema>;

/** `PATCH /api/url-cluster/{w_guid}/{cluster_guid}`: the same fields; pue_reason may be null. */
export const UpdatePageGroupBodySchema = z.object({
  title,
  description,
  pue_level: PueLevelSchema.default('medium'),
  pue_reason: z.string().trim().max(2000).nullable().optional(),
});
export type UpdatePageGroupBody = z.output<typeof UpdatePageGroupBodySchema>;

export const PageGroupParamsSchema = z.object({
  w_guid: z.uuid(),
  cluster_guid: z.uuid(PAGE_GROUP_MESSAGES.selectGroup),
});
