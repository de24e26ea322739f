import { hammingDistance } from '../html/simhash';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: ≤ 6 differing bits of 64 is about 90 % similar. */
export const thresholds = { nearDuplicateBits: 6 };

const messages = {
  notIndexable: 'The page is not indexable, so duplicates of it do not compete in search.',
  unique: 'No other indexable page has the same or nearly the same main content.',
  duplicate:
    'The main content is identical to {count} other page(s): search engines index one and ignore the rest.',
  near: 'The main content is about {similarity} % similar to {count} other page(s).',
};

export const duplicateContent = defineCheck({
  key: 'duplicate-content',
  title: 'Duplicate & near-duplicate pages',
  category: 'keywords-content',
  relevance: 7,
  scope: 'crawl',
  requires: ['crawl'],
  description:
    'Compares the main content of every indexable page of the crawl. Pages with the same or nearly the same text compete with each other; search engines pick one and filter the others out.',
  recommendation: 'Merge duplicate pages, or point the copies to the main version with a canonical link.',
  howToFix:
    'Decide which URL should rank. Redirect (301) the copies to it when they are not needed, or add <code>&lt;link rel="canonical" href="…"&gt;</code> pointing to it when they must stay (print versions, tracking parameters, filtered lists). Where pages are only similar, rewrite them so each answers its own question.',
  evaluate({ crawl }, { format }) {
    const page = crawl.pages.find((p) => p.url === crawl.url);
    if (!page?.indexable) return notApplicable(messages.notIndexable, { duplicate_of: [], similarity: null });
    const others = crawl.pages.filter((p) => p.url !== page.url && p.indexable);
    const exact = page.contentHash
      ? others.filter((p) => p.contentHash === page.contentHash).map((p) => p.url)
      : [];
    if (exact.length > 0)
      return failed(format(messages.duplicate, { count: exact.length }), {
        duplicate_of: exact,
        similarity: 1,
      });
    const near = others
      .map((p) => ({
        url: p.url,
        bits: page.simhash && p.simhash ? hammingDistance(page.simhash, p.simhash) : null,
      }))
      .filter(
        (p): p is { url: string; bits: number } => p.bits !== null && p.bits <= thresholds.nearDuplicateBits,
      );
    if (near.length > 0) {
      const similarity = Math.round((1 - Math.min(...near.map((p) => p.bits)) / 64) * 1000) / 1000;
      return warning(
        format(messages.near, { count: near.length, similarity: Math.round(similarity * 100) }),
        {
          duplicate_of: near.map((p) => p.url),
          similarity,
        },
      );
    }
    return passed(messages.unique, { duplicate_of: [], similarity: null });
  },
});
