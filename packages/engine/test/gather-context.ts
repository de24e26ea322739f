import type { ArtifactName, Artifacts } from '../src/artifacts';
import type { GatherOptions } from '../src/gather/context';
import { engineFetch } from '../src/gather/engine-fetch';
import type { EngineFetch } from '../src/gather/fetch-contract';
import { createGatherContext } from '../src/gather/registry';
import { createGuardedFetcher, type GuardedFetcherOptions } from '../src/net/guarded-fetch';

/** Gathers one artifact of a URL over the real guarded fetcher, as a checkup would. */
export function gatherFrom<N extends ArtifactName>(
  url: string,
  name: N,
  fetcherOptions: GuardedFetcherOptions,
  options: Partial<GatherOptions> = {},
  /** Replaces some answers, e.g. a robots.txt that declares a hostile sitemap. */
  override: (url: string) => string | null = () => null,
): Promise<Artifacts[N]> {
  const fetcher = createGuardedFetcher(fetcherOptions);
  const network = engineFetch(fetcher);
  const fetch: EngineFetch = async (target, init) => {
    const body = override(target);
    if (body === null) return network(target, init);
    return {
      requestedUrl: target,
      finalUrl: target,
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body,
      raw: Buffer.from(body),
      protocol: 'http/1.1',
      bytes: Buffer.byteLength(body),
      transferBytes: null,
      truncated: false,
      redirects: [],
      timings: { total: 1 },
    };
  };
  const context = createGatherContext({
    url,
    fetch,
    fetcher,
    signal: new AbortController().signal,
    options: { browser: true, ...options },
  });
  return context.get(name);
}
