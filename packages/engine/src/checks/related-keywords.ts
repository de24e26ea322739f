import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { shown: 20 };

const messages = {
  none: 'The data provider knows no search queries this page ranks for.',
  found: 'The page ranks for {count} search queries; the best is “{best}” at position {position}.',
};

export const relatedKeywords = defineCheck({
  key: 'related-keywords',
  title: 'Related keywords',
  category: 'keywords-content',
  relevance: 3,
  scope: 'page',
  requires: ['seoData'],
  description:
    'The search queries the page already ranks for, with their position, monthly search volume and cost per click, from the SEO data provider. They show what search engines think the page is about.',
  recommendation: 'Build on the queries the page ranks for: use them in the title, headings and text.',
  howToFix:
    'Take the queries with good volume where the page ranks between 5 and 20, and make sure the page answers them fully: use the query in a heading, add the details searchers expect, and link to the page from related pages with the query as anchor text. A page that ranks for nothing needs a clearer topic and links from the rest of the site.',
  evaluate({ seoData }, { format }) {
    const keywords = [...seoData.relatedKeywords]
      .sort((a, b) => (a.position ?? 999) - (b.position ?? 999))
      .slice(0, thresholds.shown);
    const data = { related_keywords: keywords };
    if (keywords.length === 0) return warning(messages.none, data);
    const best = keywords[0]!;
    return passed(
      format(messages.found, {
        count: seoData.relatedKeywords.length,
        best: best.keyword,
        position: best.position ?? '–',
      }),
      data,
    );
  },
});
