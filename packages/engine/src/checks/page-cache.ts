import { defineCheck, passed, warning } from './define-check';

const messages = {
  hit: 'The second request was answered from a server cache ({header}: {value}).',
  miss: 'The second request was not answered from cache ({header}: {value}): the server builds the page on every visit.',
  unknown: 'No cache header says whether the page was served from a server cache.',
  unreachable: 'The page could not be fetched a second time to read its cache headers.',
};

// Headers that report a server or CDN cache result, in the order we trust them.
const CACHE_HEADERS = [
  'cache-status',
  'cf-cache-status',
  'x-cache',
  'x-cache-status',
  'x-vercel-cache',
  'x-nf-cache-status',
  'x-litespeed-cache',
  'x-proxy-cache',
  'x-nginx-cache',
  'x-fastcgi-cache',
  'x-drupal-cache',
  'x-varnish-cache',
  'x-wp-super-cache',
  'x-sucuri-cache',
  'x-kinsta-cache',
  'cdn-cache',
];

export const pageCache = defineCheck({
  key: 'page-cache',
  title: 'Server-side page cache',
  category: 'speed-performance',
  relevance: 3,
  scope: 'page',
  requires: ['page', 'pageRepeat'],
  description:
    'Requests the page twice and reads the cache headers of the second answer. A page served from a server or CDN cache arrives fast and spares the application and database.',
  recommendation: 'Cache full pages on the server or CDN.',
  howToFix:
    'Put a page cache in front of the application: a CDN that caches HTML (Cloudflare cache rules, Fastly, CloudFront), a reverse proxy (Varnish, nginx <code>proxy_cache</code>/<code>fastcgi_cache</code>), or your CMS’s cache plugin (WP Super Cache, LiteSpeed Cache, W3 Total Cache). Send <code>Cache-Control: public, s-maxage=…</code> for pages that are the same for every visitor.',
  evaluate({ pageRepeat }, { format }) {
    if (pageRepeat.status === null)
      return warning(messages.unreachable, { page_cache: { header: null, status: null } });
    const header = CACHE_HEADERS.find((name) => pageRepeat.headers[name] !== undefined);
    const age = Number(pageRepeat.headers.age);
    if (!header) {
      if (Number.isFinite(age) && age > 0)
        return passed(format(messages.hit, { header: 'age', value: age }), {
          page_cache: { header: 'age', status: 'hit' },
        });
      return warning(messages.unknown, { page_cache: { header: null, status: null } });
    }
    const value = pageRepeat.headers[header]!;
    // RFC 9211 Cache-Status says `hit`; CDNs say HIT, STALE, REVALIDATED, "HIT from …".
    const hit =
      header === 'cache-status'
        ? /;\s*hit\b/i.test(value) || /\bhit\b/i.test(value)
        : /\b(hit|stale|updating|revalidated)\b/i.test(value);
    const data = { page_cache: { header, status: hit ? 'hit' : value.toLowerCase().split(/[\s,;]/)[0] } };
    if (hit) return passed(format(messages.hit, { header, value }), data);
    return warning(format(messages.miss, { header, value }), data);
  },
});
