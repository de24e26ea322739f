import type { EngineFetch, FetchedResponse } from '../gather/fetch-contract';

/** Defaults an operator may tune: what one crawl keeps in memory, whatever the site's size. */
export const crawlCacheLimits = { responseBytes: 32 * 1024 * 1024 };

/** A least-recently-used map: the oldest entry goes when the cap is passed. */
export class Lru<V> {
  private readonly entries = new Map<string, V>();
  private weight = 0;
  constructor(
    private readonly cap: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) this.weight -= this.weigh(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    for (const [oldest, evicted] of this.entries) {
      if (this.weight <= this.cap || this.entries.size <= 1) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(evicted);
    }
  }
}

/**
 * Sub-resources (style sheets, scripts, images) most pages of a site share: fetched once per crawl
 * while they fit in the byte budget. Only whole answers are kept; a failed fetch is asked again.
 */
export function cachingFetch(fetch: EngineFetch, budget = crawlCacheLimits.responseBytes): EngineFetch {
  const kept = new Lru<{ response: FetchedResponse; bytes: number }>(budget, (entry) => entry.bytes);
  return async (url, options = {}) => {
    const key = `${options.method ?? 'GET'} ${options.followRedirects ?? true} ${options.maxBytes ?? ''}${options.maxBytesFor ? ' page' : ''} ${url}`;
    const hit = kept.get(key);
    if (hit) return hit.response;
    const response = await fetch(url, options);
    // Text is held twice (bytes and decoded string); one answer may take an eighth of the budget.
    const bytes = response.raw.length + response.body.length * 2 + 512;
    if (bytes <= budget / 8) kept.set(key, { response, bytes });
    return response;
  };
}
