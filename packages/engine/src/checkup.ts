import type { ArtifactName, Artifacts } from './artifacts';
import { checkMeta } from './catalog';
import { CATEGORIES, type CategoryKey } from './categories';
import type { Check } from './checks/define-check';
import { allChecks } from './checks/index';
import { type CheckResult, evaluateChecks } from './evaluate';
import { parseDocument } from './gather/document';
import type { EngineFetch } from './gather/fetch-contract';
import { gatherPage } from './gather/page';
import { gatherTextFile, TEXT_FILES, type TextFileName } from './gather/text-file';
import { type ImportantFix, importantFixes, scoreResults } from './score';

export interface CheckupReport {
  url: string;
  finalUrl: string;
  score: number;
  categories: { key: CategoryKey; title: string; score: number }[];
  results: CheckResult[];
  fixes: ImportantFix[];
  /** Milliseconds for the whole checkup. */
  durationMs: number;
}

/** The page itself could not be fetched: there is nothing to check. */
export class PageUnreachableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`Cannot fetch ${url}: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'PageUnreachableError';
  }
}

/**
 * One checkup of one URL: gathers only the artifacts the selected checks need, each once, then
 * runs every check and scores the results. Checks whose artifacts this engine cannot gather yet
 * are skipped with that reason.
 */
export async function runCheckup(
  url: string,
  options: { fetch: EngineFetch; checks?: readonly Check[] },
): Promise<CheckupReport> {
  const started = performance.now();
  const checks = options.checks ?? allChecks;
  const needed = new Set<ArtifactName>(checks.flatMap((check) => check.requires));
  const artifacts: Partial<Artifacts> = {};
  const missing: Partial<Record<ArtifactName, string>> = {};

  try {
    artifacts.page = await gatherPage(options.fetch, url);
  } catch (error) {
    throw new PageUnreachableError(url, error);
  }
  const { page } = artifacts;
  if (needed.has('document')) artifacts.document = parseDocument(page.html, page.finalUrl);
  await Promise.all(
    (Object.keys(TEXT_FILES) as TextFileName[])
      .filter((name) => needed.has(name))
      .map(async (name) => {
        artifacts[name] = await gatherTextFile(options.fetch, page.finalUrl, name);
      }),
  );
  for (const name of needed) {
    if (artifacts[name] === undefined)
      missing[name] = `This engine does not gather the ${name} artifact yet.`;
  }

  const results = evaluateChecks(checks, artifacts, missing);
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
    score: scoreResults(results, checkMeta),
    categories,
    results,
    fixes: importantFixes(results, checkMeta),
    durationMs: Math.round(performance.now() - started),
  };
}
