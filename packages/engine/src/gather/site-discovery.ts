import { headLinks } from '../html/head-elements';
import type { GuardedFetcher } from '../net/guarded-fetch';
import { engineFetch } from './engine-fetch';
import { createGatherContext } from './registry';

/** What a domain's homepage says about the site: where it lives, its sitemaps and its language. */
export interface SiteDiscovery {
  /** The homepage after redirects (http/https, www or not). */
  homepageUrl: string;
  /** Sitemap files that answered with a urlset or an index: robots.txt's, else the common paths. */
  sitemapUrls: string[];
  /** `<html lang>`, as written. */
  htmlLang: string | null;
  /** `hreflang` values of `<link rel=alternate>`, x-default left out. */
  hreflang: string[];
  /** The Content-Language header. */
  contentLanguage: string | null;
}

/** No address of the domain answered; `reasons` says why each try failed. */
export class SiteUnreachableError extends Error {
  constructor(
    readonly domain: string,
    readonly reasons: string[],
  ) {
    super(`${domain} could not be reached: ${reasons.join('; ')}`);
    this.name = 'SiteUnreachableError';
  }
}

/** The homepages tried in order: https first, then the www host, then plain http. */
export function homepageCandidates(domain: string): string[] {
  return [`https://${domain}/`, `https://www.${domain}/`, `http://${domain}/`, `http://www.${domain}/`];
}

/**
 * Finds a domain's homepage through the guarded fetcher (the first candidate that answers below
 * 400, redirects followed), then reads its sitemaps and language signals from the same gathering.
 */
export async function discoverSite(
  domain: string,
  options: { fetcher: GuardedFetcher; signal?: AbortSignal },
): Promise<SiteDiscovery> {
  const signal = options.signal ?? new AbortController().signal;
  const fetch = engineFetch(options.fetcher);
  const reasons: string[] = [];
  for (const url of homepageCandidates(domain)) {
    const context = createGatherContext({
      url,
      fetch,
      fetcher: options.fetcher,
      options: { browser: false },
      signal,
    });
    let page: Awaited<ReturnType<typeof context.get<'page'>>>;
    try {
      page = await context.get('page');
    } catch (error) {
      reasons.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    if (page.status >= 400) {
      reasons.push(`${url}: HTTP ${page.status}`);
      continue;
    }
    // robots.txt and the common sitemap paths are read at the homepage's final origin.
    const [document, sitemaps] = await Promise.all([
      context.get('document').catch(() => null),
      context.get('sitemaps').catch(() => null),
    ]);
    const $ = document?.$;
    const hreflang = $
      ? headLinks($, 'alternate')
          .map((el) => (el.attribs.hreflang ?? '').trim())
          .filter((value) => value !== '' && value.toLowerCase() !== 'x-default')
      : [];
    return {
      homepageUrl: page.finalUrl,
      sitemapUrls: [
        ...new Set(
          (sitemaps?.files ?? [])
            .filter((file) => file.source !== 'index' && file.type !== null)
            .map((file) => file.url),
        ),
      ],
      htmlLang: $?.('html').attr('lang')?.trim() || null,
      hreflang: [...new Set(hreflang)],
      contentLanguage: page.headers['content-language']?.trim() || null,
    };
  }
  throw new SiteUnreachableError(domain, reasons);
}
