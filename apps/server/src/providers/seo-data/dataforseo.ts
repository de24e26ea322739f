import { setTimeout as sleep } from 'node:timers/promises';
import type { AnchorRow, BacklinkRow, ReferringDomainRow } from '@sitelens/contracts';
import {
  type BacklinksHistoryPoint,
  type BacklinksSummary,
  type ListPage,
  type Priced,
  SeoDataError,
  type SeoDataOperation,
  type SeoDataProvider,
} from './seo-data-provider';
import type { TokenBucket } from './token-bucket';

// DataForSEO v3 (https://docs.dataforseo.com/v3/): Basic auth with the API login and password,
// POST of a one-task array to a live endpoint, an envelope whose `status_code` (and each task's)
// says how it went: HTTP 200 for nearly everything, 401, 402, 404 and 500 otherwise (appendix
// "Errors"). Every answer carries its `cost` in USD.

export interface DataForSeoOptions {
  login: string;
  password: string;
  /** https://api.dataforseo.com, or a DataForSEO-shaped server. */
  baseUrl: string;
  bucket: TokenBucket;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Tries per call for a passing failure (rate limit, provider outage), with doubling backoff. */
  attempts?: number;
  backoffMs?: number;
}

// Backlinks API prices: a request plus a share per row returned. The estimate reserves the worst
// case against the organization's cap; what is recorded is the answer's own `cost`.
const PER_REQUEST_USD = 0.02;
const PER_ROW_USD = 0.00003;

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
const counts = (value: unknown): Record<string, number> =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value as Item).map(([key, count]) => [key, num(count)]))
    : {};

function listOf<T>(result: Item | null, map: (item: Item) => T): ListPage<T> {
  const items = Array.isArray(result?.items) ? (result.items as Item[]) : [];
  return { total: num(result?.total_count), items: items.map(map) };
}

export function createDataForSeo(options: DataForSeoOptions): SeoDataProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function once(path: string, task: Item, signal?: AbortSignal): Promise<Priced<Item | null>> {
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
      value: (first.result?.[0] as Item | undefined) ?? null,
      costUsd: num(envelope.cost ?? first.cost),
    };
  }

  /** One call, paced by the bucket, a passing failure tried again after 1 s, 2 s, … */
  async function post(path: string, task: Item, signal?: AbortSignal): Promise<Priced<Item | null>> {
    for (let attempt = 1; ; attempt++) {
      await options.bucket.take(signal);
      try {
        return await once(path, task, signal);
      } catch (error) {
        if (!(error instanceof SeoDataError) || !error.retryable || attempt >= attempts) throw error;
        await sleep(backoffMs * 2 ** (attempt - 1), undefined, { signal });
      }
    }
  }

  const priced = async <T>(call: Promise<Priced<Item | null>>, map: (result: Item | null) => T) => {
    const { value, costUsd } = await call;
    return { value: map(value), costUsd };
  };

  return {
    name: 'DataForSEO',

    estimateUsd(_operation: SeoDataOperation, limit = 1) {
      return PER_REQUEST_USD + PER_ROW_USD * limit;
    },

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
  };
}
