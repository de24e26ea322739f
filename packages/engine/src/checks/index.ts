import type { Check } from './define-check';
import { metaTitle } from './meta-title';

/**
 * Every check of the catalogue. The registry test fails when a check file is missing here or its
 * key differs from its file name, so add a check's import in the same commit as its file.
 */
export const allChecks: readonly Check[] = [metaTitle];
