import type { ArtifactName, Artifacts, LinkChecksArtifact } from '../artifacts';
import type { GuardedFetcher } from '../net/guarded-fetch';
import type { BrowserPool } from './browser-pool';
import type { EngineFetch } from './fetch-contract';

/** Options of a checkup that gatherers read. */
export interface GatherOptions {
  /** Run Chromium (desktop and mobile) for the browser checks. */
  browser: boolean;
  /** Chromium's executable; default `CHROMIUM_PATH` or `/usr/bin/chromium`. */
  chromiumPath?: string;
  /** A kept-warm Chromium to render in (a fresh context per checkup); default a launch per run. */
  browserPool?: BrowserPool;
  /** Hard limit for the whole Chromium run, in milliseconds (default 60 s). */
  browserBudgetMs?: number;
  /** The project's IndexNow key, when it has one. */
  indexNowKey?: string | null;
  /** DNS TXT lookups (tests pass their own). */
  resolveTxt?: (name: string) => Promise<string[][]>;
  /** Providers; an absent one makes its artifact unavailable with the reason. */
  providers?: Partial<{
    [N in 'fieldData' | 'seoData' | 'safeBrowsing']: (url: string) => Promise<Artifacts[N]>;
  }>;
  /**
   * Artifacts of the origin (robots.txt, TLS, DNS, the probes) shared by every URL of a crawl:
   * gathered once per origin instead of once per page. Absent: each run gathers its own.
   */
  originCache?: Map<string, Promise<unknown>>;
  /**
   * A crawl fetches every internal page itself and judges every link after its pages
   * (`crawl/site-checks.ts`), links to other sites verified apart, each once: a page does not wait.
   */
  crawlJudgesLinks?: boolean;
}

/** What a link answered, whichever page links to it. */
export type LinkAnswer = Omit<LinkChecksArtifact['links'][number], 'anchor' | 'internal'>;

/** What a gatherer sees: the network, the run's options, and every other artifact on demand. */
export interface GatherContext {
  /** The URL the checkup was asked for. */
  url: string;
  fetch: EngineFetch;
  /** The guarded fetcher itself, for gatherers that open their own connections under its policy. */
  fetcher: GuardedFetcher | null;
  options: GatherOptions;
  signal: AbortSignal;
  /** Another artifact, gathered at most once per run. */
  get<N extends ArtifactName>(name: N): Promise<Artifacts[N]>;
  /** Raw bytes of fetched sub-resources by URL, shared between the resource and image gatherers. */
  bodies: Map<string, Buffer>;
}

export type Gatherer<N extends ArtifactName> = (context: GatherContext) => Promise<Artifacts[N]>;

/** An artifact that cannot be gathered on this run, with the reason the report shows. */
export class ArtifactUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ArtifactUnavailable';
  }
}

/** Runs `work` over `items` with at most `limit` in flight, keeping order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
