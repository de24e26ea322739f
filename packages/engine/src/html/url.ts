/** Resolves `href` against `base`; null unless the result is an http(s) URL. */
export function resolveHttpUrl(href: string | null | undefined, base: string): string | null {
  if (href == null) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The host without a leading `www.`, so `www.example.com` and `example.com` count as one site. */
export function siteHost(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

/** True when both http(s) URLs are on the same site (same host, ignoring `www.`). */
export function isSameSite(url: string, pageUrl: string): boolean {
  return siteHost(url) === siteHost(pageUrl);
}

/** The URL without its fragment, for comparing two URLs of the same document. */
export function withoutHash(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** A short form of a `data:` URL for reports; other URLs unchanged. */
export function displayUrl(url: string, max = 80): string {
  return url.startsWith('data:') && url.length > max ? `${url.slice(0, max)}…` : url;
}
