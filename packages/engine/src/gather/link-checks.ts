import type { LinkChecksArtifact } from '../artifacts';
import { collapseWhitespace } from '../html/text';
import { resolveHttpUrl, withoutHash } from '../html/url';
import { ArtifactUnavailable, type GatherContext } from './context';
import { linkVerifyLimits, verifyLinks } from './link-verifier';

/** Defaults an operator may tune. */
export const linkCheckLimits = { maxLinks: 200 };

/** Why a crawled page's links are not asked with the page: the crawl judges them after its pages. */
export const CRAWL_JUDGES_LINKS =
  'Judged when the crawl has ended: its pages answer for the internal links, and links to other sites are verified apart, each once.';

/**
 * Requests every unique http(s) link of the page once (HEAD, GET when HEAD is refused), up to
 * the cap, within the checkup's budget for links, and records what happened: the answer's status
 * and the headers that reveal a bot wall, or why there was no answer. The broken-links check judges
 * what that means. In a crawl, a page does not wait for its links (see `CRAWL_JUDGES_LINKS`).
 */
export async function gatherLinkChecks(context: GatherContext): Promise<LinkChecksArtifact> {
  if (context.options.crawlJudgesLinks) throw new ArtifactUnavailable(CRAWL_JUDGES_LINKS);
  const { $, baseUrl, url: pageUrl } = await context.get('document');
  const pageHost = new URL(pageUrl).hostname;
  const unique = new Map<string, string>();
  $('a[href]').each((_, el) => {
    const href = resolveHttpUrl($(el).attr('href'), baseUrl);
    if (!href) return;
    const url = withoutHash(href);
    if (url === withoutHash(pageUrl) || unique.has(url)) return;
    unique.set(url, collapseWhitespace($(el).text()) || ($(el).find('img').attr('alt') ?? ''));
  });
  const all = [...unique.entries()];
  const asked = all.slice(0, linkCheckLimits.maxLinks);
  const answers = await verifyLinks(
    context.fetch,
    asked.map(([url]) => url),
    {
      budgetMs: linkVerifyLimits.checkupBudgetMs,
      budgetName: `the checkup's ${linkVerifyLimits.checkupBudgetMs / 1000} s for links`,
      signal: context.signal,
    },
  );
  const links = asked.map(([url, anchor]) => ({
    ...answers.get(url)!,
    url,
    anchor,
    internal: new URL(url).hostname === pageHost,
  }));
  return { links, capped: all.length > linkCheckLimits.maxLinks };
}
