import type { PageArtifact } from '../artifacts';
import type { EngineFetch } from './fetch-contract';

/** The HTML page, at most 10 MiB (SECURITY.md A4). */
export const PAGE_MAX_BYTES = 10 * 1024 * 1024;

export async function gatherPage(fetch: EngineFetch, url: string): Promise<PageArtifact> {
  const response = await fetch(url, { maxBytes: PAGE_MAX_BYTES });
  return {
    requestedUrl: response.requestedUrl,
    finalUrl: response.finalUrl,
    status: response.status,
    headers: response.headers,
    html: response.body,
    bytes: response.bytes,
    transferBytes: response.transferBytes,
    redirects: response.redirects,
    timings: response.timings,
  };
}
