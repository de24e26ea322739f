import { extractKeywords } from '../html/keywords';
import { defineCheck, passed } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { maxTerms: 30 };

const messages = {
  cloud:
    '{count?The page’s one frequent term is|The # most frequent terms of the page, led by} "{term}" ({times?once|# times}).',
  noText: 'The page has no visible text to build a keyword cloud from.',
};

export const keywordsCloud = defineCheck({
  key: 'keywords-cloud',
  title: 'Keyword cloud',
  category: 'keywords-content',
  relevance: 2,
  scope: 'page',
  requires: ['document'],
  description:
    'The keyword cloud shows the words and phrases the page uses most, sized by how often they occur. It is a quick way to see whether the text is really about the topic you want the page to rank for.',
  recommendation: 'Make sure the biggest terms in the cloud are the topics you want the page to rank for.',
  howToFix:
    'If the largest terms are navigation labels, boilerplate or off-topic words, the page has too little real content or too much repeated chrome. Write more text about the page’s main topic, use its key terms and their variants naturally, and trim repeated menus or footers that drown it out.',
  evaluate({ document: { $ } }, { format }) {
    const terms = extractKeywords($).terms.slice(0, thresholds.maxTerms);
    const max = terms[0]?.count ?? 0;
    const data = {
      keywords_cloud: terms.map(({ term, count }) => ({
        term,
        count,
        weight: Math.round((count / max) * 100) / 100,
      })),
    };
    if (terms.length === 0) return passed(messages.noText, data);
    return passed(format(messages.cloud, { count: terms.length, term: terms[0]!.term, times: max }), data);
  },
});
