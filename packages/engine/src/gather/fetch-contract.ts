import type { RedirectHop } from '../artifacts';

/** One response as the engine's fetcher hands it over, after following redirects. */
export interface FetchedResponse {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** Decoded bytes read (at most the cap). */
  bytes: number;
  /** Bytes on the wire, when known. */
  transferBytes: number | null;
  /** The body stopped at the size cap. */
  truncated: boolean;
  redirects: RedirectHop[];
  timings: { dns?: number; connect?: number; tls?: number; firstByte?: number; total: number };
}

/**
 * What gatherers need from the network: every request of a checkup goes through one function of
 * this shape, which the guarded fetcher (SECURITY.md A) provides. It rejects when the target cannot
 * be reached or is refused.
 */
export type EngineFetch = (url: string, options?: { maxBytes?: number }) => Promise<FetchedResponse>;
