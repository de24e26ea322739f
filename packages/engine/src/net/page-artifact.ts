import type { PageArtifact } from '../artifacts';
import { fileFactsOf } from '../gather/file-type';
import { decodeText } from './charset';
import type { FetchResult } from './guarded-fetch';

/** The engine's page artifact from a guarded fetch: the final response, decoded, and the hops before it. */
export function toPageArtifact(result: FetchResult): PageArtifact {
  const file = fileFactsOf({
    headers: result.headers,
    raw: result.body,
    bytes: result.bytes,
    truncated: result.truncated,
  });
  return {
    requestedUrl: result.requestedUrl,
    finalUrl: result.finalUrl,
    status: result.status,
    headers: result.headers,
    html: file ? '' : decodeText(result.body, result.headers['content-type']),
    file,
    bytes: result.bytes,
    transferBytes: result.transferBytes,
    redirects: result.hops
      .slice(0, -1)
      .map((hop) => ({ url: hop.url, status: hop.status, location: hop.location })),
    timings: { ...result.timings },
  };
}
