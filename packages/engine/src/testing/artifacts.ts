import type { PageArtifact, TextFileArtifact } from '../artifacts';

/** A well-known file as a gatherer would hand it over, for check tests. */
export function textFile(
  url: string,
  body: string,
  overrides: Partial<TextFileArtifact> = {},
): TextFileArtifact {
  return {
    url,
    finalUrl: url,
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body,
    bytes: Buffer.byteLength(body),
    truncated: false,
    redirects: [],
    ...overrides,
  };
}

/** A fetched page with sensible defaults, for check tests. */
export function pageArtifact(
  url: string,
  html = '<html></html>',
  overrides: Partial<PageArtifact> = {},
): PageArtifact {
  return {
    requestedUrl: url,
    finalUrl: url,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    html,
    bytes: Buffer.byteLength(html),
    transferBytes: null,
    redirects: [],
    timings: { total: 100 },
    ...overrides,
  };
}
