import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  MinusCircleFilled,
} from '@ant-design/icons';
import type { PassRateSample, ReportStructure, SectionResult } from '@sitelens/contracts';

/** How each status of a check is drawn: colour, icon and the label screen readers hear. */
export const STATUS = {
  passed: { color: '#52c41a', icon: <CheckCircleFilled />, label: 'Passed' },
  warning: { color: '#faad14', icon: <ExclamationCircleFilled />, label: 'Warning' },
  failed: { color: '#f5222d', icon: <CloseCircleFilled />, label: 'Failed' },
  skipped: { color: '#bfbfbf', icon: <MinusCircleFilled />, label: 'Not applicable' },
} as const;

const WEIGHT = { passed: 1, warning: 0.5, failed: 0 } as const;

/**
 * The spec's score over results: passed 1, warning 0.5, failed 0, weighted by relevance and
 * rounded; 0 when the total relevance is 0. A check that could not run does not count.
 */
export function scoreOf(results: readonly Pick<SectionResult, 'status' | 'relevance'>[]): number {
  let total = 0;
  let earned = 0;
  for (const result of results) {
    if (result.status === 'skipped') continue;
    total += result.relevance;
    earned += result.relevance * WEIGHT[result.status];
  }
  return total === 0 ? 0 : Math.round((earned / total) * 100);
}

/** How many results passed, warned, failed, or were judged neither way (not applicable). */
export function countsOf(results: readonly Pick<SectionResult, 'status'>[]) {
  const counts = { passed: 0, warning: 0, failed: 0, not_applicable: 0 };
  for (const result of results) counts[result.status === 'skipped' ? 'not_applicable' : result.status]++;
  return counts;
}

/** One check as a report shows it: its result and, when measured, its pass rate and the sites it was measured on. */
export interface ReportCheck {
  result: SectionResult;
  top_100_pass_rate: number | null;
  pass_rate_sample: PassRateSample | null;
}

/** A check's outcome; `'failed'` when its result could not be fetched (the check is left out). */
export type CheckOutcome = ReportCheck | 'failed';

export type ReportCategory = ReportStructure['categories'][number];

/** The structure's categories narrowed to the checks of a report, empty categories dropped, in report order. */
export function reportCategories(structure: ReportStructure, sections: readonly string[]): ReportCategory[] {
  const included = new Set(sections);
  return structure.categories
    .map((category) => ({ ...category, sections: category.sections.filter((s) => included.has(s.key)) }))
    .filter((category) => category.sections.length > 0);
}

/** The results among `outcomes` that were fetched, for scores and counts. */
export function fetchedResults(outcomes: readonly (CheckOutcome | undefined)[]): SectionResult[] {
  return outcomes.flatMap((outcome) => (outcome && outcome !== 'failed' ? [outcome.result] : []));
}
