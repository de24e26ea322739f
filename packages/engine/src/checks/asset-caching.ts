import { browserCacheTtl, DAY_SECONDS, isImmutable, looksHashed } from '../html/cache-ttl';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { minTtlDays: 30, hashedTtlDays: 365 };

const messages = {
  none: 'The page loads no scripts or stylesheets of its own.',
  ok: '{count?The site’s one script or stylesheet|All # of the site’s scripts and stylesheets} may be cached for at least {days} days.',
  hashedShort:
    ' {hashed} of them have a content hash in their name and could be cached for a year (immutable).',
  some: '{short} of {count} scripts and stylesheets may be cached for less than {days} days.',
  none_cacheable:
    'None of the site’s {count} scripts and stylesheets may be cached by browsers: every visit downloads them again.',
};

export const assetCaching = defineCheck({
  key: 'asset-caching',
  title: 'JS/CSS browser caching',
  category: 'speed-performance',
  relevance: 5,
  scope: 'page',
  requires: ['resources'],
  description:
    'How long browsers may keep the site’s own JavaScript and CSS files. With a long cache lifetime, returning visitors and every further page view load them from disk. Files with a content hash in their name never change and can be kept for a year.',
  recommendation:
    'Cache the site’s scripts and stylesheets for at least 30 days; a year with immutable for hashed file names.',
  howToFix:
    'Give versioned files a content hash in their name (every bundler can: <code>app.3f9a1c2b.js</code>) and serve them with <code>Cache-Control: public, max-age=31536000, immutable</code>. For files without a hash, use at least <code>max-age=2592000</code> (30 days) and change the URL (<code>?v=2</code>) when they change. Never send <code>no-store</code> for static files.',
  evaluate({ resources }, { format }) {
    const assets = resources.filter(
      (r) =>
        r.firstParty &&
        (r.type === 'script' || r.type === 'stylesheet') &&
        r.status !== null &&
        r.status < 400,
    );
    const minimum = thresholds.minTtlDays * DAY_SECONDS;
    const entry = (r: (typeof assets)[number]) => ({ url: r.url, ttl_seconds: browserCacheTtl(r.headers) });
    const short = assets
      .map((r) => ({ ...entry(r), type: r.type }))
      .filter((r) => r.ttl_seconds === null || r.ttl_seconds < minimum);
    const data = {
      not_cached: {
        js: short.filter((r) => r.type === 'script').map(({ url, ttl_seconds }) => ({ url, ttl_seconds })),
        css: short
          .filter((r) => r.type === 'stylesheet')
          .map(({ url, ttl_seconds }) => ({ url, ttl_seconds })),
      },
    };
    if (assets.length === 0) return notApplicable(messages.none, data);
    const values = { count: assets.length, short: short.length, days: thresholds.minTtlDays };
    if (short.length === 0) {
      const hashed = assets.filter(
        (r) =>
          looksHashed(r.url) &&
          !isImmutable(r.headers) &&
          (browserCacheTtl(r.headers) ?? 0) < thresholds.hashedTtlDays * DAY_SECONDS,
      ).length;
      return passed(
        format(messages.ok, values) + (hashed ? format(messages.hashedShort, { hashed }) : ''),
        data,
      );
    }
    if (short.length === assets.length && short.every((r) => !r.ttl_seconds))
      return failed(format(messages.none_cacheable, values), data);
    return warning(format(messages.some, values), data);
  },
});
