import type { SitemapFile } from '../artifacts';
import { isSameSite } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

/**
 * Defaults an operator may tune: the protocol's limits per file, the share of entries without
 * lastmod above which freshness is unknown, and the clock slack for lastmod dates (time zones).
 */
export const thresholds = {
  maxUrls: 50_000,
  maxBytes: 50 * 1024 * 1024,
  missingLastmodShare: 0.5,
  futureSlackMs: 86_400_000,
  maxListedProblems: 5,
};

const messages = {
  noneDeclared:
    'No sitemap was found: robots.txt declares none, and there is none at /sitemap.xml or /sitemap_index.xml. Search engines must discover every page by following links.',
  declaredMissing:
    'No sitemap was found: robots.txt declares {urls}, but none of them answers 200. Search engines must discover every page by following links.',
  unreadable: 'No sitemap could be read: {errors}',
  notDeclared: 'robots.txt does not declare the sitemap {url}; add a Sitemap: line so every crawler finds it',
  tooManyUrls: '{url} lists {count} URLs, over the limit of {max} per file',
  tooLarge: '{url} is {mb} MB, over the limit of {max} MB per file',
  future: '{count} entries have a lastmod date in the future',
  noLastmod:
    '{total?The one entry has|{count} of # entries have} no lastmod date, so crawlers cannot tell what changed',
  otherHost: '{count} URLs are on another host (e.g. {host}), which search engines ignore in this sitemap',
  fileErrors: '{url}: {errors}',
  problems: 'The sitemaps have problems: {problems}.',
  ok: '{files} sitemap file(s) list {urls} URLs, declared in robots.txt.',
};

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export const sitemap = defineCheck({
  key: 'sitemap',
  title: 'XML sitemaps',
  category: 'links-crawlability',
  relevance: 7,
  scope: 'origin',
  requires: ['sitemaps'],
  description:
    'An XML sitemap lists the pages you want search engines to index, with the date each last changed. It is found through the <code>Sitemap:</code> lines of robots.txt or at <code>/sitemap.xml</code>. Each file holds at most 50,000 URLs and 50 MB, all on the sitemap’s own host.',
  recommendation: 'Publish a valid XML sitemap of your indexable pages and declare it in robots.txt.',
  howToFix:
    'Most CMSs make one for you (WordPress core, Yoast, Shopify, Wix); static sites can generate it at build time. List only canonical, indexable pages that answer 200, with full URLs on this host and a truthful <code>&lt;lastmod&gt;</code> date (never in the future). Split large sites into files of at most 50,000 URLs and 50 MB under a sitemap index. Add <code>Sitemap: https://example.com/sitemap.xml</code> to robots.txt and submit it in Google Search Console and Bing Webmaster Tools.',
  evaluate({ sitemaps }, { format }) {
    const { files, declared } = sitemaps;
    const data = {
      sitemaps: files.map((file) => ({
        url: file.url,
        type: file.type,
        url_count: file.urlCount,
        errors: file.errors,
      })),
    };
    const answered = files.filter((file) => file.status === 200);
    if (answered.length === 0)
      return failed(
        declared.length > 0
          ? format(messages.declaredMissing, { urls: declared.join(', ') })
          : messages.noneDeclared,
        data,
      );
    const readable = answered.filter((file) => file.type !== null);
    if (readable.length === 0)
      return failed(
        format(messages.unreadable, {
          errors: answered
            .map((file) => format(messages.fileErrors, { url: file.url, errors: file.errors.join(' ') }))
            .join(' '),
        }),
        data,
      );

    const problems: string[] = [];
    for (const file of readable) {
      if (file.urlCount > thresholds.maxUrls)
        problems.push(
          format(messages.tooManyUrls, { url: file.url, count: file.urlCount, max: thresholds.maxUrls }),
        );
      if (file.bytes > thresholds.maxBytes)
        problems.push(
          format(messages.tooLarge, { url: file.url, mb: mb(file.bytes), max: mb(thresholds.maxBytes) }),
        );
    }
    const urlsets = readable.filter((file) => file.type === 'urlset');
    const entries = urlsets.flatMap((file) => file.urls);
    const latest = Date.now() + thresholds.futureSlackMs;
    const future = entries.filter((entry) => entry.lastmod && Date.parse(entry.lastmod) > latest).length;
    if (future > 0) problems.push(format(messages.future, { count: future }));
    const undated = entries.filter((entry) => !entry.lastmod).length;
    if (entries.length > 0 && undated / entries.length > thresholds.missingLastmodShare)
      problems.push(format(messages.noLastmod, { count: undated, total: entries.length }));
    const foreign = urlsets.flatMap((file: SitemapFile) =>
      file.urls.filter((entry) => !isSameSite(entry.loc, file.url)),
    );
    if (foreign.length > 0)
      problems.push(
        format(messages.otherHost, { count: foreign.length, host: new URL(foreign[0]!.loc).hostname }),
      );
    // Errors the limits above do not already name: files that failed, loops, invalid entries.
    for (const file of files) {
      const errors = file.errors.filter((error) => !/limit|50,000|50 MB/.test(error));
      if (errors.length > 0)
        problems.push(format(messages.fileErrors, { url: file.url, errors: errors.join(' ') }));
    }
    if (declared.length === 0) problems.unshift(format(messages.notDeclared, { url: readable[0]!.url }));
    if (problems.length > 0)
      return warning(
        format(messages.problems, { problems: problems.slice(0, thresholds.maxListedProblems).join('; ') }),
        data,
      );
    const urls = urlsets.reduce((sum, file) => sum + file.urlCount, 0);
    return passed(format(messages.ok, { files: readable.length, urls }), data);
  },
});
