import type { SitemapFile } from '../artifacts';
import type { EngineFetch } from '../gather/fetch-contract';
import { readSitemap, sitemapLimits } from '../gather/sitemaps';
import { isInternal, normaliseUrl } from './normalise';

/** Defaults an operator may tune: how far an import follows indexes (SECURITY.md F1). */
export const sitemapImportLimits = { maxFiles: 1000, maxDepth: 3 };

export interface SitemapImport {
  /** Page URLs of the site, normalised, each once, at most `maxUrls`. */
  urls: string[];
  /** Every file read, without its URLs: type, count and problems. */
  files: Omit<SitemapFile, 'urls'>[];
  /** More URLs were listed than `maxUrls`; the rest were not imported. */
  capped: boolean;
}

/**
 * Reads sitemaps and the indexes they name (gzip, ≤ 50,000 URLs and 50 MB a file, bounded depth,
 * loops detected) and collects the site's page URLs. URLs of other hosts are left out: a sitemap
 * may only list its own site's pages.
 */
export async function collectSitemapUrls(
  fetch: EngineFetch,
  roots: readonly string[],
  options: { site: string; maxUrls: number; signal?: AbortSignal },
): Promise<SitemapImport> {
  const queue = roots.map((url) => ({ url, depth: 0, source: 'robots-txt' as SitemapFile['source'] }));
  const seen = new Set<string>();
  const urls = new Set<string>();
  const files: SitemapImport['files'] = [];
  let capped = false;
  while (queue.length > 0 && files.length < sitemapImportLimits.maxFiles) {
    options.signal?.throwIfAborted();
    const next = queue.shift()!;
    const key = normaliseUrl(next.url) ?? next.url;
    if (seen.has(key)) continue;
    seen.add(key);
    const file = await readSitemap(fetch, next.url, next.source, options.signal, sitemapLimits.maxUrls);
    const { urls: entries, ...summary } = file;
    files.push(summary);
    for (const entry of entries) {
      const url = normaliseUrl(entry.loc);
      if (!url) continue;
      if (file.type === 'sitemapindex') {
        if (seen.has(url)) summary.errors.push(`The index lists ${url} again, which would loop.`);
        else if (next.depth + 1 > sitemapImportLimits.maxDepth)
          summary.errors.push(
            `Indexes are nested more than ${sitemapImportLimits.maxDepth} deep; ${url} was not read.`,
          );
        else queue.push({ url, depth: next.depth + 1, source: 'index' });
        continue;
      }
      if (!isInternal(url, options.site) || urls.has(url)) continue;
      if (urls.size >= options.maxUrls) {
        capped = true;
        break;
      }
      urls.add(url);
    }
    if (capped) break;
  }
  return { urls: [...urls], files, capped };
}
