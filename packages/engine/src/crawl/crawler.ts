import type { RedirectHop } from '../artifacts';
import { checkMeta } from '../catalog';
import { artifactsRead, type Check } from '../checks/define-check';
import { allChecks } from '../checks/index';
import { siteFirstByte } from '../checks/web-vitals-ttfb';
import { type CheckResult, evaluateOne, VERDICT_RANK } from '../evaluate';
import type { BrowserPool } from '../gather/browser-pool';
import type { GatherContext } from '../gather/context';
import { engineFetch } from '../gather/engine-fetch';
import type { EngineFetch, FetchedResponse } from '../gather/fetch-contract';
import { type FileFacts, fileFactsOf } from '../gather/file-type';
import { PAGE_FETCH } from '../gather/page';
import { gatherTextFile } from '../gather/text-file';
import { createGuardedFetcher, type GuardedFetcher } from '../net/guarded-fetch';
import { runCheckup } from '../run';
import { scoreResults } from '../score';
import { type ParsedRobots, parseRobotsTxt } from '../text/robots-txt';
import { cachingFetch } from './caches';
import { isInternal, normaliseUrl } from './normalise';
import { type InternalLink, type PageFacts, readPageFacts } from './page-facts';
import { createPoliteness, type PolitenessOptions } from './politeness';

/** The robots.txt product token the crawl obeys (our User-Agent names it). */
export const CRAWLER_AGENT = 'SitelensBot';

/** Defaults an operator may tune. */
export const crawlDefaults = {
  /** Pages analysed at once (the per-host limit applies on top). */
  concurrency: 10,
  /** Pages of each template that also get Chromium's pass. */
  browserSample: 3,
};

/** One URL handed to a crawler, as its store knows it. */
export interface CrawlTask {
  id: string;
  url: string;
  /** Clicks from a start page; null for a URL found only in a sitemap or typed in. */
  depth: number | null;
}

/** What the crawl learned of one URL; the store saves it in one go. */
export interface CrawledPage {
  task: CrawlTask;
  /** The status the URL itself answered: a redirect's 3xx, not its target's. Null: no answer. */
  status: number | null;
  finalUrl: string | null;
  /** Every hop before the final answer, when the URL redirects. */
  redirects: RedirectHop[];
  /** The internal URL a redirect leads to (normalised), to be crawled in its own right. */
  redirectTo: string | null;
  /** Why there was no answer (unreachable, refused, timed out). */
  error: string | null;
  /** The URL answered with a file (a PDF, an archive, an image), not a page: recorded, not judged. */
  file: FileFacts | null;
  /** robots.txt forbids the URL: it was not requested. */
  blockedByRobots: boolean;
  /** The page checks (origin checks are judged once per origin, crawl checks after the crawl). */
  results: CheckResult[];
  /** Score of the page checks with its origin's checks; null when the page was not judged. */
  score: number | null;
  facts: PageFacts | null;
  links: InternalLink[];
  /** Links to other sites, for the link checker; Deep Analysis does not keep them. */
  externalLinks: InternalLink[];
  /**
   * Pages of the site this page names as its canonical or its hreflang alternates: crawled within
   * the URL budget though no link leads there, so a canonical to a 404, a redirect or a noindex
   * page is judged (as Screaming Frog does by default). Not links: no inlinks, no click depth.
   */
  pointed: string[];
  /** Chromium's pass ran on this page. */
  browser: boolean;
  /** Chromium's desktop screenshot (PNG) when its pass ran. */
  screenshot: Buffer | null;
}

/** Where a crawl keeps its state: the database in the server, memory in tests. */
export interface CrawlStore {
  /** Hands out up to `limit` URLs nobody has taken, marking them taken; [] when none is left. */
  claim(limit: number): Promise<CrawlTask[]>;
  /** Saves a URL's outcome and the links it found; saving the same task twice changes nothing more. */
  complete(page: CrawledPage): Promise<void>;
  /** Saves the origin's checks ([S]), judged once per origin per crawl. */
  completeOrigin?(origin: string, results: CheckResult[]): Promise<void>;
}

export interface CrawlOptions {
  /** The site's host (`example.com`); links to it, with or without `www.`, are internal. */
  site: string;
  store: CrawlStore;
  /** The guarded fetcher every request goes through; default one with keep-alive. */
  fetcher?: GuardedFetcher;
  /** Replaces the network in tests. */
  fetch?: EngineFetch;
  /** Default: every check of the catalogue; their scope decides per page, per origin or not here. */
  checks?: readonly Check[];
  concurrency?: number;
  politeness?: PolitenessOptions;
  /**
   * A page whose timed checks did not pass is measured once more and the better verdict kept
   * (default on): fetched again for Time to First Byte, loaded again in Chromium for its timings.
   */
  timeAgain?: boolean;
  /** Chromium's pass on a sample of each template; absent: no browser. */
  browser?: { pool?: BrowserPool; chromiumPath?: string; sample?: number } | null;
  signal?: AbortSignal;
  /** Called after each URL is stored. */
  onPage?: (page: CrawledPage) => void;
}

/**
 * Crawls what the store hands out until it has nothing left: every request through the guarded
 * fetcher and the per-host gate, robots.txt obeyed (its crawl-delay too), each page fetched once,
 * judged by every page check, and stored with its facts and links. State lives in the store, so a
 * crawl that stops (a killed worker) is resumed by running it again.
 */
export async function runCrawl(options: CrawlOptions): Promise<{ pages: number }> {
  const signal = options.signal ?? new AbortController().signal;
  const ownFetcher = options.fetch || options.fetcher ? null : createGuardedFetcher({ keepAlive: true });
  const fetcher = options.fetcher ?? ownFetcher;
  const politeness = createPoliteness(options.politeness);
  const network = politeness.wrap(options.fetch ?? engineFetch(fetcher!));
  const shared = cachingFetch(network);
  const checks = options.checks ?? allChecks;
  const pageChecks = checks.filter((check) => check.scope === 'page');
  const originChecks = checks.filter((check) => check.scope === 'origin');
  const originCache = new Map<string, Promise<unknown>>();
  const robotsByOrigin = new Map<string, Promise<ParsedRobots | { unreadable: string }>>();
  const originResults = new Map<string, Promise<CheckResult[]>>();
  const templates = new Map<string, number>();
  const concurrency = options.concurrency ?? crawlDefaults.concurrency;
  const sample = options.browser ? (options.browser.sample ?? crawlDefaults.browserSample) : 0;

  /** robots.txt of an origin, once; why it is unreadable when its server fails (5xx or no answer: crawl nothing). */
  const robotsOf = (origin: string) => {
    let robots = robotsByOrigin.get(origin);
    if (!robots) {
      robots = gatherTextFile(shared, origin, 'robotsTxt').then((file) => {
        originCache.set(`robotsTxt ${origin}`, Promise.resolve(file));
        // Unreadable robots.txt forbids the whole origin (as search engines treat it); the reason is kept.
        if (file.status === null)
          return { unreadable: `robots.txt could not be read: ${file.error ?? 'no answer'}` };
        if (file.status >= 500) return { unreadable: 'robots.txt could not be read (server error)' };
        const parsed = parseRobotsTxt(file);
        politeness.setCrawlDelay(new URL(origin).host, parsed.crawlDelay(CRAWLER_AGENT));
        return parsed;
      });
      robotsByOrigin.set(origin, robots);
    }
    return robots;
  };

  /** The origin's checks, judged once on the first page of the origin that answers. */
  const originChecksOf = (origin: string, url: string, fetch: EngineFetch) => {
    let results = originResults.get(origin);
    if (!results) {
      results = runCheckup({
        url,
        fetch,
        ...(fetcher ? { fetcher } : {}),
        checks: originChecks,
        browser: false,
        originCache,
        signal,
      }).then(
        async (report) => {
          await options.store.completeOrigin?.(origin, report.results);
          return report.results;
        },
        () => [],
      );
      originResults.set(origin, results);
    }
    return results;
  };

  /**
   * A place in its template's browser sample, taken when the page's crawl starts (in the order the
   * store hands pages out, so a re-crawl of an unchanged site samples the same pages), and handed
   * back when the page turns out to be no page Chromium should see (a redirect, an error, a block).
   */
  const takeBrowserPlace = (url: string): (() => void) | null => {
    if (sample === 0) return null;
    const template = pathTemplate(url);
    const seen = templates.get(template) ?? 0;
    if (seen >= sample) return null;
    templates.set(template, seen + 1);
    return () => templates.set(template, (templates.get(template) ?? 1) - 1);
  };

  /**
   * Checks judged on one timing (`timed`): of the page's answer (Time to First Byte) or of its load
   * in Chromium (paint times, blocking time). One not passed is measured once more and the better
   * verdict kept: a busy moment of the server or of this machine is no change of the site, and a
   * re-crawl must not report it as one.
   */
  async function timedAgain(
    results: CheckResult[],
    url: string,
    context: GatherContext | null,
    checkup: (checks: readonly Check[]) => ReturnType<typeof runCheckup>,
    browser: boolean,
  ): Promise<CheckResult[]> {
    const slow = pageChecks.filter(
      (check) =>
        check.timed &&
        results.some((r) => r.key === check.key && (r.status === 'warning' || r.status === 'failed')),
    );
    if (slow.length === 0 || context === null || options.timeAgain === false) return results;
    const inBrowser = slow.filter((check) => artifactsRead(check).includes('browser'));
    const onAnswer = slow.filter((check) => !inBrowser.includes(check));
    const [answered, loaded] = await Promise.all([
      onAnswer.length > 0 ? answerAgain(onAnswer, url, context) : [],
      inBrowser.length > 0 && browser
        ? checkup(inBrowser).then(
            (r) => r.results,
            () => [],
          )
        : [],
    ]);
    const again = new Map([...answered, ...loaded].map((result) => [result.key, result]));
    return results.map((result) => {
      const second = again.get(result.key);
      // A second measurement replaces the first only when better.
      return second && VERDICT_RANK[second.status] > VERDICT_RANK[result.status] ? second : result;
    });
  }

  /** The checks judged again on a second fetch of the page, when it answered faster. */
  async function answerAgain(checks: Check[], url: string, context: GatherContext): Promise<CheckResult[]> {
    const page = await context.get('page');
    let again: FetchedResponse;
    try {
      again = await network(url, { ...PAGE_FETCH, signal });
    } catch {
      return [];
    }
    if (again.status !== page.status || siteFirstByte(again.timings) >= siteFirstByte(page.timings))
      return [];
    const faster = { ...page, timings: again.timings };
    return checks.map((check) => evaluateOne(check, { page: faster }));
  }

  async function crawlOne(task: CrawlTask): Promise<CrawledPage> {
    const giveBackPlace = takeBrowserPlace(task.url);
    const page = await crawlPage(task, giveBackPlace !== null);
    if (giveBackPlace && !page.browser) giveBackPlace();
    return page;
  }

  async function crawlPage(task: CrawlTask, browserPlace: boolean): Promise<CrawledPage> {
    const origin = new URL(task.url).origin;
    const base: CrawledPage = {
      task,
      status: null,
      finalUrl: null,
      redirects: [],
      redirectTo: null,
      error: null,
      file: null,
      blockedByRobots: false,
      results: [],
      score: null,
      facts: null,
      links: [],
      externalLinks: [],
      pointed: [],
      browser: false,
      screenshot: null,
    };
    const robots = await robotsOf(origin);
    if ('unreadable' in robots) return { ...base, blockedByRobots: true, error: robots.unreadable };
    if (!robots.isAllowed(task.url, CRAWLER_AGENT)) return { ...base, blockedByRobots: true };

    let response: FetchedResponse;
    try {
      response = await network(task.url, { ...PAGE_FETCH, signal });
    } catch (error) {
      return { ...base, error: (error as Error).message };
    }
    if (response.redirects.length > 0) {
      // A redirect is not a page: its target is crawled (and judged) under its own URL.
      const target = normaliseUrl(response.finalUrl);
      return {
        ...base,
        status: response.redirects[0]!.status,
        finalUrl: response.finalUrl,
        redirects: response.redirects,
        redirectTo: target && isInternal(target, options.site) ? target : null,
      };
    }
    const file = fileFactsOf(response);
    // A file is recorded with its status, type and size; only pages are parsed and judged.
    if (file) return { ...base, status: response.status, finalUrl: response.finalUrl, file };
    // The page's own fetch is the one just made; every other request is shared across the crawl.
    const fetch: EngineFetch = (url, fetchOptions) =>
      url === task.url && fetchOptions?.method !== 'HEAD' && fetchOptions?.followRedirects !== false
        ? Promise.resolve(response)
        : shared(url, fetchOptions);
    const browser = response.status < 400 && browserPlace;
    let context: GatherContext | null = null;
    const checkup = (checks: readonly Check[], onContext?: (gathered: GatherContext) => void) =>
      runCheckup({
        url: task.url,
        fetch,
        // Its policy for what opens its own connections: TLS, Chromium's proxy.
        ...(fetcher ? { fetcher } : {}),
        checks,
        browser,
        ...(browser && options.browser?.pool ? { browserPool: options.browser.pool } : {}),
        ...(browser && options.browser?.chromiumPath ? { chromiumPath: options.browser.chromiumPath } : {}),
        originCache,
        crawlJudgesLinks: true,
        signal,
        ...(onContext ? { onContext } : {}),
      });
    const [report, origins] = await Promise.all([
      checkup(pageChecks, (gathered) => {
        context = gathered;
      }),
      originChecksOf(origin, task.url, fetch),
    ]);
    const results = await timedAgain(report.results, task.url, context, checkup, browser);
    const page: CrawledPage = {
      ...base,
      status: response.status,
      finalUrl: response.finalUrl,
      results,
      score: scoreResults([...results, ...origins], checkMeta),
      browser,
      screenshot: report.screenshots.desktop,
    };
    if (context && response.status < 400) {
      const document = await (context as GatherContext).get('document');
      const read = readPageFacts(await (context as GatherContext).get('page'), document, options.site);
      page.facts = read.facts;
      page.links = [...read.links, ...scriptOnlyLinks(report.results, read.links, options.site)];
      page.externalLinks = read.externalLinks;
      page.pointed = pointedPages(read.facts, task.url, options.site);
    }
    return page;
  }

  let pages = 0;
  // A page leaves its slot once judged; saving it (the store batches pages) goes on beside the
  // next pages, at most SAVING_PER_SLOT per slot waiting, so no slot waits for the database.
  const analysing = new Set<Promise<void>>();
  const saving = new Set<Promise<void>>();
  const maxSaving = concurrency * SAVING_PER_SLOT;
  let saveFailed: { error: unknown } | null = null;
  const save = (page: CrawledPage) => {
    const saved: Promise<void> = options.store
      .complete(page)
      .then(() => {
        pages++;
        options.onPage?.(page);
      })
      // Noted here and thrown by the loop: a save may fail while the loop waits on others.
      .catch((error) => {
        saveFailed ??= { error };
      })
      .finally(() => saving.delete(saved));
    saving.add(saved);
  };
  // Claimed ahead, a batch at a time: one query of the store for several pages.
  const queue: CrawlTask[] = [];
  let exhausted = false;
  try {
    while (!signal.aborted) {
      if (saveFailed) throw (saveFailed as { error: unknown }).error;
      if (queue.length === 0 && !exhausted) {
        const tasks = await options.store.claim(concurrency * 2);
        if (tasks.length === 0) exhausted = true;
        queue.push(...tasks);
      }
      while (analysing.size < concurrency && saving.size < maxSaving && queue.length > 0) {
        const run: Promise<void> = crawlOne(queue.shift()!)
          .then(save)
          .finally(() => analysing.delete(run));
        analysing.add(run);
      }
      if (analysing.size === 0 && saving.size === 0) {
        if (exhausted) break;
        continue;
      }
      // A saved page may have added URLs: ask the store again after it.
      await Promise.race([...analysing, ...saving]);
      exhausted = false;
    }
    while (analysing.size > 0 || saving.size > 0) await Promise.all([...analysing, ...saving]);
    if (saveFailed) throw (saveFailed as { error: unknown }).error;
  } finally {
    await ownFetcher?.close();
  }
  signal.throwIfAborted();
  return { pages };
}

/** Pages judged and waiting to be saved, per slot, before the crawl waits for the store. */
const SAVING_PER_SLOT = 4;

/** A page's template, roughly: its first path segment and its depth (`/blog/…/2`). */
export function pathTemplate(url: string): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  return `/${segments[0] ?? ''}/${segments.length}`;
}

/** The page's canonical and hreflang targets on the site, each once, itself left out. */
function pointedPages(facts: PageFacts, self: string, site: string): string[] {
  const named = [facts.canonical, ...facts.hreflang.map((alternate) => alternate.href)];
  return [...new Set(named)].filter(
    (url): url is string => url !== null && url !== self && isInternal(url, site),
  );
}

/**
 * Internal links that only Chromium's pass saw (a site rendered by JavaScript): crawled too, so a
 * sampled page of such a site still leads the crawl to the pages its scripts link to.
 */
function scriptOnlyLinks(
  results: readonly CheckResult[],
  known: readonly InternalLink[],
  site: string,
): InternalLink[] {
  const parity = results.find((result) => result.key === 'js-rendering-parity');
  const hrefs = parity && 'data' in parity ? parity.data.js_only_links : undefined;
  if (!Array.isArray(hrefs)) return [];
  const seen = new Set(known.map((link) => link.url));
  return hrefs.flatMap((href) => {
    const url = typeof href === 'string' ? normaliseUrl(href) : null;
    if (!url || seen.has(url) || !isInternal(url, site)) return [];
    seen.add(url);
    return [{ url, anchor: '', nofollow: false }];
  });
}
