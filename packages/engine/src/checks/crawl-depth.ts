import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: clicks from the start URL. */
export const thresholds = { good: 3, poor: 5 };

const messages = {
  unknown: 'The crawl did not reach this page through links, so its click depth is unknown.',
  start: 'This is the start page of the crawl.',
  good: 'The page is {depth} clicks from the start page.',
  deep: 'The page is {depth} clicks from the start page; pages more than {good} clicks deep are crawled less often.',
  tooDeep:
    'The page is {depth} clicks from the start page, deeper than {poor}: crawlers and visitors rarely get this far.',
};

export const crawlDepth = defineCheck({
  key: 'crawl-depth',
  title: 'Click depth',
  category: 'links-crawlability',
  relevance: 4,
  scope: 'crawl',
  requires: ['crawl'],
  description:
    'How many clicks it takes to reach the page from the start page, following internal links. Search engines crawl shallow pages more often and treat them as more important.',
  recommendation: 'Link important pages within three clicks of the home page.',
  howToFix:
    'Link the page from a higher level: the main menu, a category or hub page, the footer, or related-content blocks on popular pages. Flatten long pagination with category pages, and add breadcrumbs so every level links up and down.',
  evaluate({ crawl }, { format }) {
    const page = crawl.pages.find((p) => p.url === crawl.url);
    const depth = page?.depth ?? null;
    if (depth === null) return notApplicable(messages.unknown, { depth: null });
    const data = { depth };
    const values = { depth, good: thresholds.good, poor: thresholds.poor };
    if (depth === 0) return passed(messages.start, data);
    if (depth > thresholds.poor) return failed(format(messages.tooDeep, values), data);
    if (depth > thresholds.good) return warning(format(messages.deep, values), data);
    return passed(format(messages.good, values), data);
  },
});
