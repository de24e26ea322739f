import type { RedirectHop } from '../artifacts';

/** One response as the engine's fetcher hands it over, after following redirects. */
export interface FetchedResponse {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body decoded to text with its charset. */
  body: string;
  /** The body bytes (Content-Encoding removed), for images and other binary files. */
  raw: Buffer;
  /** ALPN protocol of the final hop, e.g. `http/1.1`; null when unknown. */
  protocol: string | null;
  /** Decoded bytes read (at most the cap). */
  bytes: number;
  /** Bytes on the wire, when known. */
  transferBytes: number | null;
  /** The body stopped at the size cap. */
  truncated: boolean;
  redirects: RedirectHop[];
  timings: { dns?: number; connect?: number; tls?: number; firstByte?: number; busy?: number; total: number };
}

/**
 * What gatherers need from the network: every request of a checkup goes through one function of
 * this shape, which the guarded fetcher (SECURITY.md A) provides. It rejects when the target cannot
 * be reached or is refused.
 */
export type EngineFetch = (url: string, options?: EngineFetchOptions) => Promise<FetchedResponse>;

export interface EngineFetchOptions {
  /** Decoded body cap; the body is cut there (`truncated`) rather than refused. */
  maxBytes?: number;
  /** A lower cap chosen from the answer's headers: a page fetch reads only the start of a file. */
  maxBytesFor?: (headers: Record<string, string>) => number;
  method?: 'GET' | 'HEAD';
  /** false: answer with the first response, redirect or not (URL variants, 404 probe). */
  followRedirects?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}
