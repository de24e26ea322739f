import { defineCheck, passed } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { shown: 5 };

const messages = {
  none: 'The data provider found no domains competing for the same search queries.',
  found: '{count} domains compete for the same search queries; the strongest is {domain}.',
};

export const competitorDomains = defineCheck({
  key: 'competitor-domains',
  title: 'Competitor domains',
  category: 'keywords-content',
  relevance: 2,
  scope: 'page',
  requires: ['seoData'],
  description:
    'Domains that rank for many of the same search queries as this site, ordered by their authority, from the SEO data provider. Informational: it never fails.',
  recommendation: 'Study the pages of the strongest competitors for the queries you share.',
  howToFix:
    'Open the competitors’ pages that rank above yours for shared queries. Note what they cover that you do not (answers, comparisons, prices, pictures) and how their pages are linked, then improve your own page where it falls short. Run an SEO Checkup with them as competitors to compare their pages with yours check by check.',
  evaluate({ seoData }, { format }) {
    const domains = [...seoData.competitorDomains]
      .sort((a, b) => (b.authority ?? -1) - (a.authority ?? -1) || b.common_keywords - a.common_keywords)
      .slice(0, thresholds.shown);
    const data = { competitor_domains: domains };
    if (domains.length === 0) return passed(messages.none, data);
    return passed(format(messages.found, { count: domains.length, domain: domains[0]!.domain }), data);
  },
});
