import type { LookupFn } from '../net/guarded-fetch';
import { FetchRefused, systemLookup } from '../net/guarded-fetch';
import type { LinkAnswer } from './context';
import type { EngineFetch } from './fetch-contract';

/**
 * Links to other sites are verified apart from the pages that hold them: each distinct URL once,
 * in a queue of its own with a per-host limit, a host that did not answer asked no more, and a time
 * budget after which what is left is "not verified". Measured on real documentation sites before:
 * every page waited for up to 200 link checks through 5 slots per host shared with the crawl, a
 * failing DNS answer was asked again for every link, and a 1,169-page site took 287 s (wget: 52 s).
 */
export const linkVerifyLimits = {
  /** Link requests in flight at once, all hosts together. */
  concurrency: 16,
  /** Link requests in flight to one host. */
  perHost: 2,
  /** One link's request. */
  timeoutMs: 10_000,
  /** All the external links of a crawl. */
  crawlBudgetMs: 10 * 60_000,
  /** The links of a one-page checkup. */
  checkupBudgetMs: 20_000,
};

/** Headers of an answer that tell a bot wall (Cloudflare's challenge, …) from the page's own. */
const KEPT_HEADERS = ['server', 'cf-mitigated'];

/** Statuses some servers give HEAD although GET works: ask again with GET. */
const RETRY_WITH_GET = new Set([400, 403, 404, 405, 429, 500, 501, 503]);

/** Failures that say the host itself did not answer: its other links would fail the same way. */
const SILENT: ReadonlySet<string> = new Set(['dns', 'connect', 'timeout']);

/**
 * The same fetch, except that once a host did not answer (its name did not resolve, it refused or
 * dropped the connection, it timed out) its other URLs are not requested: they fail at once with
 * the same code, naming the request that found the host silent.
 */
export function rememberSilentHosts(fetch: EngineFetch): EngineFetch {
  const silent = new Map<string, FetchRefused>();
  return async (url, options) => {
    const host = new URL(url).host;
    const known = silent.get(host);
    if (known)
      throw new FetchRefused(
        known.code,
        `Not requested: ${host} did not answer an earlier link (${known.message})`,
        {
          url,
        },
      );
    try {
      return await fetch(url, options);
    } catch (error) {
      if (
        error instanceof FetchRefused &&
        SILENT.has(error.code) &&
        !options?.signal?.aborted &&
        !silent.has(host)
      )
        silent.set(host, error);
      throw error;
    }
  };
}

/**
 * A lookup that answers each host name once for as long as it lives (one crawl): its answer, or its
 * failure. The guarded fetcher still checks every address it is given before connecting.
 */
export function cachingLookup(lookup: LookupFn = systemLookup, cap = 10_000): LookupFn {
  const answers = new Map<string, ReturnType<LookupFn>>();
  return (hostname) => {
    let answer = answers.get(hostname);
    if (!answer) {
      if (answers.size >= cap) answers.delete(answers.keys().next().value!);
      answer = lookup(hostname);
      answers.set(hostname, answer);
    }
    return answer;
  };
}

export interface VerifyLinksOptions {
  /** After this long, the links not answered yet are "not verified", and their requests stop. */
  budgetMs: number;
  /** What the budget is called in the reason ("the crawl's 10 min for links"). */
  budgetName: string;
  signal?: AbortSignal;
  concurrency?: number;
  perHost?: number;
  /** One link's request; default `linkVerifyLimits.timeoutMs`. */
  timeoutMs?: number;
  /** Called with each answer as it comes (a store may save them in batches). */
  onAnswer?: (answer: LinkAnswer) => void;
}

/**
 * Asks every distinct URL once (HEAD, GET when HEAD is refused), hosts taken in turn so one slow
 * host never holds the others, at most `perHost` requests to a host at once; a host that did not
 * answer is asked no more. Every URL gets an answer: what it answered, or why there is none.
 */
export async function verifyLinks(
  fetch: EngineFetch,
  urls: Iterable<string>,
  options: VerifyLinksOptions,
): Promise<Map<string, LinkAnswer>> {
  const concurrency = options.concurrency ?? linkVerifyLimits.concurrency;
  const perHost = options.perHost ?? linkVerifyLimits.perHost;
  const answers = new Map<string, LinkAnswer>();
  const queues = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const url of urls) {
    if (seen.has(url)) continue;
    seen.add(url);
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      host = '';
    }
    const queue = queues.get(host);
    if (queue) queue.push(url);
    else queues.set(host, [url]);
  }
  if (seen.size === 0) return answers;

  const budget = new AbortController();
  const stop = () => budget.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const ask = rememberSilentHosts(fetch);
  const active = new Map<string, number>();
  let running = 0;
  const record = (answer: LinkAnswer) => {
    if (answers.has(answer.url)) return;
    answers.set(answer.url, answer);
    options.onAnswer?.(answer);
  };

  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => budget.abort(), options.budgetMs);
    const finish = () => {
      clearTimeout(timer);
      resolve();
    };
    const pump = () => {
      if (budget.signal.aborted) {
        if (running === 0) finish();
        return;
      }
      // Hosts in turn: the next URL of the first host with a free slot, that host then goes last.
      for (const [host, queue] of queues) {
        if (running >= concurrency) break;
        if (queue.length === 0) {
          queues.delete(host);
          continue;
        }
        if ((active.get(host) ?? 0) >= perHost) continue;
        const url = queue.shift()!;
        queues.delete(host);
        if (queue.length > 0) queues.set(host, queue);
        running++;
        active.set(host, (active.get(host) ?? 0) + 1);
        void askLink(ask, url, budget.signal, options.timeoutMs ?? linkVerifyLimits.timeoutMs).then(
          (answer) => {
            running--;
            active.set(host, active.get(host)! - 1);
            // An answer cut short by the budget is no answer: the URL is listed as not verified below.
            if (!budget.signal.aborted) record(answer);
            pump();
          },
        );
        return pump();
      }
      if (running === 0) finish();
    };
    pump();
  });
  options.signal?.removeEventListener('abort', stop);
  options.signal?.throwIfAborted();
  for (const url of seen)
    record({
      url,
      status: null,
      finalUrl: null,
      redirected: false,
      headers: {},
      error: `not verified within ${options.budgetName}`,
      errorCode: 'timeout',
    });
  return answers;
}

/** What one link answers: HEAD, then GET when HEAD is refused; or why there was no answer. */
export async function askLink(
  fetch: EngineFetch,
  url: string,
  signal?: AbortSignal,
  timeoutMs = linkVerifyLimits.timeoutMs,
): Promise<LinkAnswer> {
  try {
    let response = await fetch(url, {
      method: 'HEAD',
      timeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (RETRY_WITH_GET.has(response.status)) {
      response = await fetch(url, {
        maxBytes: 1024,
        timeoutMs,
        ...(signal ? { signal } : {}),
      });
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = response.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    return {
      url,
      status: response.status,
      finalUrl: response.finalUrl,
      redirected: response.redirects.length > 0,
      redirects: response.redirects,
      headers,
    };
  } catch (error) {
    return {
      url,
      status: null,
      finalUrl: null,
      redirected: false,
      headers: {},
      error: (error as Error).message,
      errorCode: error instanceof FetchRefused ? error.code : ('other' as const),
    };
  }
}
