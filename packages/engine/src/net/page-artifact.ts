import type { PageArtifact } from '../artifacts';
import { decodeText } from './charset';
import type { FetchResult } from './guarded-fetch';

/** The engine's page artifact from a guarded fetch: the final response, decoded, and the hops before it. */
export function toPageArtifact(result: FetchResult): PageArtifact {
  return {
    requestedUrl: result.requestedUrl,
    finalUrl: result.finalUrl,
    status: result.status,
    headers: result.headers,
    html: decodeText(result.body, result.headers['content-type']),
    bytes: result.bytes,
    transferBytes: result.transferBytes,
    redirects: result.hops
      .slice(0, -1)
      .map((hop) => ({ url: hop.url, status: hop.status, location: hop.location })),
    timings: { ...result.timings },
  };
}
