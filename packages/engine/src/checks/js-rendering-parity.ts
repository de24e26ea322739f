import type { CheerioAPI } from 'cheerio/slim';
import { parseDocument } from '../gather/document';
import { headLinks } from '../html/head-elements';
import { words } from '../html/keywords';
import { textBlocks } from '../html/text';
import { resolveHttpUrl, withoutHash } from '../html/url';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: share of words and links that may appear only after scripts run. */
export const thresholds = { maxJsOnlyShare: 20 };

const messages = {
  noDom: 'Chromium returned no rendered page to compare with the raw HTML.',
  ok: 'The raw HTML already holds the page: title, description, canonical, robots and H1 match, and scripts add {pct} % of the words.',
  critical:
    'Scripts change the {fields}: crawlers that do not run JavaScript (and Google before rendering) see something else.',
  injected:
    'Most of the page is added by scripts: {pct} % of the words and {links} link(s) appear only after JavaScript runs.',
  minor: 'Scripts change the {fields}, which crawlers may read before rendering.',
};

interface Snapshot {
  title: string;
  description: string;
  canonical: string;
  robots: string;
  h1: string;
}

function snapshot($: CheerioAPI, base: string): Snapshot {
  const meta = (name: string) =>
    $('meta[name]')
      .filter((_, el) => ($(el).attr('name') ?? '').toLowerCase() === name)
      .first()
      .attr('content')
      ?.trim() ?? '';
  return {
    title: $('title')
      .filter((_, el) => $(el).closest('svg').length === 0)
      .first()
      .text()
      .replace(/\s+/g, ' ')
      .trim(),
    description: meta('description'),
    // Resolved, so a relative canonical and the absolute one a framework writes compare equal.
    canonical: canonicalOf(headLinks($, 'canonical')[0]?.attribs.href, base),
    robots: meta('robots').toLowerCase(),
    h1: $('h1').first().text().replace(/\s+/g, ' ').trim(),
  };
}

function canonicalOf(href: string | undefined, base: string): string {
  const value = href?.trim() ?? '';
  return value ? (resolveHttpUrl(value, base) ?? value) : '';
}

function linkSet($: CheerioAPI, base: string): Set<string> {
  const links = new Set<string>();
  $('a[href]').each((_, el) => {
    const href = resolveHttpUrl($(el).attr('href'), base);
    if (href) links.add(withoutHash(href));
  });
  return links;
}

export const jsRenderingParity = defineCheck({
  key: 'js-rendering-parity',
  title: 'Raw vs rendered HTML',
  category: 'mobile-rendering',
  relevance: 6,
  scope: 'page',
  requires: ['document', 'browser'],
  description:
    'Compares the HTML the server sends with the page after its scripts ran in Chromium. Search engines read the raw HTML first and render later, if at all; AI crawlers mostly never run scripts. Title, canonical, robots and content should not depend on JavaScript.',
  recommendation: 'Send the title, meta tags, main content and links in the server’s HTML.',
  howToFix:
    'Render pages on the server or at build time (server-side rendering or static generation in Next.js, Nuxt, SvelteKit, Astro…) instead of only in the browser. Never let scripts change the robots meta tag or the canonical URL. If a framework sets the title on the client, set the same title in the server’s HTML.',
  evaluate({ document, browser }, { format }) {
    if (!browser.renderedHtml.trim())
      return notApplicable(messages.noDom, { diffs: [], js_only_links: [], js_only_words_pct: null });
    const rendered = parseDocument(browser.renderedHtml, document.url);
    const raw = snapshot(document.$, document.baseUrl);
    const after = snapshot(rendered.$, rendered.baseUrl);
    const diffs = (Object.keys(raw) as (keyof Snapshot)[])
      .filter((field) => raw[field] !== after[field])
      .map((field) => ({ field, raw: raw[field] || null, rendered: after[field] || null }));
    const rawLinks = linkSet(document.$, document.baseUrl);
    const jsOnlyLinks = [...linkSet(rendered.$, rendered.baseUrl)].filter((href) => !rawLinks.has(href));
    const rawWords = new Set(words(textBlocks(document.$).join('\n'), 'en'));
    const renderedWords = words(textBlocks(rendered.$).join('\n'), 'en');
    const jsOnly = renderedWords.filter((word) => !rawWords.has(word)).length;
    const pct = renderedWords.length ? Math.round((jsOnly / renderedWords.length) * 100) : 0;
    const data = { diffs, js_only_links: jsOnlyLinks, js_only_words_pct: pct };
    const critical = diffs.filter(
      (d) => d.field === 'robots' || d.field === 'canonical' || d.field === 'title',
    );
    if (critical.length > 0)
      return failed(format(messages.critical, { fields: critical.map((d) => d.field).join(', ') }), data);
    const totalLinks = rawLinks.size + jsOnlyLinks.length;
    if (
      pct > thresholds.maxJsOnlyShare ||
      (totalLinks > 0 && (jsOnlyLinks.length / totalLinks) * 100 > thresholds.maxJsOnlyShare)
    )
      return warning(format(messages.injected, { pct, links: jsOnlyLinks.length }), data);
    if (diffs.length > 0)
      return warning(format(messages.minor, { fields: diffs.map((d) => d.field).join(', ') }), data);
    return passed(format(messages.ok, { pct }), data);
  },
});
