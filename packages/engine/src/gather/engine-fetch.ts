import { decodeText } from '../net/charset';
import type { GuardedFetcher } from '../net/guarded-fetch';
import type { EngineFetch } from './fetch-contract';

/** The gatherers' fetch over the guarded fetcher: bodies are cut at their cap, not refused. */
export function engineFetch(fetcher: GuardedFetcher): EngineFetch {
  return async (url, options = {}) => {
    const result = await fetcher.fetchPage(url, {
      method: options.method ?? 'GET',
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
      ...(options.maxBytesFor ? { maxBytesFor: options.maxBytesFor } : {}),
      followRedirects: options.followRedirects ?? true,
      truncate: true,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return {
      requestedUrl: result.requestedUrl,
      finalUrl: result.finalUrl,
      status: result.status,
      headers: result.headers,
      body: decodeText(result.body, result.headers['content-type']),
      raw: result.body,
      protocol: result.protocol,
      bytes: result.bytes,
      transferBytes: result.transferBytes,
      truncated: result.truncated,
      redirects: result.hops
        .slice(0, -1)
        .map((hop) => ({ url: hop.url, status: hop.status, location: hop.location })),
      timings: { ...result.timings },
    };
  };
}
