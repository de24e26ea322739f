export interface ResolveLinkOptions {
  /** Keep `#fragment` (default true); a crawler that de-duplicates pages drops it. */
  keepFragment?: boolean;
}

/**
 * Resolves an extracted `href` against the page's base URL (its final URL or `<base href>`).
 * Returns an absolute http(s) URL, or null for anything else (mailto:, javascript:, data:,
 * unparseable). Never throws.
 */
export function resolveLink(
  href: string,
  base: string | URL,
  options: ResolveLinkOptions = {},
): string | null {
  if (typeof href !== 'string') return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    // An unusable base still lets an absolute href through.
    try {
      url = new URL(href);
    } catch {
      return null;
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  if (options.keepFragment === false) url.hash = '';
  return url.href;
}
