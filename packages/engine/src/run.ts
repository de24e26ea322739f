import type { ArtifactName, Artifacts } from './artifacts';
import { checkMeta } from './catalog';
import { CATEGORIES, type CategoryKey } from './categories';
import { artifactsRead, type Check } from './checks/define-check';
import { allChecks } from './checks/index';
import { type CheckResult, errorPageReason, evaluateOne } from './evaluate';
import { ArtifactUnavailable, type GatherContext, type GatherOptions } from './gather/context';
import { engineFetch } from './gather/engine-fetch';
import type { EngineFetch } from './gather/fetch-contract';
import { createGatherContext } from './gather/registry';
import { createGuardedFetcher, FetchRefused, type GuardedFetcher } from './net/guarded-fetch';
import { type ImportantFix, importantFixes, scoreResults } from './score';

export interface CheckupReport {
  url: string;
  finalUrl: string;
  /** The HTTP status the page answered with; from 400 on, the checks that read its body are skipped. */
  status: number;
  score: number;
  categories: { key: CategoryKey; title: string; score: number }[];
  results: CheckResult[];
  fixes: ImportantFix[];
  /** PNG screenshots from the browser run, when it ran. */
  screenshots: { desktop: Buffer | null; mobile: Buffer | null };
  /** Milliseconds for the whole checkup. */
  durationMs: number;
}

/** A competitor's checkup, or why it could not run. */
export type CompetitorReport = CheckupReport | { url: string; error: string };

export interface RunCheckupOptions extends Partial<GatherOptions> {
  url: string;
  /** Check keys to run; default every check. */
  sections?: readonly string[];
  /** Other sites to run the same sections on, for comparison. */
  competitors?: readonly string[];
  signal?: AbortSignal;
  /** Called as each section's result is ready (the report page fills in live). */
  onSection?: (section: { url: string; result: CheckResult }) => void;
  /** The guarded fetcher every request goes through; default one with the default policy. */
  fetcher?: GuardedFetcher;
  /** Replaces the network for tests that serve a site from memory. */
  fetch?: EngineFetch;
  /** The checks to choose from; default the catalogue. */
  checks?: readonly Check[];
  /** Sees the run's gathering context, so a crawl can read the artifacts the checks gathered. */
  onContext?: (context: GatherContext) => void;
}

/** The page itself could not be fetched: there is nothing to check. */
export class PageUnreachableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`Cannot fetch ${url}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'PageUnreachableError';
  }
}

/** A section key that is not in the catalogue. */
export class UnknownSectionError extends Error {
  constructor(readonly keys: string[]) {
    super(`Unknown section${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`);
    this.name = 'UnknownSectionError';
  }
}

/** The checks a run selects, in catalogue order; unknown keys are refused up front. */
export function selectChecks(checks: readonly Check[], sections?: readonly string[]): Check[] {
  if (!sections || sections.length === 0) return [...checks];
  const known = new Set(checks.map((check) => check.key));
  const unknown = sections.filter((key) => !known.has(key));
  if (unknown.length > 0) throw new UnknownSectionError(unknown);
  const wanted = new Set(sections);
  return checks.filter((check) => wanted.has(check.key));
}

/**
 * One checkup: gathers what the selected checks need (each artifact at most once, independent
 * gatherers in parallel), evaluates every check as soon as its artifacts are in, and scores the
 * report. Competitors get the same sections with the same runner.
 */
export async function runCheckup(
  options: RunCheckupOptions,
): Promise<CheckupReport & { competitors: CompetitorReport[] }> {
  const checks = selectChecks(options.checks ?? allChecks, options.sections);
  const fetcher = options.fetch ? (options.fetcher ?? null) : (options.fetcher ?? createGuardedFetcher());
  const fetch = options.fetch ?? engineFetch(fetcher!);
  const main = await checkOne(options.url, checks, fetch, fetcher, options);
  const competitors = await Promise.all(
    (options.competitors ?? []).map(async (url): Promise<CompetitorReport> => {
      try {
        return await checkOne(url, checks, fetch, fetcher, options);
      } catch (error) {
        return { url, error: (error as Error).message };
      }
    }),
  );
  return { ...main, competitors };
}

/**
 * One URL. A page behind a certificate that does not verify is still read (browsers warn, but
 * the report should say why, not just fail): the TLS check reports the certificate itself.
 */
async function checkOne(
  url: string,
  checks: readonly Check[],
  fetch: EngineFetch,
  fetcher: GuardedFetcher | null,
  options: RunCheckupOptions,
): Promise<CheckupReport> {
  try {
    return await checkWith(url, checks, fetch, fetcher, options);
  } catch (error) {
    const refused = (error as PageUnreachableError).cause;
    if (
      !(error instanceof PageUnreachableError) ||
      !fetcher ||
      !(refused instanceof FetchRefused) ||
      refused.code !== 'tls'
    )
      throw error;
    const insecure = fetcher.insecure();
    return checkWith(url, checks, engineFetch(insecure), insecure, options);
  }
}

async function checkWith(
  url: string,
  checks: readonly Check[],
  fetch: EngineFetch,
  fetcher: GuardedFetcher | null,
  options: RunCheckupOptions,
): Promise<CheckupReport> {
  const started = performance.now();
  const signal = options.signal ?? new AbortController().signal;
  const context = createGatherContext({
    url,
    fetch,
    fetcher,
    signal,
    options: {
      browser: options.browser ?? true,
      ...(options.chromiumPath ? { chromiumPath: options.chromiumPath } : {}),
      ...(options.browserBudgetMs ? { browserBudgetMs: options.browserBudgetMs } : {}),
      ...(options.browserPool ? { browserPool: options.browserPool } : {}),
      indexNowKey: options.indexNowKey ?? null,
      ...(options.resolveTxt ? { resolveTxt: options.resolveTxt } : {}),
      ...(options.providers ? { providers: options.providers } : {}),
      ...(options.originCache ? { originCache: options.originCache } : {}),
      ...(options.crawlJudgesLinks ? { crawlJudgesLinks: true } : {}),
    },
  });
  options.onContext?.(context);

  // Chromium starts beside the page's fetch and the other checks' work, not after them; the
  // browser gatherer renders nothing when the page turns out to be an error page.
  if (context.options.browser && checks.some((check) => artifactsRead(check).includes('browser')))
    context.get('browser').catch(() => {});
  let page: Artifacts['page'];
  try {
    page = await context.get('page');
  } catch (error) {
    throw new PageUnreachableError(url, error);
  }
  const results = await Promise.all(
    checks.map(async (check) => {
      const artifacts: Partial<Artifacts> = {};
      let result: CheckResult | null = null;
      // An error page's body is not gathered for the checks that would read it (no Chromium run).
      const notJudged = errorPageReason(check, page);
      if (notJudged) result = { key: check.key, status: 'skipped', reason: notJudged };
      else
        for (const name of check.requires) {
          try {
            (artifacts as Record<string, unknown>)[name] = await context.get(name);
          } catch (error) {
            result = { key: check.key, status: 'skipped', reason: reasonOf(name, error) };
            break;
          }
        }
      if (!result)
        for (const name of check.optional ?? []) {
          // An optional artifact this run cannot have leaves the check judged without it.
          const artifact = await context.get(name).catch(() => undefined);
          if (artifact !== undefined) (artifacts as Record<string, unknown>)[name] = artifact;
        }
      result ??= evaluateOne(check, artifacts);
      options.onSection?.({ url, result });
      return result;
    }),
  );
  const browser = context.started('browser') ? await context.get('browser').catch(() => null) : null;

  const categories = CATEGORIES.map(({ key, title }) => ({
    key,
    title,
    score: scoreResults(
      results.filter((result) => checkMeta.get(result.key)?.category === key),
      checkMeta,
    ),
  })).filter((category) => checks.some((check) => check.category === category.key));
  return {
    url,
    finalUrl: page.finalUrl,
    status: page.status,
    score: scoreResults(results, checkMeta),
    categories,
    results,
    fixes: importantFixes(results, checkMeta),
    screenshots: browser?.screenshots ?? { desktop: null, mobile: null },
    durationMs: Math.round(performance.now() - started),
  };
}

function reasonOf(name: ArtifactName, error: unknown): string {
  if (error instanceof ArtifactUnavailable) return error.message;
  return `The ${name} could not be gathered: ${(error as Error)?.message ?? String(error)}`;
}
