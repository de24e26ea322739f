/**
 * How long a browser may reuse a response without asking again, in seconds, from its headers:
 * `no-store`/`no-cache` → 0, then `max-age`, then `Expires` minus `Date`. Null when nothing says.
 * (`s-maxage` is for shared caches, not the browser.)
 */
export function browserCacheTtl(headers: Record<string, string>, now = Date.now()): number | null {
  const control = (headers['cache-control'] ?? '').toLowerCase();
  if (/(^|,)\s*(no-store|no-cache)\b/.test(control)) return 0;
  const maxAge = /(^|,)\s*max-age\s*=\s*"?(\d+)/.exec(control);
  if (maxAge) return Number(maxAge[2]);
  const expires = headers.expires ? Date.parse(headers.expires) : Number.NaN;
  if (Number.isFinite(expires)) {
    const date = headers.date ? Date.parse(headers.date) : now;
    return Math.max(0, Math.round((expires - (Number.isFinite(date) ? date : now)) / 1000));
  }
  // An invalid Expires ("0", "-1") means already expired.
  if (headers.expires !== undefined) return 0;
  return null;
}

/** `immutable` in Cache-Control: the file never changes at this URL. */
export const isImmutable = (headers: Record<string, string>) =>
  /\bimmutable\b/i.test(headers['cache-control'] ?? '');

/** A file name with a content hash (`app.3f9a1c2b.js`, `main-BX12ab9Q.css`): safe to cache for a year. */
export const looksHashed = (url: string) =>
  /[.-][0-9a-z_]{8,}\.(js|mjs|css)$/i.test(new URL(url).pathname) &&
  /\d/.test(new URL(url).pathname.split('/').pop() ?? '');

export const DAY_SECONDS = 86_400;
