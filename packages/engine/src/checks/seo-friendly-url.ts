import { isSameSite, resolveHttpUrl, withoutHash } from '../html/url';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune. 115 characters is Screaming Frog's limit for URL length. */
export const thresholds = { maxLength: 115, maxQueryParameters: 2, maxListed: 100 };

const SESSION_PARAMS =
  /^(sid|sessid|session|sessionid|session_id|jsessionid|phpsessid|aspsessionid\w*|cfid|cftoken|zenid|oscsid)$/i;

const REASONS = {
  uppercase: 'uppercase letters',
  underscore: 'underscores',
  space: 'spaces',
  double_slash: 'double slashes',
  non_ascii: 'non-ASCII characters',
  session_id: 'a session id',
  too_long: 'over {max} characters',
  too_many_parameters: 'more than {params} query parameters',
} as const;
type Reason = keyof typeof REASONS;

const messages = {
  page: 'The page URL has {reasons}.',
  links: '{count} same-site links point to URLs with {reasons}.',
  ok: 'The page URL and {total?the one same-site link URL|# same-site link URLs} are short, lowercase and hyphen-separated.',
};

function reasonsFor(href: string): Reason[] {
  const url = new URL(href);
  // Percent-escapes are uppercase by convention and say nothing about the path's letters.
  const path = url.pathname.replace(/%[0-9a-f]{2}/gi, (percent) => percent.toLowerCase());
  const reasons: Reason[] = [];
  if (/[A-Z]/.test(path)) reasons.push('uppercase');
  if (path.includes('_')) reasons.push('underscore');
  if (path.includes('%20') || path.includes('+')) reasons.push('space');
  if (path.includes('//')) reasons.push('double_slash');
  if (/%[89a-f][0-9a-f]/.test(path)) reasons.push('non_ascii');
  if (/;jsessionid=/i.test(path) || [...url.searchParams.keys()].some((key) => SESSION_PARAMS.test(key)))
    reasons.push('session_id');
  if (href.length > thresholds.maxLength) reasons.push('too_long');
  if ([...url.searchParams.keys()].length > thresholds.maxQueryParameters)
    reasons.push('too_many_parameters');
  return reasons;
}

export const seoFriendlyUrl = defineCheck({
  key: 'seo-friendly-url',
  title: 'URL hygiene',
  category: 'links-crawlability',
  relevance: 5,
  scope: 'page',
  requires: ['document'],
  description:
    'Short, lowercase, hyphen-separated URLs are easy to read, share and link to, and they show in search results. Uppercase letters and trailing variants create duplicate URLs; underscores do not separate words for search engines; session ids and many parameters multiply the URLs crawlers have to visit.',
  recommendation: 'Use short, lowercase URLs with words separated by hyphens and few query parameters.',
  howToFix:
    'Pick readable slugs such as <code>/oak-dining-tables</code> rather than <code>/Products/Oak_Dining_Tables?id=17&amp;sessionid=…</code>. Replace underscores and spaces with hyphens, lowercase everything, and keep session ids in cookies, not URLs. When you change a URL, redirect the old one with a <code>301</code> and update internal links. Keep filter and tracking parameters out of internal links, and use canonical tags for the variants you cannot avoid.',
  evaluate({ document: { $, url: pageUrl, baseUrl } }, { format }) {
    const page = withoutHash(pageUrl);
    const links = new Set<string>();
    $('a[href]').each((_, el) => {
      const href = resolveHttpUrl($(el).attr('href'), baseUrl);
      if (href && isSameSite(href, pageUrl)) links.add(withoutHash(href));
    });
    links.delete(page);

    const describe = (reasons: Reason[]) =>
      reasons
        .map((reason) =>
          format(REASONS[reason], { max: thresholds.maxLength, params: thresholds.maxQueryParameters }),
        )
        .join(', ');
    const pageReasons = reasonsFor(page);
    const found = [
      ...(pageReasons.length ? [{ url: page, reasons: pageReasons }] : []),
      ...[...links].map((url) => ({ url, reasons: reasonsFor(url) })).filter(({ reasons }) => reasons.length),
    ];
    const data = { seo_unfriendly_urls: found.slice(0, thresholds.maxListed) };
    if (found.length === 0) return passed(format(messages.ok, { total: links.size }), data);

    const parts: string[] = [];
    if (pageReasons.length) parts.push(format(messages.page, { reasons: describe(pageReasons) }));
    const badLinks = found.slice(pageReasons.length ? 1 : 0);
    if (badLinks.length) {
      const reasons = [...new Set(badLinks.flatMap((link) => link.reasons))];
      parts.push(format(messages.links, { count: badLinks.length, reasons: describe(reasons) }));
    }
    return warning(parts.join(' '), data);
  },
});
