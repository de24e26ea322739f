import { withoutHash } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: hops before the page. */
export const thresholds = { maxPassedHops: 1, maxWarningHops: 2 };
const TEMPORARY = new Set([302, 303, 307]);

const messages = {
  none: 'The URL answers directly, without redirects.',
  one: 'The URL redirects once ({status}) to {url}.',
  loop: 'The redirects loop back to {url}; browsers and crawlers give up.',
  badEnd: 'The redirect chain ends in HTTP {status} instead of a working page.',
  long: 'The URL goes through {hops} redirects before the page; crawlers may stop following, and each hop costs a round trip. Keep it to {max}.',
  twoHops: 'The URL goes through {hops} redirects before the page; link straight to the final URL.',
  temporary: 'The chain uses a temporary redirect ({status} at {url}); use 301 or 308 for a permanent move.',
};

export const httpRedirects = defineCheck({
  key: 'http-redirects',
  title: 'Redirect chain',
  category: 'links-crawlability',
  relevance: 7,
  scope: 'page',
  requires: ['page'],
  description:
    'Redirects between the requested URL and the page slow down every visit and cost crawl budget. Long chains, loops and temporary redirects for permanent moves also weaken the signals passed to the final URL.',
  recommendation:
    'Redirect in one permanent (301/308) hop straight to the final URL, and link to that URL directly.',
  howToFix:
    'List the hops (for example with <code>curl -sIL https://your-url</code>). Point every old URL, the <code>http://</code> and <code>www</code> variants included, straight at the final URL in a single rule instead of chaining rules. Use <code>301</code> or <code>308</code> for permanent moves; keep <code>302</code>/<code>307</code> for moves that really are temporary. Update internal links, canonical tags and sitemaps to the final URL so no redirect is needed at all.',
  evaluate({ page }, { format }) {
    const chain = [
      ...page.redirects.map(({ url, status, location }) => ({ url, status, location })),
      { url: page.finalUrl, status: page.status, location: null },
    ];
    const data = { redirects_chain: chain };
    const hops = page.redirects.length;
    if (hops === 0) return passed(messages.none, data);

    const seen = new Set<string>();
    for (const { url } of chain) {
      const key = withoutHash(url);
      if (seen.has(key)) return failed(format(messages.loop, { url }), data);
      seen.add(key);
    }
    if (page.status < 200 || page.status > 299)
      return failed(format(messages.badEnd, { status: page.status }), data);
    if (hops > thresholds.maxWarningHops)
      return failed(format(messages.long, { hops, max: thresholds.maxPassedHops }), data);
    const temporary = page.redirects.find(({ status }) => TEMPORARY.has(status));
    if (temporary)
      return warning(format(messages.temporary, { status: temporary.status, url: temporary.url }), data);
    if (hops > thresholds.maxPassedHops) return warning(format(messages.twoHops, { hops }), data);
    return passed(format(messages.one, { status: page.redirects[0]!.status, url: page.finalUrl }), data);
  },
});
