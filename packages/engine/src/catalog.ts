import { CATEGORIES, type CategoryKey } from './categories';
import type { Check, CheckMeta } from './checks/define-check';
import { allChecks } from './checks/index';

/** One check as the report structure lists it (`GET /api/report/sections`). */
export interface SectionInfo {
  key: string;
  title: string;
  relevance: number;
  description: string;
}

export interface CategoryInfo {
  key: CategoryKey;
  title: string;
  sections: SectionInfo[];
}

/** Categories → sections, in report order; a category with no check yet is left out. */
export function reportStructure(checks: readonly Check[] = allChecks): CategoryInfo[] {
  return CATEGORIES.map(({ key, title }) => ({
    key,
    title,
    sections: checks
      .filter((check) => check.category === key)
      .map(({ key, title, relevance, description }) => ({ key, title, relevance, description })),
  })).filter((category) => category.sections.length > 0);
}

/** Check metadata by key, for scoring and for the report's texts. */
export const checkMeta: ReadonlyMap<string, CheckMeta> = new Map(
  allChecks.map((check) => [check.key, check]),
);
