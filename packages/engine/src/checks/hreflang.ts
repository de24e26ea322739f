import { headLinks } from '../html/head-elements';
import { hreflangProblem } from '../html/language-codes';
import { hasRel, parseLinkHeader } from '../html/link-header';
import { resolveHttpUrl, withoutHash } from '../html/url';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { maxListedInMessage: 5 };

const messages = {
  none: 'The page declares no hreflang alternates, so it does not take part in a language set.',
  onlyInBody:
    'The page declares no hreflang alternates in <head>; search engines ignore the {count} in <body>, so move them into <head>.',
  ok: 'The {count} hreflang alternates are valid, include this page and an x-default.',
  invalid: '{count} alternate(s) have an invalid language code or a relative URL: {details}.',
  conflict: 'The language {lang} points to {count} different URLs; give each language one URL.',
  noSelf: 'The set does not include this page itself ({url}); each version must list itself.',
  noDefault: 'The set has no x-default for visitors whose language is not listed.',
  langMismatch: 'The page lists itself as {hreflang}, but its <html lang> says {lang}.',
  issue: {
    relative: 'the URL is not absolute; use the full address with https://',
    conflict: 'the language {lang} also points to another URL',
    langMismatch: 'does not match <html lang="{lang}">',
  },
};

interface Entry {
  lang: string;
  href: string;
  issues: string[];
}

const primary = (code: string) => code.toLowerCase().split(/[-_]/)[0] ?? '';
const sameUrl = (a: string, b: string) => withoutHash(a) === withoutHash(b);

export const hreflang = defineCheck({
  key: 'hreflang',
  title: 'hreflang annotations',
  category: 'links-crawlability',
  relevance: 6,
  scope: 'page',
  requires: ['document', 'page'],
  description:
    'hreflang links (<code>&lt;link rel="alternate" hreflang="…"&gt;</code> in the head, or the HTTP <code>Link</code> header) tell search engines which versions of a page exist for other languages or countries, so each searcher gets their own. Every version must list all the others and itself, with valid codes and absolute URLs.',
  recommendation:
    'List every language version, this page included, plus an x-default, with valid codes and full URLs.',
  howToFix:
    'In the <code>&lt;head&gt;</code> of every version, add one line per version, the page itself included: <code>&lt;link rel="alternate" hreflang="de-AT" href="https://example.com/de-at/"&gt;</code>, and one with <code>hreflang="x-default"</code> for the page shown to everyone else (often a language chooser or the main version). Use ISO 639-1 language codes, optionally followed by an ISO 3166-1 country (<code>en-GB</code>, not <code>en-UK</code>), and full URLs starting with https://. Give each language one URL, make every version list the same set, and keep each page’s own code in line with its <code>&lt;html lang&gt;</code>.',
  evaluate({ document: { $, url, baseUrl }, page }, { format }) {
    // Search engines read these links only in <head>; head-structure reports the others.
    const entries: Entry[] = [];
    for (const { attribs } of headLinks($, 'alternate'))
      if (attribs.hreflang !== undefined)
        entries.push({ lang: attribs.hreflang.trim(), href: (attribs.href ?? '').trim(), issues: [] });
    for (const link of parseLinkHeader(page.headers.link)) {
      if (hasRel(link.params.rel, 'alternate') && link.params.hreflang !== undefined)
        entries.push({ lang: link.params.hreflang, href: link.url, issues: [] });
    }
    const data = { hreflang_links: entries };
    if (entries.length === 0) {
      const inBody = $('link[hreflang]').filter((_, el) => hasRel($(el).attr('rel'), 'alternate')).length;
      return notApplicable(inBody ? format(messages.onlyInBody, { count: inBody }) : messages.none, data);
    }

    for (const entry of entries) {
      const problem = hreflangProblem(entry.lang);
      if (problem) entry.issues.push(problem);
      if (!/^https?:\/\/[^/]/i.test(entry.href) || resolveHttpUrl(entry.href, url) === null)
        entry.issues.push(messages.issue.relative);
    }
    const failures: string[] = [];
    const invalid = entries.filter((entry) => entry.issues.length > 0);
    if (invalid.length > 0)
      failures.push(
        format(messages.invalid, {
          count: invalid.length,
          details: invalid
            .slice(0, thresholds.maxListedInMessage)
            .map((entry) => `${entry.lang || '(empty)'} (${entry.issues.join('; ')})`)
            .join(', '),
        }),
      );

    // One language (or x-default) on two different URLs; the same pair twice is only a repeat.
    const absolute = entries.filter((entry) => entry.issues.length === 0);
    const byLang = new Map<string, Set<string>>();
    for (const entry of absolute) {
      const lang = entry.lang.toLowerCase();
      byLang.set(lang, (byLang.get(lang) ?? new Set()).add(withoutHash(entry.href)));
    }
    for (const [lang, hrefs] of byLang) {
      if (hrefs.size < 2) continue;
      failures.push(format(messages.conflict, { lang, count: hrefs.size }));
      for (const entry of absolute)
        if (entry.lang.toLowerCase() === lang) entry.issues.push(format(messages.issue.conflict, { lang }));
    }

    // The page itself: its final URL, or the canonical it names.
    const canonicalHref = headLinks($, 'canonical').find(({ attribs }) => attribs.href !== undefined)?.attribs
      .href;
    const selfUrls = [url, page.finalUrl, resolveHttpUrl(canonicalHref, baseUrl)].filter(
      (candidate): candidate is string => candidate !== null,
    );
    const isSelf = (entry: Entry) => selfUrls.some((candidate) => sameUrl(entry.href, candidate));
    const selfEntries = absolute.filter(isSelf);
    const self = selfEntries.find((entry) => entry.lang.toLowerCase() !== 'x-default') ?? selfEntries[0];

    const warnings: string[] = [];
    if (!self) warnings.push(format(messages.noSelf, { url: page.finalUrl }));
    if (!entries.some((entry) => entry.lang.toLowerCase() === 'x-default')) warnings.push(messages.noDefault);
    const htmlLang = $('html').attr('lang')?.trim();
    if (
      self &&
      htmlLang &&
      self.lang.toLowerCase() !== 'x-default' &&
      primary(self.lang) !== primary(htmlLang)
    ) {
      self.issues.push(format(messages.issue.langMismatch, { lang: htmlLang }));
      warnings.push(format(messages.langMismatch, { hreflang: self.lang, lang: htmlLang }));
    }

    if (failures.length > 0) return failed([...failures, ...warnings].join(' '), data);
    if (warnings.length > 0) return warning(warnings.join(' '), data);
    return passed(format(messages.ok, { count: entries.length }), data);
  },
});
