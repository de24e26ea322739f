import type { Browser } from 'playwright-core';
import { type GuardedProxy, startGuardedProxy } from '../net/browser-proxy';
import type { GuardedFetcher } from '../net/guarded-fetch';
import { launchChromium } from './chromium-launch';

/** A kept-warm Chromium handed to one checkup: it opens its own context, then releases the lease. */
export interface BrowserLease {
  browser: Browser;
  release(): void;
}

/**
 * One Chromium kept warm for many checkups (a server's workers), so each pays for a browser
 * context, not a launch. Every checkup gets a fresh context (own cookies, storage and cache,
 * closed after it) behind its own guarded proxy; the browser itself is launched behind a guarded
 * proxy too, so nothing outside a context goes around the guard. A crashed browser is relaunched
 * on the next lease; an idle one is closed after `idleCloseMs`.
 */
export interface BrowserPool {
  /** The Chromium it launches; a checkup through the pool checks this one exists. */
  readonly chromiumPath: string;
  lease(): Promise<BrowserLease>;
  close(): Promise<void>;
}

export interface BrowserPoolOptions {
  /** The policy of the browser-wide proxy (each checkup's context uses its own fetcher's). */
  fetcher: GuardedFetcher;
  chromiumPath: string;
  /** Close the browser after this long without a lease; default 60 s. */
  idleCloseMs?: number;
}

interface Running {
  browser: Browser;
  proxy: GuardedProxy;
}

export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  const idleCloseMs = options.idleCloseMs ?? 60_000;
  let running: Promise<Running> | null = null;
  let leases = 0;
  let idle: NodeJS.Timeout | undefined;
  let closed = false;

  const shutDown = async (current: Promise<Running> | null) => {
    const started = await current?.catch(() => null);
    if (!started) return;
    await started.browser.close().catch(() => {});
    await started.proxy.close();
  };

  // The browser that is up now; a browser closed on purpose is forgotten before it goes.
  let live: Running | null = null;
  const forget = () => {
    const current = running;
    running = null;
    live = null;
    return current;
  };

  const launch = async (): Promise<Running> => {
    const proxy = await startGuardedProxy(options.fetcher);
    let browser: Browser;
    try {
      browser = await launchChromium(options.chromiumPath, proxy);
    } catch (error) {
      await proxy.close();
      throw error;
    }
    const started: Running = { browser, proxy };
    // A crash (or a kill) drops the browser; the next lease launches a new one.
    browser.on('disconnected', () => {
      if (live === started) forget();
      proxy.close().catch(() => {});
    });
    live = started;
    return started;
  };

  const release = () => {
    leases--;
    if (leases > 0 || closed) return;
    idle = setTimeout(() => {
      if (leases === 0) shutDown(forget()).catch(() => {});
    }, idleCloseMs);
    // An idle browser must not keep the process alive.
    idle.unref();
  };

  return {
    chromiumPath: options.chromiumPath,
    async lease() {
      if (closed) throw new Error('The browser pool is closed.');
      clearTimeout(idle);
      leases++;
      try {
        const current = running ?? launch();
        running = current;
        const { browser } = await current.catch((error) => {
          if (running === current) running = null;
          throw error;
        });
        let released = false;
        return {
          browser,
          release: () => {
            if (released) return;
            released = true;
            release();
          },
        };
      } catch (error) {
        release();
        throw error;
      }
    },
    async close() {
      closed = true;
      clearTimeout(idle);
      await shutDown(forget());
    },
  };
}
