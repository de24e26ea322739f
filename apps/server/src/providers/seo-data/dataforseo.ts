import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AnchorRow,
  BacklinkRow,
  CompetitorRow,
  KeywordRow,
  KeywordSuggestion,
  Market,
  ReferringDomainRow,
  TopDomainRow,
} from '@sitelens/contracts';
import type { RateLimiter } from './rate-limiter';
import {
  type BacklinksHistoryPoint,
  type BacklinksSummary,
  type ListPage,
  type Priced,
  type RankedKeywords,
  SeoDataError,
  type SeoDataOperation,
  type SeoDataProvider,
} from './seo-data-provider';

// DataForSEO v3 (https://docs.dataforseo.com/v3/): Basic auth with the API login and password,
// POST of a one-task array to a live endpoint, an envelope whose `status_code` (and each task's)
// says how it went: HTTP 200 for nearly everything, 401, 402, 404 and 500 otherwise (appendix
// "Errors"). Every answer carries its `cost` in USD.

export interface DataForSeoOptions {
  login: string;
  password: string;
  /** https://api.dataforseo.com, or a DataForSEO-shaped server. */
  baseUrl: string;
  /** The process's share of the account's rate limit, shared by every adapter of the process. */
  limiter: RateLimiter;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Tries per call for a passing failure (rate limit, provider outage), with doubling backoff. */
  attempts?: number;
  backoffMs?: number;
}

// Prices in USD (DataForSEO's price list): a request plus a share per row returned; the SERP by
// page of 10 results. The estimate reserves the worst case against the organization's cap; what
// is recorded is the answer's own `cost`.
const PRICES = {
  backlinks: { request: 0.02, row: 0.00003 },
  labs: { request: 0.01, row: 0.0001 },
  serp: { firstPage: 0.002, nextPage: 0.0015 },
  /** Google Ads search volume: a task of up to 1,000 keywords. */
  searchVolume: 0.075,
};
const LABS_OPERATIONS: ReadonlySet<SeoDataOperation> = new Set([
  'rankedKeywords',
  'keywordSuggestions',
  'relatedKeywords',
  'competitors',
]);

/** An operation's worst-case price for `rows` rows (the SERP: `rows` results deep). */
export function estimateUsd(operation: SeoDataOperation, rows = 1): number {
  if (operation === 'searchVolume') return PRICES.searchVolume * Math.ceil(rows / 1000);
  if (operation === 'serp')
    return PRICES.serp.firstPage + PRICES.serp.nextPage * Math.max(0, Math.ceil(rows / 10) - 1);
  const price = LABS_OPERATIONS.has(operation) ? PRICES.labs : PRICES.backlinks;
  return price.request + price.row * rows;
}

interface Envelope {
  status_code?: number;
  status_message?: string;
  cost?: number;
  tasks?:
    | { status_code?: number; status_message?: string; cost?: number; result?: unknown[] | null }[]
    | null;
}

/** DataForSEO's time format, 'YYYY-MM-DD HH:MM:SS +00:00', as ISO 8601. */
export function isoTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = value.trim().replace(' ', 'T').replace(' ', '');
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** What an internal status code means for the caller (appendix "Errors"). */
function errorOf(code: number, message: string): SeoDataError {
  const text = `DataForSEO ${code}: ${message}`;
  if (code === 40100 || code === 40104) return new SeoDataError('unauthorized', text, code);
  if (code === 40200 || code === 40210) return new SeoDataError('payment', text, code);
  if (code === 40202 || code === 40209) return new SeoDataError('rate_limited', text, code);
  if (code >= 50000) return new SeoDataError('unavailable', text, code);
  return new SeoDataError('invalid', text, code);
}

function errorOfStatus(status: number, envelope: Envelope | null): SeoDataError {
  if (envelope?.status_code && envelope.status_code !== 20000) {
    return errorOf(envelope.status_code, envelope.status_message ?? `HTTP ${status}`);
  }
  if (status === 401)
    return new SeoDataError('unauthorized', 'DataForSEO refused the login and password', 40100);
  if (status === 402) return new SeoDataError('payment', 'DataForSEO: payment required', 40200);
  if (status === 429) return new SeoDataError('rate_limited', 'DataForSEO: too many requests', 40202);
  if (status >= 500) return new SeoDataError('unavailable', `DataForSEO answered HTTP ${status}`);
  return new SeoDataError('invalid', `DataForSEO answered HTTP ${status}`);
}

type Item = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const numOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const intOrNull = (value: unknown) => {
  const n = numOrNull(value);
  return n === null ? null : Math.round(n);
};
const obj = (value: unknown): Item => (value && typeof value === 'object' ? (value as Item) : {});
const itemsOf = (result: Item | null) => (Array.isArray(result?.items) ? (result.items as Item[]) : []);
const counts = (value: unknown): Record<string, number> =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value as Item).map(([key, count]) => [key, num(count)]))
    : {};

function listOf<T>(result: Item | null, map: (item: Item) => T): ListPage<T> {
  return { total: num(result?.total_count), items: itemsOf(result).map(map) };
}

/** Labs' monthly searches come newest first; a sparkline reads oldest first, months without a figure left out. */
function trendsOf(keywordInfo: Item): number[] {
  const months = Array.isArray(keywordInfo.monthly_searches) ? (keywordInfo.monthly_searches as Item[]) : [];
  return months
    .map((month) => ({ at: num(month.year) * 12 + num(month.month), volume: numOrNull(month.search_volume) }))
    .filter((month): month is { at: number; volume: number } => month.volume !== null)
    .sort((a, b) => a.at - b.at)
    .map((month) => month.volume);
}

/** A Labs `keyword_data` (or a suggestion item, which has the same fields at its top) as a suggestion. */
function suggestionOf(data: Item): KeywordSuggestion {
  const info = obj(data.keyword_info);
  return {
    phrase: str(data.keyword) ?? '',
    vol: intOrNull(info.search_volume),
    cpc: numOrNull(info.cpc),
    cmp: numOrNull(info.competition),
    r_no: intOrNull(obj(data.serp_info).se_results_count),
    trends: trendsOf(info),
  };
}

function keywordRowOf(item: Item): KeywordRow {
  const data = obj(item.keyword_data);
  const serpItem = obj(obj(item.ranked_serp_element).serp_item);
  const { phrase, vol, cpc, cmp, r_no, trends } = suggestionOf(data);
  return {
    phrase,
    pos: Math.round(num(serpItem.rank_group)),
    prev_pos: intOrNull(obj(serpItem.rank_changes).previous_rank_absolute),
    traffic: num(serpItem.etv),
    difficulty: numOrNull(obj(data.keyword_properties).keyword_difficulty),
    vol,
    url: str(serpItem.url) ?? '',
    cpc,
    cmp,
    r_no,
    trends,
  };
}

const marketFields = (market: Market) => ({
  location_name: market.location_name,
  language_code: market.language_code,
});

export function createDataForSeo(options: DataForSeoOptions): SeoDataProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function once(path: string, task: Item, signal?: AbortSignal): Promise<Priced<Item[]>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await doFetch(`${base}/v3/${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify([task]),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new SeoDataError('unavailable', `DataForSEO did not answer: ${(error as Error).message}`);
    }
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    if (response.status !== 200 || !envelope) throw errorOfStatus(response.status, envelope);
    if (envelope.status_code !== 20000) {
      throw errorOf(envelope.status_code ?? 0, envelope.status_message ?? 'no status');
    }
    const first = envelope.tasks?.[0];
    if (!first) throw new SeoDataError('unavailable', 'DataForSEO answered without a task');
    if (first.status_code !== 20000)
      throw errorOf(first.status_code ?? 0, first.status_message ?? 'no status');
    return {
      value: Array.isArray(first.result) ? (first.result as Item[]) : [],
      costUsd: num(envelope.cost ?? first.cost),
    };
  }

  /** One call within the rate limit, a passing failure tried again after 1 s, 2 s, … */
  async function post(path: string, task: Item, signal?: AbortSignal): Promise<Priced<Item[]>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await options.limiter.run(() => once(path, task, signal), signal);
      } catch (error) {
        if (!(error instanceof SeoDataError) || !error.retryable || attempt >= attempts) throw error;
        await sleep(backoffMs * 2 ** (attempt - 1), undefined, { signal });
      }
    }
  }

  /** Most endpoints answer one result per task (its first); Google Ads answers one per keyword. */
  const priced = async <T>(call: Promise<Priced<Item[]>>, map: (result: Item | null) => T) => {
    const { value, costUsd } = await call;
    return { value: map(value[0] ?? null), costUsd };
  };

  return {
    name: 'DataForSEO',

    estimateUsd,

    backlinksSummary: (target, signal) =>
      priced(
        post(
          'backlinks/summary/live',
          { target, include_subdomains: true, backlinks_status_type: 'live' },
          signal,
        ),
        (result): BacklinksSummary => ({
          rank: num(result?.rank),
          backlinks: num(result?.backlinks),
          nofollowBacklinks: num(counts(result?.referring_links_attributes).nofollow),
          referringDomains: num(result?.referring_domains),
          tlds: counts(result?.referring_links_tld),
          countries: counts(result?.referring_links_countries),
        }),
      ),

    backlinksHistory: (target, range, signal) =>
      priced(
        post(
          'backlinks/timeseries_summary/live',
          { target, date_from: range.from, date_to: range.to, group_range: 'week' },
          signal,
        ),
        (result): BacklinksHistoryPoint[] =>
          (Array.isArray(result?.items) ? (result.items as Item[]) : [])
            .map((item) => ({
              date: isoTime(str(item.date)) ?? '',
              rank: num(item.rank),
              backlinks: num(item.backlinks),
              nofollowBacklinks: num(item.backlinks_nofollow),
              referringDomains: num(item.referring_domains),
            }))
            .filter((point) => point.date !== '')
            .sort((a, b) => a.date.localeCompare(b.date)),
      ),

    backlinks: (target, request, signal) =>
      priced(
        post(
          'backlinks/backlinks/live',
          {
            target,
            mode: 'as_is',
            backlinks_status_type: 'live',
            limit: request.limit,
            offset: request.offset,
            order_by: [
              `${request.orderBy === 'page_rank' ? 'page_from_rank' : 'first_seen'},${request.direction}`,
            ],
          },
          signal,
        ),
        (result) =>
          listOf(
            result,
            (item): BacklinkRow => ({
              url_from: str(item.url_from) ?? '',
              page_from_title: str(item.page_from_title),
              page_from_rank: num(item.page_from_rank),
              url_to: str(item.url_to) ?? '',
              dofollow: item.dofollow === true,
              page_from_external_links: num(item.page_from_external_links),
              page_from_internal_links: num(item.page_from_internal_links),
              anchor: str(item.anchor),
              country: str(item.domain_from_country),
              first_seen: isoTime(str(item.first_seen)) ?? '',
              last_seen: isoTime(str(item.last_seen)),
            }),
          ),
      ),

    referringDomains: (target, request, signal) =>
      priced(
        post(
          'backlinks/referring_domains/live',
          { target, limit: request.limit, offset: request.offset, order_by: ['backlinks,desc'] },
          signal,
        ),
        (result) =>
          listOf(
            result,
            (item): ReferringDomainRow => ({
              domain: str(item.domain) ?? '',
              backlinks: num(item.backlinks),
              rank: num(item.rank),
              first_seen: isoTime(str(item.first_seen)) ?? '',
            }),
          ),
      ),

    anchors: (target, request, signal) =>
      priced(
        post(
          'backlinks/anchors/live',
          { target, limit: request.limit, offset: request.offset, order_by: ['backlinks,desc'] },
          signal,
        ),
        (result) =>
          listOf(
            result,
            (item): AnchorRow => ({
              anchor: str(item.anchor) ?? '',
              referring_domains: num(item.referring_domains),
              backlinks: num(item.backlinks),
              first_seen: isoTime(str(item.first_seen)) ?? '',
            }),
          ),
      ),

    rankedKeywords: (target, market, request, signal) =>
      priced(
        post(
          'dataforseo_labs/google/ranked_keywords/live',
          {
            target,
            ...marketFields(market),
            limit: request.limit,
            offset: request.offset,
            order_by: [
              request.orderBy === 'traffic'
                ? `ranked_serp_element.serp_item.etv,${request.direction}`
                : `ranked_serp_element.serp_item.rank_group,${request.direction}`,
            ],
          },
          signal,
        ),
        (result): RankedKeywords => {
          const organic = obj(obj(result?.metrics).organic);
          return {
            ...listOf(result, keywordRowOf),
            movement: {
              up: num(organic.is_up),
              down: num(organic.is_down),
              new: num(organic.is_new),
              count: num(organic.count),
            },
          };
        },
      ),

    keywordSuggestions: (phrase, market, limit, signal) =>
      priced(
        post(
          'dataforseo_labs/google/keyword_suggestions/live',
          { keyword: phrase, ...marketFields(market), limit, include_serp_info: true },
          signal,
        ),
        (result) => itemsOf(result).map(suggestionOf),
      ),

    relatedKeywords: (phrase, market, limit, signal) =>
      priced(
        post(
          'dataforseo_labs/google/related_keywords/live',
          { keyword: phrase, ...marketFields(market), depth: 1, limit, include_serp_info: true },
          signal,
        ),
        (result) =>
          itemsOf(result)
            .map((item) => suggestionOf(obj(item.keyword_data)))
            .filter((suggestion) => suggestion.phrase !== '' && suggestion.phrase !== phrase),
      ),

    competitors: (target, market, limit, signal) =>
      priced(
        post(
          'dataforseo_labs/google/competitors_domain/live',
          { target, ...marketFields(market), limit: limit + 1, exclude_top_domains: true },
          signal,
        ),
        (result) =>
          itemsOf(result)
            .map(
              (item): CompetitorRow => ({
                domain: str(item.domain) ?? '',
                intersections: Math.round(num(item.intersections)),
                avg_position: num(item.avg_position),
              }),
            )
            .filter((row) => row.domain !== '' && row.domain !== target && row.domain !== `www.${target}`)
            .slice(0, limit),
      ),

    serp: (keyword, market, depth, signal) =>
      priced(
        post('serp/google/organic/live/regular', { keyword, ...marketFields(market), depth }, signal),
        (result) => ({
          resultsCount: intOrNull(result?.se_results_count),
          items: itemsOf(result)
            .filter((item) => item.type === 'organic')
            .map(
              (item): TopDomainRow => ({
                position: Math.round(num(item.rank_group)),
                domain: str(item.domain) ?? '',
                url: str(item.url) ?? '',
                title: str(item.title),
              }),
            ),
        }),
      ),

    searchVolume: async (keywords, market, signal) => {
      const { value, costUsd } = await post(
        'keywords_data/google_ads/search_volume/live',
        { keywords, ...marketFields(market) },
        signal,
      );
      return {
        value: value.map((item) => ({
          keyword: str(item.keyword) ?? '',
          vol: intOrNull(item.search_volume),
          cpc: numOrNull(item.cpc),
        })),
        costUsd,
      };
    },
  };
}
