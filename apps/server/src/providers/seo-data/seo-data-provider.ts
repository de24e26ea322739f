import type {
  AnchorRow,
  BacklinkOrder,
  BacklinkRow,
  CompetitorRow,
  KeywordRow,
  KeywordSuggestion,
  Market,
  ReferringDomainRow,
  TopDomainRow,
  TopKeywordOrder,
} from '@sitelens/contracts';

// What the product asks a keyword and backlink data source, in the product's own shapes. The
// DataForSEO adapter is the first implementation; a second source (Google Search Console for a
// site's own keywords) would implement the same calls it can answer.

/** An answer and what the provider charged for it, in USD. */
export interface Priced<T> {
  value: T;
  costUsd: number;
}

/** A page of a list and how many rows the whole list has. */
export interface ListPage<T> {
  total: number;
  items: T[];
}

export interface BacklinksSummary {
  /** 0 to 1000. */
  rank: number;
  backlinks: number;
  nofollowBacklinks: number;
  referringDomains: number;
  /** Backlinks per top-level domain of the linking pages. */
  tlds: Record<string, number>;
  /** Backlinks per ISO country code of the linking domains ('' when unknown). */
  countries: Record<string, number>;
}

/** One point of the backlink history: the profile as it stood in the period starting `date`. */
export interface BacklinksHistoryPoint {
  /** ISO time of the period's start. */
  date: string;
  rank: number;
  backlinks: number;
  nofollowBacklinks: number;
  referringDomains: number;
}

/** A domain's ranked keywords: a page of them, and how all of them moved since the provider's last update. */
export interface RankedKeywords extends ListPage<KeywordRow> {
  movement: { up: number; down: number; new: number; count: number };
}

/** A keyword's organic results, and how many results the search engine reports. */
export interface Serp {
  resultsCount: number | null;
  items: TopDomainRow[];
}

export interface PageRequest {
  offset: number;
  limit: number;
}

export interface SeoDataProvider {
  /** The provider's name, as `GET /api/dfs/usage` shows it. */
  readonly name: string;
  /** Every call's worst-case price in USD, reserved against the organization's cap before it is made. */
  estimateUsd(operation: SeoDataOperation, limit?: number): number;
  backlinksSummary(target: string, signal?: AbortSignal): Promise<Priced<BacklinksSummary>>;
  /** Weekly points between two dates (yyyy-mm-dd), oldest first. */
  backlinksHistory(
    target: string,
    range: { from: string; to: string },
    signal?: AbortSignal,
  ): Promise<Priced<BacklinksHistoryPoint[]>>;
  backlinks(
    target: string,
    request: PageRequest & { orderBy: BacklinkOrder; direction: 'asc' | 'desc' },
    signal?: AbortSignal,
  ): Promise<Priced<ListPage<BacklinkRow>>>;
  referringDomains(
    target: string,
    request: PageRequest,
    signal?: AbortSignal,
  ): Promise<Priced<ListPage<ReferringDomainRow>>>;
  anchors(target: string, request: PageRequest, signal?: AbortSignal): Promise<Priced<ListPage<AnchorRow>>>;
  rankedKeywords(
    target: string,
    market: Market,
    request: PageRequest & { orderBy: TopKeywordOrder; direction: 'asc' | 'desc' },
    signal?: AbortSignal,
  ): Promise<Priced<RankedKeywords>>;
  /** Suggestions containing the phrase (broad match), most searched first. */
  keywordSuggestions(
    phrase: string,
    market: Market,
    limit: number,
    signal?: AbortSignal,
  ): Promise<Priced<KeywordSuggestion[]>>;
  /** Keywords searched together with the phrase ("related searches"), without the phrase itself. */
  relatedKeywords(
    phrase: string,
    market: Market,
    limit: number,
    signal?: AbortSignal,
  ): Promise<Priced<KeywordSuggestion[]>>;
  /** Domains ranking for the same keywords, most shared keywords first, without the domain itself. */
  competitors(
    target: string,
    market: Market,
    limit: number,
    signal?: AbortSignal,
  ): Promise<Priced<CompetitorRow[]>>;
  /** Search volume and cost per click of up to 1,000 keywords, in the order given. */
  searchVolume(
    keywords: string[],
    market: Market,
    signal?: AbortSignal,
  ): Promise<Priced<{ keyword: string; vol: number | null; cpc: number | null }[]>>;
  /** The keyword's organic results down to `depth`. */
  serp(keyword: string, market: Market, depth: number, signal?: AbortSignal): Promise<Priced<Serp>>;
}

export type SeoDataOperation =
  | 'backlinksSummary'
  | 'backlinksHistory'
  | 'backlinks'
  | 'referringDomains'
  | 'anchors'
  | 'rankedKeywords'
  | 'keywordSuggestions'
  | 'relatedKeywords'
  | 'competitors'
  | 'serp'
  | 'searchVolume';

/**
 * A provider call that did not give an answer. `kind` says whose problem it is: the operator's
 * (credentials, the provider account's funds), a passing one (rate limit, a provider outage: worth
 * retrying), or a request the provider refused.
 */
export class SeoDataError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'payment' | 'rate_limited' | 'unavailable' | 'invalid',
    message: string,
    /** The provider's own status code, for the log. */
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = 'SeoDataError';
  }

  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}
