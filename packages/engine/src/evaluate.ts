import type { ArtifactName, Artifacts, PageArtifact } from './artifacts';
import {
  artifactsRead,
  type Check,
  type CheckOutcome,
  type CheckStatus,
  format,
} from './checks/define-check';
import { describeFile, type FileFacts } from './gather/file-type';

/** A check's result in a report: a verdict with its fields, or why it did not run. */
export type CheckResult =
  | { key: string; status: CheckStatus; message: string; data: Record<string, unknown> }
  | { key: string; status: 'skipped'; reason: string }
  | { key: string; status: 'error'; message: string };

/** Verdicts from worst to best; a check that did not judge ranks below them all. */
export const VERDICT_RANK: Record<CheckResult['status'], number> = {
  error: -1,
  skipped: -1,
  failed: 0,
  warning: 1,
  passed: 2,
};

/**
 * Runs checks over gathered artifacts. A check whose artifact is missing is skipped with the
 * gatherer's reason; a check that throws becomes an error result for that check alone.
 */
export function evaluateChecks(
  checks: readonly Check[],
  artifacts: Partial<Artifacts>,
  missing: Partial<Record<ArtifactName, string>> = {},
): CheckResult[] {
  return checks.map((check) => {
    const notJudged = artifacts.page ? errorPageReason(check, artifacts.page) : null;
    if (notJudged) return { key: check.key, status: 'skipped', reason: notJudged };
    const absent = check.requires.find((name) => artifacts[name] === undefined);
    if (absent) {
      return {
        key: check.key,
        status: 'skipped',
        reason: missing[absent] ?? `The ${absent} could not be gathered.`,
      };
    }
    return evaluateOne(check, artifacts as Artifacts);
  });
}

/** Artifacts made from the page's body: its markup, what the markup references, how it renders. */
const BODY_ARTIFACTS: ReadonlySet<ArtifactName> = new Set([
  'document',
  'resources',
  'images',
  'linkChecks',
  'browser',
]);

/** A page that answers 4xx or 5xx: search engines index nothing of it. */
export const isErrorPage = (page: Pick<PageArtifact, 'status'>): boolean => page.status >= 400;

/**
 * Why a check is not judged on this page, or null. Search engines ignore the body of a page that
 * answers 4xx or 5xx, so a page check that reads the body would judge the error page ("no title",
 * "noindex") rather than the page the owner meant; the status check says what is wrong. A URL that
 * answers with a file (a PDF, an archive, an image) is no page: its body is not judged either.
 * Checks of the response itself (headers, TLS) and of the origin (robots.txt, sitemaps) still are.
 */
export function errorPageReason(check: Check, page: Pick<PageArtifact, 'status' | 'file'>): string | null {
  if (check.scope !== 'page' || (!isErrorPage(page) && !page.file)) return null;
  if (!check.readsBody && !artifactsRead(check).some((name) => BODY_ARTIFACTS.has(name))) return null;
  return isErrorPage(page) ? errorPageMessage(page.status) : notAPageMessage(page.file!);
}

/** What a check not judged on an error page says (the page's checks, and the crawl's [C] ones). */
export const errorPageMessage = (status: number) =>
  format(
    'Not checked: the page answered with HTTP {status}, and search engines ignore the content of an error page.',
    { status },
  );

/** What a check that reads the body says of a URL that answers with a file. */
export const notAPageMessage = (file: FileFacts) =>
  format('Not checked: the address answers with a file ({file}), not an HTML page.', {
    file: describeFile(file),
  });

/** One check over artifacts it has all of: its verdict, or an error result when it throws. */
export function evaluateOne(check: Check, artifacts: Partial<Artifacts>): CheckResult {
  try {
    return resultOf(check.key, check.evaluate(artifacts as Artifacts, { format }));
  } catch (error) {
    return {
      key: check.key,
      status: 'error',
      message: `The check failed to run: ${(error as Error).message}`,
    };
  }
}

/** A check's outcome as a report's result: a verdict with its fields, or why it does not apply. */
export function resultOf(key: string, outcome: CheckOutcome): CheckResult {
  if (outcome.status === 'skipped') return { key, status: 'skipped', reason: outcome.message };
  return { key, status: outcome.status, message: outcome.message, data: outcome.data ?? {} };
}
