import net from 'node:net';
import { LOADING_DOWN_MS } from '@sitelens/contracts';
import { type GuardedFetcher, measurePageLoad, resolveTarget } from '@sitelens/engine';

/** What one check found: `ok` is its verdict, `valueMs` the connect or response time. */
export interface CheckOutcome {
  ok: boolean;
  valueMs: number | null;
  status: number | null;
  error: string | null;
  /** A page load's bytes. */
  bytes?: number | null;
}

export const CHECK_TIMEOUT_MS = 20_000;

const failed = (error: unknown): CheckOutcome => ({
  ok: false,
  valueMs: null,
  status: null,
  error: error instanceof Error ? error.message : String(error),
});

/**
 * "Ping": a TCP connect to the site's port (443 or 80, as its URL says). ICMP echo needs raw
 * sockets (root or CAP_NET_RAW) and is often filtered where HTTP is not; a TCP handshake needs
 * neither and says whether the web server's host answers. The address is resolved and checked by
 * the guarded fetcher's policy, like every other outgoing connection.
 */
export async function pingCheck(
  fetcher: GuardedFetcher,
  url: string,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const target = await resolveTarget(new URL(url), fetcher.policy, signal);
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect({ host: target.addresses[0]!, port: target.connectPort, signal });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', reject);
    });
    return { ok: true, valueMs: Math.round(performance.now() - started), status: null, error: null };
  } catch (error) {
    return failed(signal.aborted ? new Error(`no connection within ${timeoutMs / 1000} s`) : error);
  }
}

/** HTTP uptime: a GET of the URL through the guarded fetcher (redirects followed); down on an error or a status of 400 and above. */
export async function httpCheck(
  fetcher: GuardedFetcher,
  url: string,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckOutcome> {
  const started = performance.now();
  try {
    const page = await fetcher.fetchPage(url, { timeoutMs, maxBytes: 2 * 1024 * 1024, truncate: true });
    const valueMs = Math.round(performance.now() - started);
    const ok = page.status < 400;
    return { ok, valueMs, status: page.status, error: ok ? null : `HTTP ${page.status}` };
  } catch (error) {
    return failed(error);
  }
}

/**
 * Page load: the HTML and every resource it references, timed to the last byte (engine
 * `measurePageLoad`); down on an error, a status of 400 and above, or above 20,000 ms.
 */
export async function pageLoadCheck(fetcher: GuardedFetcher, url: string): Promise<CheckOutcome> {
  try {
    const load = await measurePageLoad(fetcher, url, AbortSignal.timeout(2 * CHECK_TIMEOUT_MS));
    const error =
      load.status >= 400 ? `HTTP ${load.status}` : load.ms > LOADING_DOWN_MS ? 'Loading time > 20s' : null;
    return { ok: error === null, valueMs: load.ms, status: load.status, error, bytes: load.bytes };
  } catch (error) {
    return failed(error);
  }
}
