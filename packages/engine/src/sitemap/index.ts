// The Sitemap Generator's pure part: which crawled pages to leave out, and the files to publish.
export { excludedByPattern } from './path-patterns';
export {
  type SitemapEntry,
  type SitemapFile,
  type SitemapWriteOptions,
  sitemapLimits,
  writeSitemap,
} from './write-sitemap';
