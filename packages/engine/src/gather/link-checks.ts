import type { LinkChecksArtifact } from '../artifacts';
import { collapseWhitespace } from '../html/text';
import { resolveHttpUrl, withoutHash } from '../html/url';
import { FetchRefused } from '../net/guarded-fetch';
import { type GatherContext, type LinkAnswer, mapLimit } from './context';
import type { EngineFetch } from './fetch-contract';

/** Defaults an operator may tune. */
export const linkCheckLimits = { maxLinks: 200, concurrency: 8, timeoutMs: 10_000 };

/** Headers of an answer that tell a bot wall (Cloudflare's challenge, …) from the page's own. */
const KEPT_HEADERS = ['server', 'cf-mitigated'];

/** Statuses some servers give HEAD although GET works: ask again with GET. */
const RETRY_WITH_GET = new Set([400, 403, 404, 405, 429, 500, 501, 503]);

/**
 * Requests every unique http(s) link of the page once (HEAD, GET when HEAD is refused), up to
 * the cap, and records what happened: the answer's status and the headers that reveal a bot
 * wall, or why there was no answer. The broken-links check judges what that means.
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
    if (context.options.crawlJudgesInternalLinks && new URL(url).hostname === pageHost) return;
    unique.set(url, collapseWhitespace($(el).text()) || ($(el).find('img').attr('alt') ?? ''));
  });
  const all = [...unique.entries()];
  const checked = await mapLimit(
    all.slice(0, linkCheckLimits.maxLinks),
    linkCheckLimits.concurrency,
    async ([url, anchor]) => {
      const internal = new URL(url).hostname === pageHost;
      // In a crawl, a link many pages share is requested once.
      let answer = context.options.linkCache?.get(url);
      if (!answer) {
        answer = askLink(context.fetch, url, context.signal);
        context.options.linkCache?.set(url, answer);
      }
      return { ...(await answer), url, anchor, internal };
    },
  );
  return { links: checked, capped: all.length > linkCheckLimits.maxLinks };
}

/** What one link answers: HEAD, then GET when HEAD is refused; or why there was no answer. */
export async function askLink(fetch: EngineFetch, url: string, signal?: AbortSignal): Promise<LinkAnswer> {
  try {
    let response = await fetch(url, {
      method: 'HEAD',
      timeoutMs: linkCheckLimits.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (RETRY_WITH_GET.has(response.status)) {
      response = await fetch(url, {
        maxBytes: 1024,
        timeoutMs: linkCheckLimits.timeoutMs,
        ...(signal ? { signal } : {}),
      });
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = response.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    return {
      url,
      status: response.status,
      finalUrl: response.finalUrl,
      redirected: response.redirects.length > 0,
      redirects: response.redirects,
      headers,
    };
  } catch (error) {
    return {
      url,
      status: null,
      finalUrl: null,
      redirected: false,
      headers: {},
      error: (error as Error).message,
      errorCode: error instanceof FetchRefused ? error.code : ('other' as const),
    };
  }
}
