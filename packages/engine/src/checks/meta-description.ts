import { metaDescriptions } from '../html/head-meta';
import { searchResultFit } from '../text/search-result';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune; how wide a description may be is the search-result rule's. */
export const thresholds = { minLength: 50 };

const messages = {
  missing:
    'The page has no meta description; search engines will pick a snippet from the page, often a poor one.',
  empty: 'The page has a meta description tag, but it is empty.',
  multiple:
    'The page has {count} meta description tags; search engines use only one, and you cannot tell which.',
  short:
    'The meta description is {length} characters long; under {min} it wastes room to persuade searchers to click.',
  long: 'The meta description is about {px} px wide ({length} characters), and desktop search results show only about {max} px of it: what comes after “{end}” would be cut off.',
  ok: 'The meta description is {length} characters long (about {px} px), so search results can show it in full.',
};

export const metaDescription = defineCheck({
  key: 'meta-description',
  title: 'Meta description',
  category: 'common-seo',
  relevance: 9,
  scope: 'page',
  requires: ['document'],
  description:
    'The <code>&lt;meta name="description"&gt;</code> is the short summary search engines often show under the title. It does not rank the page by itself, but a good one earns the click.',
  recommendation:
    'Write one unique description of 50 to about 155 characters (985 px) that sums up the page.',
  howToFix:
    'Add <code>&lt;meta name="description" content="…"&gt;</code> to the <code>&lt;head&gt;</code>. Say what the visitor gets on this page, with the main search term and a reason to click, in 50 to about 155 characters (search results cut descriptions wider than about 985 px). Write a different one for every page; most CMSs and SEO plugins have a field for it.',
  evaluate({ document: { $ } }, { format }) {
    const descriptions = metaDescriptions($);
    if (descriptions.length === 0)
      return failed(messages.missing, { description: null, description_length: 0 });
    const description = descriptions.find((d) => d) ?? '';
    if (!description) return failed(messages.empty, { description: '', description_length: 0 });
    const length = [...description].length;
    const fit = searchResultFit('description', description);
    const data = { description, description_length: length, description_px: fit.px };
    const values = {
      length,
      px: fit.px,
      min: thresholds.minLength,
      max: fit.maxPx,
      end: fit.shown.replace(/ …$/, '').split(' ').slice(-3).join(' '),
      count: descriptions.length,
    };
    if (descriptions.length > 1) return warning(format(messages.multiple, values), data);
    if (length < thresholds.minLength) return warning(format(messages.short, values), data);
    if (fit.cut) return warning(format(messages.long, values), data);
    return passed(format(messages.ok, values), data);
  },
});
