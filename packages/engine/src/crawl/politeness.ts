import type { EngineFetch } from '../gather/fetch-contract';

/** Defaults an operator may tune. */
export const politenessDefaults = {
  /** Requests in flight to one host at a time. */
  perHost: 5,
  /** Longest crawl-delay we honour; a larger one is capped, so a crawl still ends. */
  maxDelayMs: 30_000,
};

export interface PolitenessOptions {
  perHost?: number;
  /** At most this many requests a second to one host; absent: no cap. */
  urlsPerSecond?: number;
}

interface HostState {
  active: number;
  waiting: (() => void)[];
  /** Earliest time the next request may start (rate cap and crawl-delay). */
  nextStart: number;
  delayMs: number;
}

/**
 * Per-host politeness: at most `perHost` requests in flight to a host, spaced by the host's
 * crawl-delay (robots.txt) or the URLs/s cap, whichever is longer. Every request of a crawl,
 * page or sub-resource, goes through one gate.
 */
export function createPoliteness(options: PolitenessOptions = {}) {
  const perHost = options.perHost ?? politenessDefaults.perHost;
  const rateGapMs = options.urlsPerSecond ? 1000 / options.urlsPerSecond : 0;
  const hosts = new Map<string, HostState>();
  const state = (host: string) => {
    let entry = hosts.get(host);
    if (!entry) {
      entry = { active: 0, waiting: [], nextStart: 0, delayMs: 0 };
      hosts.set(host, entry);
    }
    return entry;
  };

  async function acquire(host: string, signal?: AbortSignal): Promise<void> {
    const entry = state(host);
    if (entry.active >= perHost) await new Promise<void>((resolve) => entry.waiting.push(resolve));
    entry.active++;
    const gap = Math.max(rateGapMs, entry.delayMs);
    if (gap > 0) {
      const now = Date.now();
      const start = Math.max(now, entry.nextStart);
      entry.nextStart = start + gap;
      if (start > now) await sleep(start - now, signal);
    }
  }

  function release(host: string): void {
    const entry = state(host);
    entry.active--;
    entry.waiting.shift()?.();
  }

  return {
    /** Applies robots.txt's crawl-delay (seconds) to a host. */
    setCrawlDelay(host: string, seconds: number | undefined): void {
      if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return;
      state(host).delayMs = Math.min(seconds * 1000, politenessDefaults.maxDelayMs);
    },
    /** The same fetch, held to the gate of the URL's host. */
    wrap(fetch: EngineFetch): EngineFetch {
      return async (url, fetchOptions) => {
        const host = new URL(url).host;
        await acquire(host, fetchOptions?.signal);
        try {
          return await fetch(url, fetchOptions);
        } finally {
          release(host);
        }
      };
    },
  };
}

export type Politeness = ReturnType<typeof createPoliteness>;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
