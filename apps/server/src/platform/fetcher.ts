import { createGuardedFetcher, type GuardedFetcher, type GuardedFetcherOptions } from '@sitelens/engine';
import type { Config } from '../config';

/**
 * The one place the server builds a guarded fetcher from its configuration: the test-only
 * `FETCH_ALLOW_PRIVATE` and `FETCH_CONNECT_TO` (both checked, and refused in production, by
 * `loadConfig`), plus any other fetcher options the caller needs.
 */
export function guardedFetcherFor(
  config: Pick<Config, 'FETCH_ALLOW_PRIVATE' | 'FETCH_CONNECT_TO'>,
  options: Partial<GuardedFetcherOptions> = {},
): GuardedFetcher {
  return createGuardedFetcher({
    allowPrivate: config.FETCH_ALLOW_PRIVATE ?? '',
    connectTo: config.FETCH_CONNECT_TO ?? '',
    ...options,
  });
}
