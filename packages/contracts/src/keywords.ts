import { z } from 'zod';
import { DEFAULT_MARKET, isKnownMarket } from './locations';
import { DomainSchema, WEBSITE_MESSAGES } from './websites';

// The keyword calls of the checkup document (2.4, 2.6, 3 "Keyword row", "Keyword suggestion",
// 7.3): a domain's top keywords and their overview, keyword research, a domain's competitors and
// a keyword's top domains. Every number comes from the keyword and backlink data source
// (seo-data.ts: its errors, `from_cache`, `fetched_at`); none is ever invented.

export const KEYWORD_MESSAGES = {
  noKeywords: 'Your domain has no indexed keywords!',
  noSuggestions: 'No keywords found for your search!',
  noCompetitors: 'There are no indexed competitors for this domain!',
  required: 'This field is required!',
} as const;

/** How many of a domain's top keywords one answer holds (the table; the dashboard card shows 5). */
export const TOP_KEYWORDS_LIMIT = 100;
/** How many suggestions keyword research answers per tab. */
export const KEYWORD_SUGGESTIONS_LIMIT = 100;
/** How deep a keyword's results are read: positions above this show as "not in the top 100". */
export const SERP_DEPTH = 100;

const SourceFields = { from_cache: z.boolean(), fetched_at: z.string() };

/** A market as the top-keyword calls name it: `location` (a location name) and `language` (a code). */
const MarketFields = {
  location: z.string().trim().min(1).max(100).default(DEFAULT_MARKET.location_name),
  language: z.string().trim().min(1).max(20).default(DEFAULT_MARKET.language_code),
};
const knownMarket = <T extends { location: string; language: string }>(market: T) =>
  isKnownMarket(market.location, market.language);
const unknownMarket = { message: WEBSITE_MESSAGES.unknownMarket, path: ['language'] };

/** The top-keywords orders: traffic descending (the default), position ascending, and their reverses. */
export const TOP_KEYWORD_ORDERS = ['traffic', 'position'] as const;
export type TopKeywordOrder = (typeof TOP_KEYWORD_ORDERS)[number];

/** `GET /api/dfs/top-keywords?domain=&location=&language=&order_by=&order_dir=`. */
export const TopKeywordsQuerySchema = z
  .object({
    domain: DomainSchema,
    ...MarketFields,
    order_by: z.enum(TOP_KEYWORD_ORDERS).default('traffic'),
    order_dir: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine(knownMarket, unknownMarket);
export type TopKeywordsQuery = z.output<typeof TopKeywordsQuerySchema>;

/** `GET /api/dfs/top-keywords/overview?domain=&location=&language=`. */
export const TopKeywordsOverviewQuerySchema = z
  .object({ domain: DomainSchema, ...MarketFields })
  .refine(knownMarket, unknownMarket);
export type TopKeywordsOverviewQuery = z.output<typeof TopKeywordsOverviewQuerySchema>;

/** Twelve monthly search volumes, oldest first (the sparkline). */
const TrendsSchema = z.array(z.number());

/** A keyword a domain ranks for. */
export const KeywordRowSchema = z.object({
  phrase: z.string(),
  /** Position in the organic results (1 to 100). */
  pos: z.number().int(),
  /** The position before the provider's last update; null when the keyword is new. */
  prev_pos: z.number().int().nullable(),
  /** Estimated monthly visits from this keyword. */
  traffic: z.number(),
  /** Keyword difficulty, 0 to 100. */
  difficulty: z.number().nullable(),
  vol: z.number().int().nullable(),
  url: z.string(),
  cpc: z.number().nullable(),
  /** Paid competition, 0 to 1. */
  cmp: z.number().nullable(),
  /** How many results the search engine reports for the keyword. */
  r_no: z.number().int().nullable(),
  trends: TrendsSchema,
});
export type KeywordRow = z.infer<typeof KeywordRowSchema>;

export const TopKeywordsReplySchema = z.object({
  data: z.array(KeywordRowSchema),
  /** Every keyword the domain ranks for in the market (the answer holds the first 100). */
  total: z.number().int(),
  ...SourceFields,
});
export type TopKeywordsReply = z.infer<typeof TopKeywordsReplySchema>;

/**
 * The tiles: the average position of the domain's top 100 keywords by traffic (null without any),
 * and how many of all its keywords went up, down or stayed since the provider's last update.
 */
export const TopKeywordsOverviewReplySchema = z.object({
  avg_pos: z.number().nullable(),
  increased: z.number().int(),
  unchanged: z.number().int(),
  dropped: z.number().int(),
  ...SourceFields,
});
export type TopKeywordsOverviewReply = z.infer<typeof TopKeywordsOverviewReplySchema>;

/** Keyword research's two tabs: broad match (suggestions containing the phrase) and related keywords. */
export const RESEARCH_TYPES = ['broad_match', 'related'] as const;
export type ResearchType = (typeof RESEARCH_TYPES)[number];

/** `GET /api/dfs/keywords-research?research_type=&phrase=&location=&language=`. */
export const KeywordResearchQuerySchema = z
  .object({
    research_type: z.enum(RESEARCH_TYPES).default('broad_match'),
    phrase: z.string().trim().min(1, KEYWORD_MESSAGES.required).max(80).toLowerCase(),
    ...MarketFields,
  })
  .refine(knownMarket, unknownMarket);
export type KeywordResearchQuery = z.output<typeof KeywordResearchQuerySchema>;

export const KeywordSuggestionSchema = z.object({
  phrase: z.string(),
  vol: z.number().int().nullable(),
  cpc: z.number().nullable(),
  cmp: z.number().nullable(),
  r_no: z.number().int().nullable(),
  trends: TrendsSchema,
});
export type KeywordSuggestion = z.infer<typeof KeywordSuggestionSchema>;

export const KeywordResearchReplySchema = z.object({
  data: z.array(KeywordSuggestionSchema),
  ...SourceFields,
});
export type KeywordResearchReply = z.infer<typeof KeywordResearchReplySchema>;

/** `GET /api/dfs/competitors?domain=&location_name=&language_code=`. */
export const CompetitorsQuerySchema = z
  .object({
    domain: DomainSchema,
    location_name: z.string().trim().min(1).max(100).default(DEFAULT_MARKET.location_name),
    language_code: z.string().trim().min(1).max(20).default(DEFAULT_MARKET.language_code),
  })
  .refine((q) => isKnownMarket(q.location_name, q.language_code), {
    message: WEBSITE_MESSAGES.unknownMarket,
    path: ['language_code'],
  });
export type CompetitorsQuery = z.output<typeof CompetitorsQuerySchema>;

/** A domain competing for the same keywords: how many it shares, and its average position on them. */
export const CompetitorRowSchema = z.object({
  domain: z.string(),
  intersections: z.number().int(),
  avg_position: z.number(),
});
export type CompetitorRow = z.infer<typeof CompetitorRowSchema>;
export const CompetitorsReplySchema = z.object({
  competitors: z.array(CompetitorRowSchema),
  ...SourceFields,
});
export type CompetitorsReply = z.infer<typeof CompetitorsReplySchema>;

/** `GET /api/dfs/top-domains?phrase=&location=&language=`: a keyword's first results. */
export const TopDomainsQuerySchema = z
  .object({
    phrase: z.string().trim().min(1, KEYWORD_MESSAGES.required).max(80).toLowerCase(),
    ...MarketFields,
  })
  .refine(knownMarket, unknownMarket);
export type TopDomainsQuery = z.output<typeof TopDomainsQuerySchema>;

export const TopDomainRowSchema = z.object({
  position: z.number().int(),
  domain: z.string(),
  url: z.string(),
  title: z.string().nullable(),
});
export type TopDomainRow = z.infer<typeof TopDomainRowSchema>;
export const TopDomainsReplySchema = z.object({
  /** The organic results in order, up to SERP_DEPTH. */
  data: z.array(TopDomainRowSchema),
  r_no: z.number().int().nullable(),
  ...SourceFields,
});
export type TopDomainsReply = z.infer<typeof TopDomainsReplySchema>;
