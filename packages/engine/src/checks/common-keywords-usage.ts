import { containsTerm, extractKeywords, words } from '../html/keywords';
import { collapseWhitespace, elementText } from '../html/text';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = {
  /** How many of the most frequent terms must show up in the title, description and headings. */
  topKeywords: 5,
  /** A term used fewer times is not a top keyword, unless the page repeats no term at all. */
  minTopCount: 2,
  /** How many terms the frequency table lists. */
  listed: 10,
  /** A single word above this share of the text reads as keyword stuffing, in percent. */
  maxDensity: 5,
  /** Density is meaningless on a handful of words. */
  minWordsForDensity: 100,
};

const PLACES = { title: 'the title', description: 'the meta description', headings: 'any heading' } as const;
type Place = keyof typeof PLACES;

const messages = {
  noText: 'The page has no visible text to take keywords from.',
  nowhere:
    'None of the top {count} keywords ({keywords}) appear in the title, the meta description or any heading.',
  missing: 'The top keywords ({keywords}) do not appear in {places}.',
  stuffing: '"{term}" makes up {density} % of the words; above {max} % reads as keyword stuffing.',
  ok: 'The top keywords ({keywords}) appear in the title, the meta description and the headings.',
};

export const commonKeywordsUsage = defineCheck({
  key: 'common-keywords-usage',
  title: 'Top keywords & placement',
  category: 'keywords-content',
  relevance: 7,
  scope: 'page',
  requires: ['document'],
  description:
    'The words and phrases a page uses most show search engines what it is about. When those same terms also appear in the title, the meta description and the headings, the page’s topic is consistent and clear; when one word is repeated far too often, it reads as keyword stuffing.',
  recommendation:
    'Use the page’s main keywords in its title, meta description and headings, and write naturally.',
  howToFix:
    'Check that the most frequent terms listed here are the ones you want to rank for; if not, rewrite the text around the right topic. Then work the main term into the <code>&lt;title&gt;</code>, the <code>&lt;meta name="description"&gt;</code> and at least one heading (ideally the <code>&lt;h1&gt;</code>). If one word makes up more than about 5 % of the text, use synonyms and related terms instead of repeating it.',
  evaluate({ document: { $ } }, { format }) {
    const { lang, words: total, terms } = extractKeywords($);
    const texts: Record<Place, string> = {
      title: collapseWhitespace($('title').first().text()),
      description:
        $('meta[name]')
          .filter((_, el) => $(el).attr('name')!.trim().toLowerCase() === 'description')
          .first()
          .attr('content') ?? '',
      headings: $('h1, h2, h3, h4, h5, h6')
        .map((_, el) => elementText($, el, { imageAlt: true }))
        .get()
        .join(' \n '),
    };
    const tokens = {
      title: words(texts.title, lang),
      description: words(texts.description, lang),
      // Each heading is its own run so a phrase cannot span two headings.
      headings: texts.headings.split(' \n ').map((heading) => words(heading, lang)),
    };
    const found = (term: string) => ({
      in_title: containsTerm(tokens.title, term),
      in_description: containsTerm(tokens.description, term),
      in_headings: tokens.headings.some((heading) => containsTerm(heading, term)),
    });
    const frequency = terms
      .slice(0, thresholds.listed)
      .map(({ term, count, density }) => ({ keyword: term, count, density, ...found(term) }));
    const repeated = frequency.filter(({ count }) => count >= thresholds.minTopCount);
    const top = (repeated.length > 0 ? repeated : frequency).slice(0, thresholds.topKeywords);
    const usage = {
      title: top.some((k) => k.in_title),
      description: top.some((k) => k.in_description),
      headings: top.some((k) => k.in_headings),
    };
    const data = { keywords_frequency: frequency, keywords_usage: usage, lang };
    if (top.length === 0) return warning(messages.noText, data);

    const keywords = top.map(({ keyword }) => keyword).join(', ');
    if (!usage.title && !usage.description && !usage.headings)
      return failed(format(messages.nowhere, { count: top.length, keywords }), data);
    const missing = (Object.keys(PLACES) as Place[]).filter((place) => !usage[place]);
    if (missing.length > 0)
      return warning(
        format(messages.missing, { keywords, places: missing.map((place) => PLACES[place]).join(' or ') }),
        data,
      );
    const stuffed = terms.find((term) => term.n === 1 && term.density > thresholds.maxDensity);
    if (stuffed && total >= thresholds.minWordsForDensity)
      return warning(
        format(messages.stuffing, {
          term: stuffed.term,
          density: stuffed.density,
          max: thresholds.maxDensity,
        }),
        data,
      );
    return passed(format(messages.ok, { keywords }), data);
  },
});
