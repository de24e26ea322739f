import type { Cheerio } from 'cheerio/slim';
import type { AnyNode } from './dom';
import { displayUrl, resolveHttpUrl } from './url';

/** The image an `<img>` shows: `src`, else a lazy loader's `data-src`, else the first `srcset` candidate. */
export function imageSource($img: Cheerio<AnyNode>, baseUrl: string): string | null {
  const candidates = [
    $img.attr('src'),
    $img.attr('data-src'),
    $img.attr('data-lazy-src'),
    $img.attr('srcset')?.trim().split(/\s+/)[0],
  ];
  for (const raw of candidates) {
    const value = raw?.trim();
    if (!value) continue;
    if (/^data:/i.test(value)) return displayUrl(value);
    const url = resolveHttpUrl(value, baseUrl);
    if (url) return url;
  }
  return null;
}

/** The file name at the end of an image URL, decoded: `https://x/img/Oak_Table.jpg` → `Oak_Table.jpg`. */
export function fileName(url: string): string {
  if (url.startsWith('data:')) return '';
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}
