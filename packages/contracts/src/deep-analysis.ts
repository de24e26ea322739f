import { z } from 'zod';

/** The spec's texts for Deep Analysis (dashboard document, sections 5 and 7). */
export const DEEP_ANALYSIS_MESSAGES = {
  urlsFromDomain: (domain: string) => `Please add valid URLs from domain: ${domain}`,
  urlsLimitExceeded: 'URLs limit exceeded',
  /** dp_max_domains reached: a website more would start Deep Analysis (spec 5). */
  domainLimit: "Looks like you've hit your domain limit!",
  somethingWrong: 'Something went wrong! Please try again or contact support.',
  analysisStarted: "We've started to analyze your webpage",
  checkLater: 'Please check for the results later',
  urlNotFound: 'URL not found',
  noSitemapUrls: 'No sitemap URL given, and the website has none.',
  processRunning: 'An analysis of this website is already running.',
  spellingWordsFull: (max: number) =>
    `A website keeps at most ${max.toLocaleString('en-US')} words of its own: remove one to add another.`,
  spellingWordIgnored: (word: string) =>
    `“${word}” is no longer reported as a spelling mistake on any page of this website.`,
  spellingWordRestored: (word: string) => `“${word}” is checked again on every page of this website.`,
  renderedByJavascript: (pages: number, sampled: number) =>
    `This site is rendered by JavaScript: on ${pages} of the ${sampled} pages checked in Chromium, most of the content appears only after scripts run. Crawlers that do not run JavaScript see nearly empty pages, and the page checks judge the HTML your server sends.`,
} as const;

/** Whether the pages Chromium rendered show a site built by scripts (raw against rendered HTML). */
export const RenderingSchema = z.object({
  /** Pages that had Chromium's pass. */
  sampled: z.number().int(),
  /** Of those, pages where most words appear only after scripts run. */
  javascript_pages: z.number().int(),
  rendered_by_javascript: z.boolean(),
  message: z.string().nullable(),
});
export type Rendering = z.infer<typeof RenderingSchema>;

/** Page size of the monitored-URL and affected-URL lists (spec 9). */
export const URL_PAGE_SIZE = 25;

export const PROCESS_TYPES = [
  'import_sitemaps',
  'on_page_seo_batch_url_analysis',
  'on_page_seo_domain_analysis',
  'on_page_seo_url_analysis',
] as const;
export const ProcessTypeSchema = z.enum(PROCESS_TYPES);

/** A background process of Deep Analysis, while it runs and after (spec 3 "Batch process"). */
export const AnalysisProcessSchema = z.object({
  guid: z.uuid(),
  w_guid: z.uuid(),
  process_type: ProcessTypeSchema,
  status: z.enum(['running', 'completed', 'failed']),
  subprocesses_count: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  timeout: z.number().int(),
  c_at: z.string(),
  error: z.string().nullable(),
});
export type AnalysisProcess = z.infer<typeof AnalysisProcessSchema>;

export const WebsiteQuerySchema = z.object({ w_guid: z.uuid() });

/** `GET /api/on-page-seo/active?process_type=&w_guid=`. */
export const ActiveProcessesQuerySchema = z.object({
  w_guid: z.uuid(),
  process_type: ProcessTypeSchema.optional(),
});
export const ActiveProcessesReplySchema = z.array(AnalysisProcessSchema);

/** `POST /api/import-sitemap`: the sitemaps to read; none given reads the ones the setup found. */
export const ImportSitemapBodySchema = z.object({
  w_guid: z.uuid(),
  sitemap_urls: z
    .array(z.url({ protocol: /^https?$/ }).max(2000))
    .max(50)
    .default([]),
});
export type ImportSitemapBody = z.output<typeof ImportSitemapBodySchema>;

/** `POST /api/on-page-seo/batch` and `/domain`. */
export const StartAnalysisBodySchema = z.object({ w_guid: z.uuid() });
/** `POST /api/on-page-seo/url`. */
export const StartUrlAnalysisBodySchema = z.object({ w_guid: z.uuid(), url_guid: z.uuid() });

export const StartedProcessSchema = z.object({
  process_guid: z.uuid(),
  message: z.string(),
  description: z.string(),
});
export type StartedProcess = z.infer<typeof StartedProcessSchema>;

/** A monitored (serviceable) URL (spec 3). */
export const ServiceableUrlSchema = z.object({
  guid: z.uuid(),
  w_guid: z.uuid(),
  cluster_guid: z.uuid().nullable(),
  url: z.string(),
  status_code: z.number().int().nullable(),
  on_page_seo: z
    .object({
      score: z.number().int().nullable(),
      passed: z.number().int(),
      warning: z.number().int(),
      failed: z.number().int(),
      /** Checks that do not apply to the URL (or could not be judged): the four add up to every check it was given. */
      not_applicable: z.number().int(),
      c_at: z.string(),
    })
    .nullable(),
  /** Clicks from the homepage; null when no crawled link leads to it. */
  depth: z.number().int().nullable(),
  in_sitemap: z.boolean(),
  source: z.enum(['sitemap', 'manual', 'link']),
  /** Chromium's pass ran on it (a sample of each page template). */
  browser: z.boolean(),
  /** The crawl did not request it: robots.txt forbids it. */
  blocked_by_robots: z.boolean(),
  /** Where it redirects, when it does. */
  redirect_to: z.string().nullable(),
  /** Why it did not answer. */
  error: z.string().nullable(),
  /** It answered with a file (a PDF, an archive, an image), not an HTML page: recorded, not judged. */
  file: z.object({ content_type: z.string(), bytes: z.number().int().nullable() }).nullable(),
});
export type ServiceableUrl = z.infer<typeof ServiceableUrlSchema>;

/** `GET /api/serviceable-url?w_guid=&limit=&last_evaluated_key=`: keyset pages of 25. */
export const ServiceableUrlsQuerySchema = z.object({
  w_guid: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(URL_PAGE_SIZE),
  last_evaluated_key: z.string().max(200).optional(),
});
export const ServiceableUrlsReplySchema = z.object({
  data: z.array(ServiceableUrlSchema),
  meta: z.object({ last_evaluated_key: z.string().nullable() }),
});
export type ServiceableUrlsReply = z.infer<typeof ServiceableUrlsReplySchema>;

/** `GET /api/serviceable-url/{w_guid}/count`. */
export const ServiceableUrlCountSchema = z.object({
  count: z.number().int(),
  /** URLs with an analysis date. */
  analyzed: z.number().int(),
  dp_max_urls: z.number().int(),
  rendering: RenderingSchema,
});
export type ServiceableUrlCount = z.infer<typeof ServiceableUrlCountSchema>;

export const WebsiteParamsSchema = z.object({ w_guid: z.uuid() });
export const UrlParamsSchema = z.object({ w_guid: z.uuid(), url_guid: z.uuid() });

/** Words a website keeps as its own, never reported as misspelt on its pages. */
export const MAX_SPELLING_WORDS = 1000;
/** One word: letters first, then letters, digits, apostrophes, hyphens or underscores. */
const SpellingWordSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(
    /^\p{L}[\p{L}\p{N}'_-]*$/u,
    'Send one word: letters first, then letters, digits, hyphens or apostrophes',
  );
/** `POST /api/website-index/{w_guid}/spelling-words`: a word the website uses, to stop reporting it. */
export const SpellingWordBodySchema = z.object({ word: SpellingWordSchema });
/** `DELETE /api/website-index/{w_guid}/spelling-words/{word}`. */
export const SpellingWordParamsSchema = z.object({ w_guid: z.uuid(), word: SpellingWordSchema });
/** The website's own words, in alphabetical order (lower case). */
export const SpellingWordsReplySchema = z.object({ words: z.array(z.string()) });
export type SpellingWordsReply = z.infer<typeof SpellingWordsReplySchema>;

/** Splits what a user typed into URLs: commas and line breaks, trimmed, blanks and repeats dropped. */
export function splitUrls(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\r\n]/)
        .map((url) => url.trim())
        .filter(Boolean),
    ),
  ];
}

/** `POST /api/serviceable-url/{w_guid}`: URLs to monitor; the server checks their domain. */
export const AddServiceableUrlsBodySchema = z.object({
  urls: z
    .array(z.string().trim().max(2000))
    .max(5000)
    .transform((list) => [...new Set(list.filter(Boolean))]),
});
export type AddServiceableUrlsBody = z.output<typeof AddServiceableUrlsBodySchema>;
export const AddServiceableUrlsReplySchema = z.object({ data: z.array(ServiceableUrlSchema) });
export type AddServiceableUrlsReply = z.infer<typeof AddServiceableUrlsReplySchema>;

/** `GET /api/import-sitemap?w_guid=`: the website's status and its running imports. */
export const ImportSitemapStatusSchema = z.object({
  status: z.string(),
  import_sitemaps_started_at: z.string().nullable(),
  discovered_urls: z.number().int(),
  active: z.array(AnalysisProcessSchema),
  rendering: RenderingSchema,
});
export type ImportSitemapStatus = z.infer<typeof ImportSitemapStatusSchema>;
