import { getDomain } from 'tldts';
import type { LinkChecksArtifact } from '../artifacts';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = {
  /** A definite answer from this status up to 599 is a broken link. */
  brokenFromStatus: 400,
  /**
   * Sites (and their subdomains) that refuse automated requests: their answers in
   * `botWallStatuses` say nothing about whether the linked page exists.
   */
  botWallSites: ['linkedin.com', 'x.com', 'twitter.com', 'facebook.com', 'instagram.com'],
  botWallStatuses: [403, 429, 999],
};

const messages = {
  none: 'The page has no http(s) links to check.',
  ok: '{count?The one link answers|All # links answer} without errors or redirects.',
  okAnswered: 'The {count} links that answered have no errors or redirects.',
  noneAnswered:
    '{count?The one link could not be verified|None of the # links could be verified} (e.g. {url}: {reason}); {count?it is|they are} not counted as broken.',
  internal:
    '{count} internal link(s) are broken (e.g. {url} answers {status}): visitors and crawlers hit dead ends.',
  also: ' Also: {problems}.',
  problems: 'Some links need attention: {problems}.',
  external: '{count} external link(s) are broken (e.g. {url} answers {status})',
  redirected: '{count} link(s) go through a redirect (e.g. {url}); link to the final address',
  local:
    '{count} link(s) point to localhost or 127.0.0.1 (e.g. {url}), which only work on the author’s computer',
  unverified: ' {count} link(s) could not be verified (e.g. {url}: {reason}) and are not counted as broken.',
  capped: ' Only the first {count?link was|# links were} checked.',
};

/** Why a link had no answer, by the fetcher's error code, as the report says it. */
const NO_ANSWER: Record<NonNullable<Link['errorCode']>, string> = {
  timeout: 'no answer in time',
  dns: 'the host name could not be resolved',
  connect: 'the server could not be reached',
  tls: 'the secure connection failed',
  network: 'the connection failed',
  'too-many-redirects': 'too many redirects',
  'forbidden-address': 'a private address, not requested',
  'too-large': 'the answer was too large',
  'bad-url': 'not a valid address',
  'bad-scheme': 'not a web address',
  other: 'no answer',
};

type Link = LinkChecksArtifact['links'][number];

/** What a checked link's answer means: fine, broken, or no verdict possible (and why). */
export type LinkVerdict = { kind: 'fine' } | { kind: 'broken' } | { kind: 'unverified'; reason: string };

const LOCAL = /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)(:\d+)?(\/|$)/i;

/**
 * The one place that judges a link's answer. Broken is a definite 4xx or 5xx from the link's own
 * server. No answer at all (timeout, DNS, connection), a rate limit (429, from any host), a
 * non-standard status, and on external links a bot wall (Cloudflare's challenge, or a site that
 * refuses automated requests) only mean the link could not be verified.
 */
export function judgeLink(link: Link): LinkVerdict {
  const { status } = link;
  if (status === null) return { kind: 'unverified', reason: NO_ANSWER[link.errorCode ?? 'other'] };
  if (status < thresholds.brokenFromStatus) return { kind: 'fine' };
  if (!link.internal) {
    const site = getDomain(new URL(link.url).hostname);
    if (site && thresholds.botWallSites.includes(site) && thresholds.botWallStatuses.includes(status))
      return { kind: 'unverified', reason: `${site} refuses automated requests (HTTP ${status})` };
    if (
      /challenge/i.test(link.headers['cf-mitigated'] ?? '') ||
      (status === 403 && /cloudflare/i.test(link.headers.server ?? ''))
    )
      return { kind: 'unverified', reason: `Cloudflare’s bot protection answered (HTTP ${status})` };
  }
  if (status === 429) return { kind: 'unverified', reason: 'rate limited (HTTP 429)' };
  if (status >= 600) return { kind: 'unverified', reason: `non-standard answer (HTTP ${status})` };
  return { kind: 'broken' };
}

export const brokenLinks = defineCheck({
  key: 'broken-links',
  title: 'Broken & redirected links',
  category: 'links-crawlability',
  relevance: 8,
  scope: 'page',
  requires: ['linkChecks'],
  description:
    'Requests every unique link of the page once (up to about 200). Broken links frustrate visitors and waste crawl budget; links that go through a redirect add a round trip for every click and crawl. Links whose server did not answer, or answered with bot protection or a rate limit, cannot be verified and are listed apart.',
  recommendation: 'Fix or remove broken links, and point links straight at their final address.',
  howToFix:
    'For each broken internal link, correct the address or restore the page (or redirect the old address with a 301 to its replacement). Remove or replace external links whose pages are gone. Update links that go through a redirect to the address they end on, e.g. <code>http://</code> to <code>https://</code>, or an old path to the new one. Replace links to <code>localhost</code> or <code>127.0.0.1</code>, left over from development, with the public address. Open the links that could not be verified in a browser: social networks and sites behind bot protection refuse automated checks.',
  evaluate({ linkChecks }, { format }) {
    const { links } = linkChecks;
    const capped = linkChecks.capped ? format(messages.capped, { count: links.length }) : '';
    // A link to localhost on a page that is itself on localhost (a site under development) is internal.
    const local = links.filter((link) => !link.internal && LOCAL.test(link.url));
    const judged = links
      .filter((link) => !local.includes(link))
      .map((link) => ({ link, verdict: judgeLink(link) }));
    const broken = judged.filter(({ verdict }) => verdict.kind === 'broken').map(({ link }) => link);
    const redirected = judged
      .filter(({ link, verdict }) => verdict.kind === 'fine' && link.redirected)
      .map(({ link }) => link);
    const unverified = judged.flatMap(({ link, verdict }) =>
      verdict.kind === 'unverified' ? [{ url: link.url, reason: verdict.reason }] : [],
    );
    const data = {
      broken_links: broken.map(({ url, status, anchor }) => ({ url, status, anchor })),
      redirected_links: redirected.map((link) => link.url),
      unverified_links: unverified,
      local_links: local.map((link) => link.url),
    };
    if (links.length === 0) return notApplicable(messages.none, data);

    const [firstUnverified] = unverified;
    const notVerified = firstUnverified
      ? format(messages.unverified, { count: unverified.length, ...firstUnverified })
      : '';
    const internal = broken.filter((link) => link.internal);
    const external = broken.filter((link) => !link.internal);
    const problems = [
      [messages.external, external],
      [messages.redirected, redirected],
      [messages.local, local],
    ] as const;
    const found = problems
      .filter(([, list]) => list.length > 0)
      .map(([template, list]) =>
        format(template, { count: list.length, url: list[0]!.url, status: list[0]!.status ?? '' }),
      )
      .join('; ');
    const [first] = internal;
    if (first) {
      const dead = format(messages.internal, {
        count: internal.length,
        url: first.url,
        status: first.status!,
      });
      const also = found ? format(messages.also, { problems: found }) : '';
      return failed(dead + also + notVerified + capped, data);
    }
    if (found) return warning(format(messages.problems, { problems: found }) + notVerified + capped, data);
    // Links that could not be verified never lower the verdict the others earn.
    const answered = links.length - unverified.length;
    if (unverified.length === 0) return passed(format(messages.ok, { count: links.length }) + capped, data);
    if (answered === 0)
      return passed(
        format(messages.noneAnswered, { count: links.length, ...firstUnverified }) + capped,
        data,
      );
    return passed(format(messages.okAnswered, { count: answered }) + notVerified + capped, data);
  },
});
