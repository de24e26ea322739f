// The engine's public API: the report structure, a checkup of one URL, and the pieces to score it.
export type { ArtifactName, Artifacts, PageArtifact, TextFileArtifact } from './artifacts';
export { type CategoryInfo, checkMeta, reportStructure, type SectionInfo } from './catalog';
export { CATEGORIES, type CategoryKey } from './categories';
export type { Check, CheckMeta, CheckOutcome, CheckStatus } from './checks/define-check';
export { allChecks } from './checks/index';
export { type CheckupReport, PageUnreachableError, runCheckup } from './checkup';
export { type CheckResult, evaluateChecks } from './evaluate';
export type { EngineFetch, FetchedResponse } from './gather/fetch-contract';
export { type ImportantFix, importantFixes, scoreResults } from './score';
