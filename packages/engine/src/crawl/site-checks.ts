import type { CrawlPage } from '../artifacts';
import { brokenLinks } from '../checks/broken-links';
import { format } from '../checks/define-check';
import { allChecks } from '../checks/index';
import { withSiteVocabulary } from '../checks/spell-check';
import { type CheckResult, errorPageMessage, evaluateOne, VERDICT_RANK } from '../evaluate';
import type { LinkAnswer } from '../gather/context';
import { CRAWL_JUDGES_LINKS } from '../gather/link-checks';
import type { Variant } from '../text/spelling';

/** The [C] checks: judged per page, but only after the whole crawl is known. */
export const CRAWL_CHECKS = allChecks.filter((check) => check.scope === 'crawl');

/** An internal link of the page whose target the crawl found broken or redirecting. */
export interface LinkTarget {
  url: string;
  anchor: string;
  /** What the target answered: 4xx/5xx for broken, 3xx for a redirect; null when it did not answer. */
  status: number | null;
  error: string | null;
  /** Hops of the target's redirect chain (0 when it does not redirect). */
  hops: number;
}

/** A link of the page to another site, with what it answered when the crawl verified it. */
export interface ExternalLink {
  url: string;
  anchor: string;
  /** Null when it has no answer yet (its verification has not run). */
  answer: LinkAnswer | null;
}

/** A page the crawl fetched that this page points to (canonical, hreflang alternate). */
export interface PointedPage {
  url: string;
  status: number | null;
  indexable: boolean;
  /** Where it redirects, when it does. */
  redirectTo: string | null;
}

/** What the crawl knows around one page, read from the crawl's store after the crawl. */
export interface SiteView {
  page: CrawlPage;
  /** Pages that share its title, description, H1 or content hash, or are near-duplicates. */
  peers: CrawlPage[];
  /** Its internal links whose targets are broken or redirect. */
  linkTargets: LinkTarget[];
  /** How many internal links it has, fine or not. */
  internalLinks: number;
  /** Its links to other sites and their answers (verified apart from the pages, each once). */
  externalLinks: ExternalLink[];
  /** Words the dictionary does not know that the site uses on several pages (lower case). */
  siteWords: ReadonlySet<string>;
  /** Words the website keeps as its own, never reported (lower case). */
  ignoredWords: ReadonlySet<string>;
  /**
   * The spelling most of the site's pages are read in, by their lang region or their words;
   * absent when as many pages are of each (or none decided).
   */
  siteVariant?: Variant;
  /** Its canonical URL, when that is another page of the crawl. */
  canonicalTarget: PointedPage | null;
  /** Its hreflang alternates that the crawl fetched, and whether each links back. */
  hreflangTargets: (PointedPage & { lang: string; linksBack: boolean })[];
}

const messages = {
  internalOk: 'All {count} internal links answer without errors or redirects.',
  brokenInternal:
    '{count} internal link(s) are broken (e.g. {url} answers {status}): visitors and crawlers hit dead ends.',
  unreachableInternal: '{count} internal link(s) lead to pages that did not answer (e.g. {url}: {error}).',
  redirectedInternal:
    '{count} internal link(s) go through a redirect (e.g. {url}, {hops} hop(s)); link to the final address.',
  canonicalBroken:
    'The canonical URL ({url}) answers {status}: search engines ignore a canonical that is not an indexable 200 page.',
  canonicalRedirect:
    'The canonical URL ({url}) redirects to {target}: name the final address, or search engines may ignore it.',
  canonicalNoindex:
    'The canonical URL ({url}) is marked noindex: the page asks to be indexed as a page that refuses indexing.',
  hreflangNoReturn:
    'The alternate {href} ({lang}) does not link back to this page: search engines ignore hreflang pairs without return links.',
  hreflangBroken:
    'The alternate {href} ({lang}) answers {status} or is not indexable, so the pair is ignored.',
  sitemapEntries:
    'The sitemaps list {count} URL(s) that should not be there (e.g. {url}: {problem}); list only indexable pages that answer 200.',
};

/**
 * Judges one page with what only the whole crawl knows: the [C] checks, the site's own words and
 * spelling for `spell-check`, and the crawl's part of three page checks (the broken and redirected
 * internal links of `broken-links`, a canonical target that is not an indexable 200 page for
 * `canonical-tag`, missing return links and bad targets for `hreflang`). Returns the results that
 * change; the page's others stay as they are.
 */
export function judgeCrawl(view: SiteView, pageResults: readonly CheckResult[]): CheckResult[] {
  const crawl = { url: view.page.url, pages: [view.page, ...view.peers] };
  const results = CRAWL_CHECKS.map((check) => evaluateOne(check, { crawl }));
  const previous = (key: string) => pageResults.find((result) => result.key === key);
  const pageLinks = judgeExternalLinks(view.externalLinks, previous('broken-links'));
  const links =
    judgeInternalLinks(view.linkTargets, view.internalLinks, pageLinks) ??
    (pageLinks !== previous('broken-links') ? pageLinks : null);
  if (links) results.push(links);
  const ownSpelling = previous('spell-check');
  const spelling = ownSpelling
    ? withSiteVocabulary(ownSpelling, view.siteWords, view.ignoredWords, view.siteVariant)
    : null;
  if (spelling) results.push(spelling);
  const canonical = judgeCanonicalTarget(view.canonicalTarget, previous('canonical-tag'));
  if (canonical) results.push(canonical);
  const hreflang = judgeHreflangTargets(view.hreflangTargets, previous('hreflang'));
  if (hreflang) results.push(hreflang);
  return results;
}

/**
 * The [C] checks of a page that answered 4xx or 5xx: not judged, as its page checks are not, and
 * said so, so that every page that answered is given every check and counted alike.
 */
export const crawlChecksOfErrorPage = (status: number): CheckResult[] =>
  CRAWL_CHECKS.map((check) => ({ key: check.key, status: 'skipped', reason: errorPageMessage(status) }));

type Judged = Extract<CheckResult, { message: string; data: Record<string, unknown> }>;
const judged = (result: CheckResult | undefined): result is Judged =>
  result !== undefined && 'data' in result;

/** The worse of two verdicts, with both messages: the crawl's finding first. */
function worsen(
  result: Judged,
  status: 'warning' | 'failed',
  message: string,
  data: Record<string, unknown>,
): Judged {
  const worst = VERDICT_RANK[status] < VERDICT_RANK[result.status] ? status : result.status;
  const kept = result.status === 'passed' || !result.message ? '' : ` ${result.message}`;
  return { ...result, status: worst, message: `${message}${kept}`, data: { ...result.data, ...data } };
}

/** The link check before the crawl added to it: with no external link to ask, it had nothing to judge. */
const NO_EXTERNAL_LINKS: Judged = {
  key: 'broken-links',
  status: 'passed',
  message: '',
  data: { broken_links: [], redirected_links: [], unverified_links: [], local_links: [] },
};

/** A link whose verification has not run: no verdict, and said so. */
const NOT_VERIFIED_YET = {
  status: null,
  finalUrl: null,
  redirected: false,
  headers: {},
  error: 'not verified yet',
};

/**
 * The page's own link check, left to the crawl (`CRAWL_JUDGES_LINKS`): judged by the broken-links
 * check itself over the answers its links to other sites gave when the crawl verified them.
 */
function judgeExternalLinks(
  links: readonly ExternalLink[],
  previous: CheckResult | undefined,
): CheckResult | undefined {
  if (previous?.status !== 'skipped' || previous.reason !== CRAWL_JUDGES_LINKS) return previous;
  return evaluateOne(brokenLinks, {
    linkChecks: {
      links: links.map(({ url, anchor, answer }) => ({
        ...(answer ?? { ...NOT_VERIFIED_YET, errorCode: 'other' as const }),
        url,
        anchor,
        internal: false,
      })),
      capped: false,
    },
  });
}

function judgeInternalLinks(
  targets: readonly LinkTarget[],
  internalLinks: number,
  previous: CheckResult | undefined,
): CheckResult | null {
  if (!previous || previous.status === 'error' || internalLinks === 0) return null;
  const result = judged(previous) ? previous : NO_EXTERNAL_LINKS;
  if (targets.length === 0)
    return judged(previous)
      ? null
      : { ...result, message: format(messages.internalOk, { count: internalLinks }) };
  const broken = targets.filter((t) => t.status !== null && t.status >= 400);
  const unreachable = targets.filter((t) => t.status === null);
  const redirected = targets.filter((t) => t.status !== null && t.status >= 300 && t.status < 400);
  const data = {
    broken_links: [
      ...((result.data.broken_links as unknown[]) ?? []),
      ...broken.map(({ url, status, anchor }) => ({ url, status, anchor })),
    ],
    redirected_links: [
      ...((result.data.redirected_links as unknown[]) ?? []),
      ...redirected.map((t) => t.url),
    ],
    unverified_links: [
      ...((result.data.unverified_links as unknown[]) ?? []),
      ...unreachable.map((t) => ({ url: t.url, reason: t.error ?? 'no answer' })),
    ],
  };
  if (broken.length > 0)
    return worsen(
      result,
      'failed',
      format(messages.brokenInternal, { count: broken.length, ...first(broken) }),
      data,
    );
  if (redirected.length > 0)
    return worsen(
      result,
      'warning',
      format(messages.redirectedInternal, {
        count: redirected.length,
        url: redirected[0]!.url,
        hops: redirected[0]!.hops,
      }),
      data,
    );
  // A page that did not answer the crawl is not verified, never broken.
  return {
    ...result,
    message:
      `${result.message} ${format(messages.unreachableInternal, { count: unreachable.length, url: unreachable[0]!.url, error: unreachable[0]!.error ?? 'no answer' })}`.trim(),
    data: { ...result.data, ...data },
  };
}

const first = (targets: readonly LinkTarget[]) => ({
  url: targets[0]!.url,
  status: targets[0]!.status ?? '',
});

function judgeCanonicalTarget(
  target: PointedPage | null,
  result: CheckResult | undefined,
): CheckResult | null {
  if (!judged(result) || !target) return null;
  const data = { canonical_target: target };
  if (target.redirectTo)
    return worsen(
      result,
      'failed',
      format(messages.canonicalRedirect, { url: target.url, target: target.redirectTo }),
      data,
    );
  if (target.status !== 200)
    return worsen(
      result,
      'failed',
      format(messages.canonicalBroken, { url: target.url, status: target.status ?? 'nothing' }),
      data,
    );
  if (!target.indexable)
    return worsen(result, 'failed', format(messages.canonicalNoindex, { url: target.url }), data);
  return null;
}

function judgeHreflangTargets(
  targets: SiteView['hreflangTargets'],
  result: CheckResult | undefined,
): CheckResult | null {
  if (!judged(result) || targets.length === 0) return null;
  const bad = targets.filter((t) => t.status !== 200 || !t.indexable || t.redirectTo);
  const noReturn = targets.filter((t) => !bad.includes(t) && !t.linksBack);
  if (bad.length === 0 && noReturn.length === 0) return null;
  const data = {
    hreflang_targets: targets.map(({ lang, url, status, indexable, linksBack }) => ({
      lang,
      href: url,
      status,
      indexable,
      links_back: linksBack,
    })),
  };
  const message = bad[0]
    ? format(messages.hreflangBroken, {
        href: bad[0].url,
        lang: bad[0].lang,
        status: bad[0].status ?? 'nothing',
      })
    : format(messages.hreflangNoReturn, { href: noReturn[0]!.url, lang: noReturn[0]!.lang });
  return worsen(result, 'failed', message, data);
}

/** A sitemap entry the crawl found unfit for a sitemap. */
export interface SitemapEntryProblem {
  url: string;
  problem: 'noindex' | 'blocked by robots.txt' | 'not canonical' | 'not 200';
}

/** The sitemap check ([S]) with what the crawl found of the URLs it lists: `count` of them, the first `problems`. */
export function judgeSitemapEntries(
  result: CheckResult | undefined,
  problems: readonly SitemapEntryProblem[],
  count = problems.length,
): CheckResult | null {
  if (!judged(result) || problems.length === 0) return null;
  return worsen(
    result,
    'warning',
    format(messages.sitemapEntries, {
      count,
      url: problems[0]!.url,
      problem: problems[0]!.problem,
    }),
    { sitemap_entry_problems: problems.slice(0, 100) },
  );
}

/** Buckets this large are pages of one template that the content hash compares anyway. */
const MAX_BUCKET = 2000;

/**
 * Pairs of pages whose simhashes differ in at most `maxBits` bits, without comparing every pair:
 * split into maxBits + 1 bands, two such hashes agree on one band at least (pigeonhole), so only
 * pages sharing a band are compared. The hashes are held in typed arrays and each band's pages
 * sorted by it (no map of buckets), so 100,000 pages cost a few megabytes.
 */
export function nearDuplicatePairs(
  pages: readonly { id: string; simhash: string }[],
  maxBits: number,
): [string, string][] {
  const count = pages.length;
  const bands = maxBits + 1;
  const width = Math.ceil(64 / bands);
  const values = new BigUint64Array(count);
  pages.forEach((page, index) => {
    values[index] = BigInt(`0x${page.simhash}`);
  });
  const keys = new Uint32Array(count);
  const order = new Uint32Array(count);
  const pairs = new Map<string, [string, string]>();
  for (let band = 0; band < bands; band++) {
    const shift = BigInt(band * width);
    const mask = (1n << BigInt(Math.min(width, 64 - band * width))) - 1n;
    for (let index = 0; index < count; index++) {
      keys[index] = Number((values[index]! >> shift) & mask);
      order[index] = index;
    }
    // By band value, then by position: a run of equal values is one bucket, in page order.
    order.sort((a, b) => keys[a]! - keys[b]! || a - b);
    for (let start = 0; start < count; ) {
      let end = start + 1;
      while (end < count && keys[order[end]!] === keys[order[start]!]) end++;
      if (end - start >= 2 && end - start <= MAX_BUCKET)
        for (let i = start; i < end; i++)
          for (let j = i + 1; j < end; j++) {
            const a = order[i]!;
            const b = order[j]!;
            if (popcount(values[a]! ^ values[b]!) > maxBits) continue;
            pairs.set(`${a} ${b}`, [pages[a]!.id, pages[b]!.id]);
          }
      start = end;
    }
  }
  return [...pairs.values()];
}

/** Set bits of a 64-bit value, 32 bits at a time. */
function popcount(value: bigint): number {
  return popcount32(Number(value & 0xffffffffn)) + popcount32(Number(value >> 32n));
}

function popcount32(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
