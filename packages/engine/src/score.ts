import type { CheckMeta } from './checks/define-check';
import type { CheckResult } from './evaluate';

const WEIGHT = { passed: 1, warning: 0.5, failed: 0 } as const;

/**
 * The spec's score: passed 1, warning 0.5, failed 0, weighted by relevance, as a rounded
 * percentage; 0 when no scored check carries relevance. Skipped and errored checks are left out.
 */
export function scoreResults(
  results: readonly CheckResult[],
  metaByKey: ReadonlyMap<string, CheckMeta>,
): number {
  let total = 0;
  let earned = 0;
  for (const result of results) {
    if (result.status === 'skipped' || result.status === 'error') continue;
    const relevance = metaByKey.get(result.key)?.relevance ?? 0;
    total += relevance;
    earned += relevance * WEIGHT[result.status];
  }
  return total === 0 ? 0 : Math.round((earned / total) * 100);
}

export interface ImportantFix {
  section_key: string;
  relevance: number;
  recommendation: string;
}

/** Failed checks with relevance above 0 and a recommendation, most relevant first. */
export function importantFixes(
  results: readonly CheckResult[],
  metaByKey: ReadonlyMap<string, CheckMeta>,
): ImportantFix[] {
  return results
    .filter((r) => r.status === 'failed')
    .map((r) => metaByKey.get(r.key))
    .filter((meta): meta is CheckMeta => !!meta && meta.relevance > 0 && meta.recommendation.trim() !== '')
    .map((meta) => ({
      section_key: meta.key,
      relevance: meta.relevance,
      recommendation: meta.recommendation,
    }))
    .sort((a, b) => b.relevance - a.relevance);
}

export type Band = 'low' | 'medium' | 'high';

/** Priority by relevance: 1–3 low, above 3 to 7 medium, above 7 high. */
export function priorityOf(relevance: number): Band {
  if (relevance > 7) return 'high';
  return relevance > 3 ? 'medium' : 'low';
}

/** Impact by severity: 7 and above high, 4–6 medium, below 4 low. */
export function impactOf(severity: number): Band {
  if (severity >= 7) return 'high';
  return severity >= 4 ? 'medium' : 'low';
}
