import { searchResultFit } from '../text/search-result';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune; how wide a title may be is the search-result rule's. */
export const thresholds = { minLength: 10 };
const PLACEHOLDERS = new Set([
  'home',
  'untitled',
  'untitled document',
  'react app',
  'document',
  'index',
  'new page',
]);

const messages = {
  missing: 'The page has no title. Search engines will make one up for the result, usually a poor one.',
  empty: 'The page has a <title> element, but it is empty.',
  multiple: 'The page has {count} <title> elements; browsers and crawlers use only the first.',
  placeholder: 'The title "{title}" is a placeholder that says nothing about the page.',
  short: 'The title is {length} characters long; at under {min} it misses words people search for.',
  long: 'The title is about {px} px wide ({length} characters), and desktop search results show only about {max} px of a title: searchers would read “{shown}”.',
  ok: 'The title is {length} characters long (about {px} px), so search results show it in full.',
};

export const metaTitle = defineCheck({
  key: 'meta-title',
  title: 'Meta title',
  category: 'common-seo',
  relevance: 10,
  scope: 'page',
  requires: ['document'],
  description:
    'The <code>&lt;title&gt;</code> is the headline of the page in search results and browser tabs, and one of the strongest signals of what the page is about.',
  recommendation: 'Give the page one unique, descriptive title of 10 to about 60 characters (580 px).',
  howToFix:
    'Add a single <code>&lt;title&gt;</code> inside <code>&lt;head&gt;</code>. Lead with the main topic of the page, then the brand, e.g. <code>&lt;title&gt;Handmade oak tables – Woodline&lt;/title&gt;</code>. Keep it between 10 and about 60 characters (search results cut titles wider than about 580 px), and make it different on every page.',
  evaluate({ document: { $ } }, { format }) {
    const titles = $('title')
      .filter((_, el) => $(el).closest('svg').length === 0)
      .map((_, el) => $(el).text().replace(/\s+/g, ' ').trim())
      .get();
    if (titles.length === 0) return failed(messages.missing, { title: null, title_length: 0 });
    const title = titles[0]!;
    if (!title) return failed(messages.empty, { title: '', title_length: 0 });

    const length = [...title].length; // code points, not UTF-16 units
    const fit = searchResultFit('title', title);
    const data = { title, title_length: length, title_px: fit.px };
    if (titles.length > 1) return warning(format(messages.multiple, { count: titles.length }), data);
    if (PLACEHOLDERS.has(title.toLowerCase())) return warning(format(messages.placeholder, { title }), data);
    if (length < thresholds.minLength)
      return warning(format(messages.short, { length, min: thresholds.minLength }), data);
    if (fit.cut)
      return warning(format(messages.long, { length, px: fit.px, max: fit.maxPx, shown: fit.shown }), data);
    return passed(format(messages.ok, { length, px: fit.px }), data);
  },
});
