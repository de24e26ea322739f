import type { CheerioAPI } from 'cheerio/slim';

/** One response on the way from the requested URL to the page. */
export interface RedirectHop {
  url: string;
  status: number;
  location: string | null;
}

/** The page as fetched: what the server answered, byte for byte, and how long it took. */
export interface PageArtifact {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Response headers of the final hop, names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The decoded body as text. */
  html: string;
  /** Decoded body size in bytes. */
  bytes: number;
  /** Bytes on the wire (compressed) when known. */
  transferBytes: number | null;
  /** Every hop before the final response, in order. */
  redirects: RedirectHop[];
  /** Milliseconds; a phase that could not be measured (a reused connection has no DNS) is absent. */
  timings: { dns?: number; connect?: number; tls?: number; firstByte?: number; total: number };
}

/** The page's HTML parsed once, shared by every check that reads markup. */
export interface DocumentArtifact {
  /** The URL relative links resolve against: the final URL, or a valid `<base href>`. */
  baseUrl: string;
  /** The final URL of the page. */
  url: string;
  $: CheerioAPI;
}

/**
 * A well-known text file of the origin (robots.txt, llms.txt, ads.txt), fetched once per origin.
 * `status` is null when the server could not be reached or timed out.
 */
export interface TextFileArtifact {
  url: string;
  finalUrl: string;
  status: number | null;
  contentType: string | null;
  /** Decoded text, cut at the gatherer's size cap (`truncated`). */
  body: string;
  bytes: number;
  truncated: boolean;
  /** The hops before the answer: a robots.txt behind a redirect is still read, with a warning. */
  redirects: RedirectHop[];
}

/**
 * Everything gatherers can produce. A check names the artifacts it needs in `requires` and sees
 * only those; a missing artifact makes the check `skipped`, never `failed`.
 */
export interface Artifacts {
  page: PageArtifact;
  document: DocumentArtifact;
  robotsTxt: TextFileArtifact;
  llmsTxt: TextFileArtifact;
  adsTxt: TextFileArtifact;
}

export type ArtifactName = keyof Artifacts;
