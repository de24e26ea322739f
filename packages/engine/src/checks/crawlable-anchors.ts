import { elementText } from '../html/text';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune: how many links the result lists. */
export const thresholds = { maxListed: 100 };

// Schemes that start an app (mail, phone) rather than a page; crawlers skip them, which is fine.
const APP_SCHEMES = new Set(['mailto:', 'tel:', 'sms:', 'callto:', 'fax:', 'geo:', 'skype:', 'whatsapp:']);

const messages = {
  uncrawlable: '{count} of {total} links cannot be followed by crawlers (no http(s) href): {reasons}.',
  ok: 'All {total} links have an href that crawlers can follow.',
  none: 'The page has no links to check.',
};
const REASONS = {
  empty_href: 'empty href',
  javascript: 'javascript: href',
  file: 'file: href',
  onclick_only: 'onclick without href',
  invalid_url: 'invalid URL',
  unsupported_scheme: 'non-web scheme',
} as const;
type Reason = keyof typeof REASONS;

function reasonFor(href: string | undefined, onclick: boolean, baseUrl: string): Reason | null {
  if (href === undefined) return onclick ? 'onclick_only' : null;
  const raw = href.trim();
  if (raw === '') return 'empty_href';
  if (/^javascript:/i.test(raw)) return 'javascript';
  if (/^file:/i.test(raw)) return 'file';
  let url: URL;
  try {
    url = new URL(raw, baseUrl);
  } catch {
    return 'invalid_url';
  }
  if (url.protocol === 'http:' || url.protocol === 'https:' || APP_SCHEMES.has(url.protocol)) return null;
  return 'unsupported_scheme';
}

export const crawlableAnchors = defineCheck({
  key: 'crawlable-anchors',
  title: 'Crawlable links',
  category: 'links-crawlability',
  relevance: 5,
  scope: 'page',
  requires: ['document'],
  description:
    'Search engines follow only <code>&lt;a&gt;</code> elements whose <code>href</code> holds a real URL. Links that navigate with JavaScript (<code>onclick</code>, <code>href="javascript:…"</code>) or point to local files are invisible to crawlers, and so are the pages behind them.',
  recommendation:
    'Give every link an href with a real http(s) URL; keep JavaScript for behaviour on top of it.',
  howToFix:
    'Replace <code>&lt;a onclick="goTo(\'/pricing\')"&gt;</code> and <code>&lt;a href="javascript:void(0)"&gt;</code> with <code>&lt;a href="/pricing"&gt;</code>; a script can still intercept the click. For elements that do not navigate (open a menu, submit a form), use a <code>&lt;button&gt;</code> instead of a link. Remove links to <code>file:</code> URLs and fill in empty <code>href</code> attributes.',
  evaluate({ document: { $, baseUrl } }, { format }) {
    const anchors = $('a');
    const uncrawlable: { href: string | null; text: string; reason: Reason }[] = [];
    let total = 0;
    anchors.each((_, el) => {
      const $el = $(el);
      // role="button" and friends are not links; named anchors without href are targets, not links.
      if ($el.attr('role')) return;
      const href = $el.attr('href');
      if (href === undefined && $el.attr('onclick') === undefined) return;
      total++;
      const reason = reasonFor(href, $el.attr('onclick') !== undefined, baseUrl);
      if (reason)
        uncrawlable.push({ href: href ?? null, text: elementText($, el, { imageAlt: true }), reason });
    });
    const data = { uncrawlable_links: uncrawlable.slice(0, thresholds.maxListed) };
    if (total === 0) return passed(messages.none, data);
    if (uncrawlable.length === 0) return passed(format(messages.ok, { total }), data);
    const reasons = [...new Set(uncrawlable.map(({ reason }) => REASONS[reason]))].join(', ');
    return warning(format(messages.uncrawlable, { count: uncrawlable.length, total, reasons }), data);
  },
});
