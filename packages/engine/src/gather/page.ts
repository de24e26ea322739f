import type { PageArtifact } from '../artifacts';
import type { EngineFetch } from './fetch-contract';
import { fileFactsOf, pageBytesFor } from './file-type';

/** The HTML page, at most 10 MiB (SECURITY.md A4). */
export const PAGE_MAX_BYTES = 10 * 1024 * 1024;

/** A page fetch: an answer that is not HTML is read only as far as telling what it is. */
export const PAGE_FETCH = { maxBytes: PAGE_MAX_BYTES, maxBytesFor: pageBytesFor(PAGE_MAX_BYTES) };

export async function gatherPage(fetch: EngineFetch, url: string): Promise<PageArtifact> {
  const response = await fetch(url, PAGE_FETCH);
  const file = fileFactsOf(response);
  return {
    requestedUrl: response.requestedUrl,
    finalUrl: response.finalUrl,
    status: response.status,
    headers: response.headers,
    // A file's bytes are no text to judge, and may hold NULs no database column takes.
    html: file ? '' : response.body,
    file,
    bytes: response.bytes,
    transferBytes: response.transferBytes,
    redirects: response.redirects,
    timings: response.timings,
  };
}
