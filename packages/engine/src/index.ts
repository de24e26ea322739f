// The engine's public API: the report structure, a checkup of one URL, and the pieces to score it.
export type { ArtifactName, Artifacts, CrawlPage, PageArtifact, TextFileArtifact } from './artifacts';
export { type CategoryInfo, checkMeta, reportStructure, type SectionInfo } from './catalog';
export { CATEGORIES, type CategoryKey } from './categories';
export {
  artifactsRead,
  type Check,
  type CheckMeta,
  type CheckOutcome,
  type CheckStatus,
} from './checks/define-check';
export { allChecks } from './checks/index';
export { readingEase } from './checks/readability';
export * from './crawl/index';
export { type CheckResult, evaluateChecks } from './evaluate';
export {
  type BrowserLease,
  type BrowserPool,
  type BrowserPoolOptions,
  createBrowserPool,
} from './gather/browser-pool';
export { ArtifactUnavailable, type GatherOptions, type LinkAnswer, mapLimit } from './gather/context';
export { engineFetch } from './gather/engine-fetch';
export { FAVICON_MAX_BYTES, type Favicon, faviconType, findFavicon } from './gather/favicon';
export type { EngineFetch, FetchedResponse } from './gather/fetch-contract';
export {
  cachingLookup,
  linkVerifyLimits,
  rememberSilentHosts,
  verifyLinks,
} from './gather/link-verifier';
export { measurePageLoad, type PageLoad } from './gather/page-load';
export {
  discoverSite,
  homepageCandidates,
  type SiteDiscovery,
  SiteUnreachableError,
} from './gather/site-discovery';
export { gatherTextFile } from './gather/text-file';
export { detectLanguage } from './html/keywords';
export { pageModified } from './html/page-dates';
export { pageLanguage } from './html/page-language';
export { jsonLdNodes, SCHEMA_FAMILIES } from './html/schema-org';
export { STOP_WORDS } from './html/stop-words';
export {
  ALLOW_PRIVATE_VARIABLE,
  assertAllowPrivateSafe,
  assertConnectToSafe,
  CONNECT_TO_VARIABLE,
  type ConnectToList,
  createGuardedFetcher,
  FetchRefused,
  type FetchRefusedCode,
  type GuardedFetcher,
  type GuardedFetcherOptions,
  parseAllowPrivate,
  parseConnectTo,
  resolveTarget,
} from './net/index';
export {
  type CheckupReport,
  type CompetitorReport,
  PageUnreachableError,
  type RunCheckupOptions,
  runCheckup,
  selectChecks,
  UnknownSectionError,
} from './run';
export { type ImportantFix, importantFixes, scoreResults } from './score';
export * from './sitemap/index';
export { parseRobotsTxt } from './text/robots-txt';
