import { browserCacheTtl, DAY_SECONDS } from '../html/cache-ttl';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { minTtlDays: 30 };

const messages = {
  none: 'The page loads no images.',
  ok: '{count?The one image|All # images} may be cached by browsers for at least {days} days.',
  some: '{short} of {count} images may be cached for less than {days} days, so returning visitors download them again.',
  all: '{count?The one image may not be cached|None of the # images may be cached} by browsers.',
};

export const imageCaching = defineCheck({
  key: 'image-caching',
  title: 'Image browser caching',
  category: 'images',
  relevance: 4,
  scope: 'page',
  requires: ['resources'],
  description:
    'Images rarely change. A long <code>Cache-Control: max-age</code> (or <code>Expires</code>) lets returning visitors load them from their own disk instead of downloading them again.',
  recommendation: 'Serve images with Cache-Control max-age of at least 30 days.',
  howToFix:
    'Add a caching header for images in the server or CDN, e.g. <code>Cache-Control: public, max-age=31536000, immutable</code> for files whose name changes when they change, or <code>max-age=2592000</code> (30 days) otherwise. nginx: <code>location ~* \\.(png|jpe?g|gif|webp|avif|svg)$ { expires 30d; }</code>. Apache: mod_expires with <code>ExpiresByType image/webp "access plus 30 days"</code>.',
  evaluate({ resources }, { format }) {
    const images = resources.filter(
      (r) => r.type === 'image' && r.initiator !== 'og:image' && r.status !== null && r.status < 400,
    );
    const minimum = thresholds.minTtlDays * DAY_SECONDS;
    const short = images
      .map((r) => ({ url: r.url, ttl_seconds: browserCacheTtl(r.headers) }))
      .filter((r) => r.ttl_seconds === null || r.ttl_seconds < minimum);
    const data = { not_cached: short };
    if (images.length === 0) return notApplicable(messages.none, data);
    const values = { count: images.length, short: short.length, days: thresholds.minTtlDays };
    if (short.length === 0) return passed(format(messages.ok, values), data);
    if (short.every((r) => !r.ttl_seconds) && short.length === images.length)
      return failed(format(messages.all, values), data);
    return warning(format(messages.some, values), data);
  },
});
