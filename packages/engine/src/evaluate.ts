import type { ArtifactName, Artifacts } from './artifacts';
import { type Check, type CheckStatus, format } from './checks/define-check';

/** A check's result in a report: a verdict with its fields, or why it did not run. */
export type CheckResult =
  | { key: string; status: CheckStatus; message: string; data: Record<string, unknown> }
  | { key: string; status: 'skipped'; reason: string }
  | { key: string; status: 'error'; message: string };

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

/** One check over artifacts it has all of: its verdict, or an error result when it throws. */
export function evaluateOne(check: Check, artifacts: Partial<Artifacts>): CheckResult {
  try {
    const outcome = check.evaluate(artifacts as Artifacts, { format });
    if (outcome.status === 'skipped') return { key: check.key, status: 'skipped', reason: outcome.message };
    return { key: check.key, status: outcome.status, message: outcome.message, data: outcome.data ?? {} };
  } catch (error) {
    return {
      key: check.key,
      status: 'error',
      message: `The check failed to run: ${(error as Error).message}`,
    };
  }
}
