import { resolveHttpUrl } from '../html/url';

const NO_BASE = 'http://no-base.invalid/';

/**
 * The one form of a URL a crawl stores and compares, so each page is fetched once: resolved
 * against its base, http(s) only, host lower-cased, default port and fragment dropped, an empty
 * query removed. Path case and parameter order are kept: servers may treat them as different pages.
 */
export function normaliseUrl(href: string | null | undefined, base?: string): string | null {
  const absolute = resolveHttpUrl(href, base ?? NO_BASE);
  if (!absolute || (base === undefined && absolute.startsWith(NO_BASE))) return null;
  const url = new URL(absolute);
  url.hash = '';
  // `/b?` is `/b`: URL keeps an empty query's mark, and setting it empty drops it.
  if (url.search === '') url.search = '';
  url.username = '';
  url.password = '';
  return url.href;
}

/** Same host and scheme-insensitive: the pages a crawl of `origin` follows (ignoring `www.`). */
export function isInternal(url: string, site: string): boolean {
  return new URL(url).hostname.replace(/^www\./, '') === site.replace(/^www\./, '');
}
