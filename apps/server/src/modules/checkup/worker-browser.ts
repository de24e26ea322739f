import { type BrowserPool, createBrowserPool, type GuardedFetcher } from '@sitelens/engine';

let current: { chromiumPath: string; pool: BrowserPool } | null = null;

/**
 * The worker process's Chromium, kept warm between checkups: launching one per checkup was most
 * of a checkup's time after the page itself. Each checkup still renders in a fresh context of its
 * own (cookies, storage and cache never shared) behind its own guarded proxy; a crashed browser is
 * launched again on the next checkup, and an idle one closes after a minute.
 */
export function workerBrowserPool(chromiumPath: string, fetcher: GuardedFetcher): BrowserPool {
  if (current?.chromiumPath !== chromiumPath) {
    current?.pool.close().catch(() => {});
    current = { chromiumPath, pool: createBrowserPool({ fetcher, chromiumPath }) };
  }
  return current.pool;
}

/** Closes the kept-warm Chromium, if one is up: the last step of a worker's graceful stop. */
export async function closeWorkerBrowser(): Promise<void> {
  const closing = current;
  current = null;
  await closing?.pool.close();
}
