// Deep Analysis's crawler: what it fetches, how politely, and what it learns of each page.

export { SITE_WORD_PAGES, withSiteVocabulary } from '../checks/spell-check';
export { crawlCacheLimits } from './caches';
export {
  CRAWLER_AGENT,
  type CrawledPage,
  type CrawlOptions,
  type CrawlStore,
  type CrawlTask,
  crawlDefaults,
  pathTemplate,
  runCrawl,
} from './crawler';
export { checkLinkTarget, type LinkTargetKind, type LinkTargetVerdict } from './link-check';
export { createMemoryCrawlStore, type MemoryCrawlUrl } from './memory-store';
export { isInternal, normaliseUrl } from './normalise';
export { type InternalLink, layoutFeatures, type PageFacts } from './page-facts';
export {
  type FoundPageGroup,
  type GroupablePage,
  groupPages,
  matchingGroupKey,
  urlPattern,
} from './page-groups';
export { createPoliteness, type PolitenessOptions, politenessDefaults } from './politeness';
export {
  CRAWL_CHECKS,
  crawlChecksOfErrorPage,
  type ExternalLink,
  judgeCrawl,
  judgeSitemapEntries,
  type LinkTarget,
  nearDuplicatePairs,
  type PointedPage,
  type SitemapEntryProblem,
  type SiteView,
} from './site-checks';
export { collectSitemapUrls, type SitemapImport, sitemapImportLimits } from './sitemap-urls';
