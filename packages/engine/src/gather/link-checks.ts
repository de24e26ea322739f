import type { LinkChecksArtifact } from '../artifacts';
import { collapseWhitespace } from '../html/text';
import { resolveHttpUrl, withoutHash } from '../html/url';
import { type GatherContext, mapLimit } from './context';

/** Defaults an operator may tune. */
export const linkCheckLimits = { maxLinks: 200, concurrency: 8, timeoutMs: 10_000 };

/** Statuses some servers give HEAD although GET works: ask again with GET. */
const RETRY_WITH_GET = new Set([400, 403, 404, 405, 429, 500, 501, 503]);

/**
 * Requests every unique http(s) link of the page once (HEAD, GET when HEAD is refused), up to
 * the cap, so the broken-links check can tell broken from redirected from fine.
 */
export async function gatherLinkChecks(context: GatherContext): Promise<LinkChecksArtifact> {
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
  const checked = await mapLimit(
    all.slice(0, linkCheckLimits.maxLinks),
    linkCheckLimits.concurrency,
    async ([url, anchor]) => {
      const internal = new URL(url).hostname === pageHost;
      try {
        let response = await context.fetch(url, {
          method: 'HEAD',
          timeoutMs: linkCheckLimits.timeoutMs,
          signal: context.signal,
        });
        if (RETRY_WITH_GET.has(response.status)) {
          response = await context.fetch(url, {
            maxBytes: 1024,
            timeoutMs: linkCheckLimits.timeoutMs,
            signal: context.signal,
          });
        }
        return {
          url,
          anchor,
          internal,
          status: response.status,
          finalUrl: response.finalUrl,
          redirected: response.redirects.length > 0,
        };
      } catch (error) {
        return {
          url,
          anchor,
          internal,
          status: null,
          finalUrl: null,
          redirected: false,
          error: (error as Error).message,
        };
      }
    },
  );
  return { links: checked, capped: all.length > linkCheckLimits.maxLinks };
}
