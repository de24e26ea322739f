import type { CrawlPage } from '../artifacts';
import { defineCheck, notApplicable, passed, warning } from './define-check';

/** In the sitemap, not the crawl's start page (depth 0), and no crawled page links to it. */
const isOrphan = (p: CrawlPage) => p.inSitemap && p.inlinks === 0 && p.depth !== 0;

const messages = {
  linked: 'The page has {count} internal links pointing to it.',
  orphan:
    'The page is in the sitemap but no crawled page links to it: crawlers find it only through the sitemap, and it gets no link authority.',
  notListed: 'The page is not in a sitemap, so the crawl cannot tell whether it is orphaned.',
};

export const orphanPages = defineCheck({
  key: 'orphan-pages',
  title: 'Orphan pages',
  category: 'links-crawlability',
  relevance: 6,
  scope: 'crawl',
  requires: ['crawl'],
  description:
    'An orphan page is listed in the sitemap but no page of the site links to it. Search engines may still index it, but they treat it as unimportant, and visitors cannot reach it by browsing.',
  recommendation:
    'Link every page you want indexed from at least one other page, or drop it from the sitemap.',
  howToFix:
    'Add links to the page from related pages, its category or hub page, or the navigation. If the page is no longer needed, remove it from the sitemap and redirect it (301) to the closest live page.',
  evaluate({ crawl }, { format }) {
    const page = crawl.pages.find((p) => p.url === crawl.url);
    if (!page?.inSitemap && (page?.inlinks ?? 0) === 0)
      return notApplicable(messages.notListed, { orphan_urls: [] });
    const orphans = crawl.pages.filter(isOrphan).map((p) => p.url);
    const data = { orphan_urls: orphans };
    if (page && isOrphan(page)) return warning(messages.orphan, data);
    return passed(format(messages.linked, { count: page?.inlinks ?? 0 }), data);
  },
});
