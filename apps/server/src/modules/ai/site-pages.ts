import { type EngineFetch, isInternal, mapLimit, normaliseUrl } from '@sitelens/engine';
import { load } from 'cheerio';
import type { QueryFn } from '../../db/client';
import type { SitePage } from './page-signals';

/** Pages read besides the homepage, and competitors' homepages read, at most. */
export const KEY_PAGES = 6;
export const MAX_COMPETITORS = 5;
const PAGE_BYTES = 2 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 20_000;

// The pages that tell most about a business, preferred among the homepage's links.
const TELLING_PATHS = [
  /about|company|who-we-are|team/,
  /services?|products?|solutions?|features?/,
  /blog|articles?|news|guides?|resources/,
  /pricing|plans/,
  /contact/,
  /privacy/,
];

/** One page fetched through the guarded fetcher, or null when it cannot be read as HTML. */
export async function fetchPage(fetch: EngineFetch, url: string): Promise<SitePage | null> {
  try {
    const response = await fetch(url, { maxBytes: PAGE_BYTES, timeoutMs: PAGE_TIMEOUT_MS });
    const type = response.headers['content-type'] ?? '';
    if (response.status >= 400 || (type && !/html/i.test(type))) return null;
    return { url, finalUrl: response.finalUrl, status: response.status, html: response.body };
  } catch {
    return null;
  }
}

/** The homepage's internal links, the telling ones first (about, services, blog, pricing, contact, privacy). */
export function tellingLinks(homepage: SitePage, limit: number): string[] {
  const $ = load(homepage.html);
  const seen = new Set([normaliseUrl(homepage.finalUrl) ?? homepage.finalUrl]);
  const links: { url: string; rank: number }[] = [];
  $('a[href]').each((_, element) => {
    const url = normaliseUrl($(element).attr('href'), homepage.finalUrl);
    if (!url || seen.has(url) || !isInternal(url, new URL(homepage.finalUrl).hostname)) return;
    seen.add(url);
    const path = new URL(url).pathname.toLowerCase();
    const rank = TELLING_PATHS.findIndex((pattern) => pattern.test(path));
    links.push({ url, rank: rank < 0 ? TELLING_PATHS.length : rank });
  });
  return links
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((link) => link.url);
}

/**
 * The website's key pages: a sample of each of Deep Analysis's page groups when it has grouped the
 * site, else its monitored URLs nearest the homepage, else the homepage's telling links.
 */
export async function keyPageUrls(query: QueryFn, websiteId: string, homepage: SitePage): Promise<string[]> {
  const grouped = await query<{ url: string }>(
    `select distinct on (c.id) u.url from url_clusters c
       join serviceable_urls u on u.cluster_id = c.id and u.status_code = 200
      where c.website_id = $1 and not c.dismissed
      order by c.id, u.depth nulls last, u.seq
      limit $2`,
    [websiteId, KEY_PAGES],
  );
  if (grouped.length > 0) return grouped.map((row) => row.url);
  const monitored = await query<{ url: string }>(
    `select url from serviceable_urls where website_id = $1 and status_code = 200 and url <> $2
      order by depth nulls last, seq limit $3`,
    [websiteId, homepage.finalUrl, KEY_PAGES],
  );
  if (monitored.length > 0) return monitored.map((row) => row.url);
  return tellingLinks(homepage, KEY_PAGES);
}

/** Fetches URLs a few at a time; those that cannot be read are left out. */
export async function fetchPages(fetch: EngineFetch, urls: string[]): Promise<SitePage[]> {
  const pages = await mapLimit(urls, 3, (url) => fetchPage(fetch, url));
  return pages.filter((page): page is SitePage => page !== null);
}
