import type { RenderedAnchor } from '../artifacts';
import { elementText } from '../html/text';
import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: how many links the result lists. */
export const thresholds = { maxListed: 100 };

// Schemes that start an app (mail, phone) rather than a page; crawlers skip them, which is fine.
const APP_SCHEMES = new Set(['mailto:', 'tel:', 'sms:', 'callto:', 'fax:', 'geo:', 'skype:', 'whatsapp:']);

const messages = {
  uncrawlable: '{count} of {total} links cannot be followed by crawlers (no http(s) href): {reasons}.',
  ok: '{total?The one link has|All # links have} an href that crawlers can follow.',
  none: 'The page has no links to check.',
};
const REASONS = {
  empty_href: 'empty href',
  javascript: 'javascript: href',
  file: 'file: href',
  onclick_only: 'onclick without href',
  listener_only: 'click handler without href',
  invalid_url: 'invalid URL',
  unsupported_scheme: 'non-web scheme',
} as const;
type Reason = keyof typeof REASONS;

type Uncrawlable = { href: string | null; text: string; reason: Reason };

/**
 * Why a crawler cannot follow the link, or null. `handler` says how a link without href would
 * navigate: an `onclick` attribute, a listener a script added (seen only in the browser), or none
 * (a named anchor, a placeholder: not a link at all).
 */
function reasonFor(
  href: string | null | undefined,
  handler: 'attribute' | 'listener' | null,
  baseUrl: string,
): Reason | null {
  if (href == null)
    return handler === 'attribute' ? 'onclick_only' : handler === 'listener' ? 'listener_only' : null;
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
  optional: ['browser'],
  description:
    'Search engines follow only <code>&lt;a&gt;</code> elements whose <code>href</code> holds a real URL. Links that navigate with JavaScript (<code>onclick</code>, a click listener a script adds, <code>href="javascript:…"</code>) or point to local files are invisible to crawlers, and so are the pages behind them.',
  recommendation:
    'Give every link an href with a real http(s) URL; keep JavaScript for behavior on top of it.',
  howToFix:
    'Replace <code>&lt;a onclick="goTo(\'/pricing\')"&gt;</code> and <code>&lt;a href="javascript:void(0)"&gt;</code> with <code>&lt;a href="/pricing"&gt;</code>; a script can still intercept the click. For elements that do not navigate (open a menu, submit a form), use a <code>&lt;button&gt;</code> instead of a link. Remove links to <code>file:</code> URLs and fill in empty <code>href</code> attributes.',
  evaluate(artifacts, { format }) {
    const { $, baseUrl } = artifacts.document;
    // The browser run is optional: with it, links that only a script's listener makes work are
    // found too; without Chromium the HTML as served is judged alone.
    const rendered = artifacts.browser?.anchors ?? [];
    const uncrawlable: Uncrawlable[] = [];
    let total = 0;
    $('a').each((_, el) => {
      const $el = $(el);
      // role="button" and friends are not links; named anchors without href are targets, not links.
      if ($el.attr('role')) return;
      const href = $el.attr('href');
      const onclick = $el.attr('onclick') !== undefined;
      if (href === undefined && !onclick) return;
      total++;
      const reason = reasonFor(href, onclick ? 'attribute' : null, baseUrl);
      if (reason)
        uncrawlable.push({ href: href ?? null, text: elementText($, el, { imageAlt: true }), reason });
    });
    const scripted = scriptedLinks(rendered, uncrawlable, baseUrl);
    total += scripted.length;
    uncrawlable.push(...scripted);
    const data = { uncrawlable_links: uncrawlable.slice(0, thresholds.maxListed) };
    // No link: nothing to judge (not a pass a page earns).
    if (total === 0) return notApplicable(messages.none, data);
    if (uncrawlable.length === 0) return passed(format(messages.ok, { total }), data);
    const reasons = [...new Set(uncrawlable.map(({ reason }) => REASONS[reason]))].join(', ');
    return warning(format(messages.uncrawlable, { count: uncrawlable.length, total, reasons }), data);
  },
});

/**
 * Anchors of the rendered page that navigate by script (a click or mousedown listener) and have
 * no href a crawler can follow, less those the served HTML already showed: the same href and
 * reason, matched on the text first, so a link is listed once.
 */
function scriptedLinks(
  anchors: readonly RenderedAnchor[],
  fromHtml: readonly Uncrawlable[],
  baseUrl: string,
): Uncrawlable[] {
  const found: Uncrawlable[] = [];
  for (const anchor of anchors) {
    if (!anchor.clickListener || anchor.role) continue;
    const reason = reasonFor(anchor.href, anchor.onclickAttribute ? 'attribute' : 'listener', baseUrl);
    if (reason) found.push({ href: anchor.href, text: anchor.text, reason });
  }
  const unmatched = [...fromHtml];
  const listed = (link: Uncrawlable, sameText: boolean) => {
    const index = unmatched.findIndex(
      (html) =>
        html.href === link.href && html.reason === link.reason && (!sameText || html.text === link.text),
    );
    if (index >= 0) unmatched.splice(index, 1);
    return index >= 0;
  };
  // Same text first, so a link whose text a script changed does not take another link's place.
  const unlisted = found.filter((link) => !listed(link, true));
  return unlisted.filter((link) => !listed(link, false));
}
