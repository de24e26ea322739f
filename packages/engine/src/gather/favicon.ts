import type { GuardedFetcher } from '../net/guarded-fetch';
import { resolveLink } from '../net/resolve-link';
import { parseDocument } from './document';

/** An icon bigger than this is not a favicon worth keeping. */
export const FAVICON_MAX_BYTES = 100 * 1024;

export interface Favicon {
  url: string;
  /** From the bytes, never from the server's header. */
  contentType: 'image/png' | 'image/gif' | 'image/jpeg' | 'image/x-icon' | 'image/webp';
  body: Buffer;
}

/** The image type of a raster icon from its first bytes; SVG and anything else → null. */
export function faviconType(body: Buffer): Favicon['contentType'] | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => body[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x00, 0x00, 0x01, 0x00)) return 'image/x-icon';
  if (starts(0x52, 0x49, 0x46, 0x46) && body.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

/**
 * A site's own icon: the first `<link rel=icon>` of the homepage that is a raster image within
 * {@link FAVICON_MAX_BYTES}, else `/favicon.ico`; null when it has none. Every request goes
 * through the guarded fetcher.
 */
export async function findFavicon(homepageUrl: string, fetcher: GuardedFetcher): Promise<Favicon | null> {
  const candidates: string[] = [];
  try {
    const page = await fetcher.fetchPage(homepageUrl, { maxBytes: 2 * 1024 * 1024, truncate: true });
    const { $ } = parseDocument(page.body.toString('utf8'), page.finalUrl);
    $('link[rel][href]').each((_, element) => {
      const rel = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
      if (!rel.includes('icon') && !rel.includes('apple-touch-icon')) return;
      const url = resolveLink($(element).attr('href') ?? '', page.finalUrl);
      if (url) candidates.push(url);
    });
    candidates.push(new URL('/favicon.ico', page.finalUrl).href);
  } catch {
    candidates.push(new URL('/favicon.ico', homepageUrl).href);
  }
  for (const url of [...new Set(candidates)]) {
    try {
      const answer = await fetcher.fetchPage(url, { maxBytes: FAVICON_MAX_BYTES });
      if (answer.status !== 200) continue;
      const contentType = faviconType(answer.body);
      if (contentType) return { url: answer.finalUrl, contentType, body: answer.body };
    } catch {
      // Too big, refused or unreachable: try the next candidate.
    }
  }
  return null;
}
