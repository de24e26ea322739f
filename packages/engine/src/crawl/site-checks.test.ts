import { describe, expect, it } from 'vitest';
import type { CrawlPage } from '../artifacts';
import type { CheckResult } from '../evaluate';
import type { LinkAnswer } from '../gather/context';
import { CRAWL_JUDGES_LINKS } from '../gather/link-checks';
import { judgeCrawl, judgeSitemapEntries, nearDuplicatePairs, type SiteView } from './site-checks';

/** A reproducible stream of 32-bit values (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const hex = (value: bigint) => value.toString(16).padStart(16, '0');
const distance = (a: string, b: string) =>
  [...(BigInt(`0x${a}`) ^ BigInt(`0x${b}`)).toString(2)].filter((bit) => bit === '1').length;

describe('nearDuplicatePairs', () => {
  it('finds exactly the pairs within the bits that comparing every pair finds', () => {
    const next = random(7);
    const pages: { id: string; simhash: string }[] = [];
    for (let i = 0; i < 400; i++) {
      // Every third page is a near copy of an earlier one: a few bits flipped.
      if (i % 3 === 2) {
        let value = BigInt(`0x${pages[next() % pages.length]!.simhash}`);
        for (let flips = next() % 10; flips > 0; flips--) value ^= 1n << BigInt(next() % 64);
        pages.push({ id: `p${i}`, simhash: hex(value) });
      } else pages.push({ id: `p${i}`, simhash: hex((BigInt(next()) << 32n) | BigInt(next())) });
    }
    const expected = new Set<string>();
    for (let a = 0; a < pages.length; a++)
      for (let b = a + 1; b < pages.length; b++)
        if (distance(pages[a]!.simhash, pages[b]!.simhash) <= 6)
          expected.add(`${pages[a]!.id} ${pages[b]!.id}`);
    const found = nearDuplicatePairs(pages, 6).map(([a, b]) => `${a} ${b}`);
    expect(expected.size).toBeGreaterThan(50);
    expect(new Set(found)).toEqual(expected);
    expect(found).toHaveLength(expected.size);
  });

  it('reads hashes written with fewer than 16 digits, and finds nothing in one page', () => {
    expect(
      nearDuplicatePairs(
        [
          { id: 'a', simhash: 'ff' },
          { id: 'b', simhash: 'fe' },
        ],
        1,
      ),
    ).toEqual([['a', 'b']]);
    expect(nearDuplicatePairs([{ id: 'a', simhash: 'ff' }], 6)).toEqual([]);
  });
});

describe('judgeSitemapEntries', () => {
  const passed = { key: 'sitemap', status: 'passed' as const, message: 'A sitemap.', data: {} };

  it('counts every unfit entry while naming the ones it was given', () => {
    const judged = judgeSitemapEntries(passed, [{ url: 'https://a.example/x', problem: 'noindex' }], 2500);
    expect(judged).toMatchObject({
      status: 'warning',
      data: { sitemap_entry_problems: [{ url: 'https://a.example/x' }] },
    });
    expect(judged && 'message' in judged && judged.message).toMatch(
      /^The sitemaps list 2500 URL\(s\) .*https:\/\/a\.example\/x: noindex/,
    );
  });

  it('leaves the check as it was when every entry is fit', () => {
    expect(judgeSitemapEntries(passed, [])).toBeNull();
  });
});

describe('judgeCrawl: a page’s links', () => {
  const page: CrawlPage = {
    url: 'https://a.example/guide',
    status: 200,
    indexable: true,
    canonical: null,
    title: 'The guide',
    description: null,
    h1: 'The guide',
    contentHash: 'c1',
    simhash: '00ff',
    depth: 1,
    inlinks: 1,
    inSitemap: true,
    hreflang: [],
  };
  const leftToCrawl = { key: 'broken-links', status: 'skipped' as const, reason: CRAWL_JUDGES_LINKS };
  const view = (
    externalLinks: SiteView['externalLinks'],
    linkTargets: SiteView['linkTargets'] = [],
  ): SiteView => ({
    page,
    peers: [],
    linkTargets,
    internalLinks: 3,
    externalLinks,
    siteWords: new Set(),
    ignoredWords: new Set(),
    canonicalTarget: null,
    hreflangTargets: [],
  });
  const answer = (url: string, status: number | null, extra: Partial<LinkAnswer> = {}): LinkAnswer => ({
    url,
    status,
    finalUrl: status === null ? null : url,
    redirected: false,
    headers: {},
    ...extra,
  });
  const linksOf = (results: CheckResult[]) => results.find((result) => result.key === 'broken-links');

  it('judges the links to other sites from their answers, with the internal links the crawl found broken', () => {
    const results = judgeCrawl(
      view(
        [
          { url: 'https://b.example/gone', anchor: 'Gone', answer: answer('https://b.example/gone', 404) },
          { url: 'https://b.example/fine', anchor: 'Fine', answer: answer('https://b.example/fine', 200) },
          {
            url: 'https://c.invalid/x',
            anchor: 'Nowhere',
            answer: answer('https://c.invalid/x', null, {
              error: 'c.invalid could not be resolved',
              errorCode: 'dns',
            }),
          },
          { url: 'https://d.example/later', anchor: 'Later', answer: null },
        ],
        [{ url: 'https://a.example/old', anchor: 'Old', status: 404, error: null, hops: 0 }],
      ),
      [leftToCrawl],
    );
    expect(linksOf(results)).toMatchObject({
      status: 'failed',
      data: {
        broken_links: [
          { url: 'https://b.example/gone', status: 404, anchor: 'Gone' },
          { url: 'https://a.example/old', status: 404, anchor: 'Old' },
        ],
        unverified_links: [
          { url: 'https://c.invalid/x', reason: 'the host name could not be resolved' },
          { url: 'https://d.example/later', reason: 'no answer' },
        ],
      },
    });
  });

  it('passes a page whose links all answer, and says a page without links has none to check', () => {
    const fine = judgeCrawl(
      view([
        { url: 'https://b.example/fine', anchor: 'Fine', answer: answer('https://b.example/fine', 200) },
      ]),
      [leftToCrawl],
    );
    expect(linksOf(fine)).toMatchObject({ status: 'passed' });
    const none = judgeCrawl({ ...view([]), internalLinks: 0 }, [leftToCrawl]);
    expect(linksOf(none)).toEqual({
      key: 'broken-links',
      status: 'skipped',
      reason: 'The page has no http(s) links to check.',
    });
  });
});

describe('judgeCrawl: a page’s spelling', () => {
  const view: SiteView = {
    page: {
      url: 'https://a.example/tools',
      status: 200,
      indexable: true,
      canonical: null,
      title: 'Tools',
      description: null,
      h1: 'Tools',
      contentHash: 'c2',
      simhash: '0f0f',
      depth: 1,
      inlinks: 1,
      inSitemap: true,
      hreflang: [],
    },
    peers: [],
    linkTargets: [],
    internalLinks: 0,
    externalLinks: [],
    siteWords: new Set(),
    ignoredWords: new Set(),
    canonicalTarget: null,
    hreflangTargets: [],
  };
  // Read in American for want of anything to go by: "favourite" listed as a slip.
  const ownSpelling: CheckResult = {
    key: 'spell-check',
    status: 'warning',
    message: 'Likely spelling mistakes (1 in all): "favourite" (favorite?).',
    data: {
      spelling_issues: {
        hard: [{ word: 'favourite', count: 1, suggestions: ['favorite'] }],
        soft: [],
        hard_count: 1,
        soft_count: 0,
        words_checked: 6,
        variant: 'en-US',
        variant_source: 'default',
      },
    },
  };
  const spellingOf = (results: CheckResult[]) => results.find((result) => result.key === 'spell-check');

  it('reads the British words of such a page in the site’s British spelling', () => {
    expect(spellingOf(judgeCrawl({ ...view, siteVariant: 'en-GB' }, [ownSpelling]))).toMatchObject({
      status: 'passed',
      data: { spelling_issues: { hard: [], hard_count: 0, variant: 'en-GB', variant_source: 'site' } },
    });
    expect(spellingOf(judgeCrawl({ ...view, siteVariant: 'en-US' }, [ownSpelling]))).toBeUndefined();
    expect(spellingOf(judgeCrawl(view, [ownSpelling]))).toBeUndefined();
  });
});
