import type { LinkChecksArtifact } from '../artifacts';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: a status from this one up counts as broken. */
export const thresholds = { brokenFromStatus: 400 };

const messages = {
  none: 'The page has no http(s) links to check.',
  ok: 'All {count} links answer without errors or redirects.',
  internal:
    '{count} internal link(s) are broken (e.g. {url} answers {status}): visitors and crawlers hit dead ends.',
  problems: 'Some links need attention: {problems}.',
  unreachable: '{count} internal link(s) could not be reached (e.g. {url})',
  external: '{count} external link(s) are broken or unreachable (e.g. {url})',
  redirected: '{count} link(s) go through a redirect (e.g. {url}); link to the final address',
  local:
    '{count} link(s) point to localhost or 127.0.0.1 (e.g. {url}), which only work on the author’s computer',
  capped: ' Only the first {count} links were checked.',
};

type Link = LinkChecksArtifact['links'][number];

const LOCAL = /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)(:\d+)?(\/|$)/i;

const isBroken = (link: Link) => link.status === null || link.status >= thresholds.brokenFromStatus;

export const brokenLinks = defineCheck({
  key: 'broken-links',
  title: 'Broken & redirected links',
  category: 'links-crawlability',
  relevance: 8,
  scope: 'page',
  requires: ['linkChecks'],
  description:
    'Requests every unique link of the page once (up to about 200). Broken links frustrate visitors and waste crawl budget; links that go through a redirect add a round trip for every click and crawl.',
  recommendation: 'Fix or remove broken links, and point links straight at their final address.',
  howToFix:
    'For each broken internal link, correct the address or restore the page (or redirect the old address with a 301 to its replacement). Remove or replace external links whose pages are gone. Update links that go through a redirect to the address they end on, e.g. <code>http://</code> to <code>https://</code>, or an old path to the new one. Replace links to <code>localhost</code> or <code>127.0.0.1</code>, left over from development, with the public address.',
  evaluate({ linkChecks }, { format }) {
    const { links } = linkChecks;
    const capped = linkChecks.capped ? format(messages.capped, { count: links.length }) : '';
    const data = {
      broken_links: links.filter(isBroken).map(({ url, status, anchor }) => ({ url, status, anchor })),
      redirected_links: links.filter((link) => link.redirected && !isBroken(link)).map((link) => link.url),
    };
    if (links.length === 0) return notApplicable(messages.none, data);

    // A link to localhost on a page that is itself on localhost (a site under development) is internal.
    const local = links.filter((link) => !link.internal && LOCAL.test(link.url));
    const internalBroken = links.filter((link) => link.internal && link.status !== null && isBroken(link));
    const [first] = internalBroken;
    if (first)
      return failed(
        format(messages.internal, { count: internalBroken.length, url: first.url, status: first.status! }) +
          capped,
        data,
      );

    const unreachable = links.filter((link) => link.internal && link.status === null);
    const external = links.filter((link) => !link.internal && isBroken(link) && !local.includes(link));
    const redirected = links.filter((link) => link.redirected && !isBroken(link));
    const problems = [
      [messages.unreachable, unreachable],
      [messages.external, external],
      [messages.redirected, redirected],
      [messages.local, local],
    ] as const;
    const found = problems
      .filter(([, list]) => list.length > 0)
      .map(([template, list]) => format(template, { count: list.length, url: list[0]!.url }));
    if (found.length > 0)
      return warning(format(messages.problems, { problems: found.join('; ') }) + capped, data);
    return passed(format(messages.ok, { count: links.length }) + capped, data);
  },
});
