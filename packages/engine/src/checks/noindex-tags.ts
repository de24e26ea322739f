import { JUDGED_AGENTS, type RobotsDirective, readRobotsTags, robotsDirectives } from '../html/robots';
import { defineCheck, failed, passed, warning } from './define-check';

const messages = {
  noindex:
    'The page tells search engines not to index it ({where}: {directive}); it will not appear in results.',
  expired: 'The page stopped being indexable on {date} ({where}: unavailable_after).',
  limited: 'The page can be indexed, but {where} limits how it is shown: {directives}.',
  ok: 'The page can be indexed: no robots meta tag or X-Robots-Tag header blocks it.',
};

// A meta tag's name already says which bot it is for; a header scopes by prefix.
const where = ({ source, agent }: RobotsDirective) =>
  agent === '*' || source !== 'X-Robots-Tag' ? source : `${source} for ${agent}`;

export const noindexTags = defineCheck({
  key: 'noindex-tags',
  title: 'Indexability directives',
  category: 'links-crawlability',
  relevance: 10,
  scope: 'page',
  requires: ['document', 'page'],
  description:
    'A <code>noindex</code> in a robots meta tag (<code>robots</code>, <code>googlebot</code>, <code>bingbot</code>) or in the <code>X-Robots-Tag</code> header keeps the page out of search results entirely. Directives such as <code>nosnippet</code> or <code>unavailable_after</code> limit how and how long it is shown.',
  recommendation:
    'Remove noindex (and none) from pages that should rank; keep it only on pages meant to stay out of search.',
  howToFix:
    'Look for <code>&lt;meta name="robots" content="noindex"&gt;</code> (also <code>googlebot</code>/<code>bingbot</code>, and <code>none</code>, which means noindex, nofollow) in the page’s <code>&lt;head&gt;</code>, and for an <code>X-Robots-Tag: noindex</code> header in the server or CDN configuration. CMSs often add it through a “discourage search engines” or per-page “hide from search” setting, and staging settings are easily copied to production. Remove <code>nosnippet</code>, <code>max-snippet:0</code> and <code>noimageindex</code> unless you want to hide snippets or images, and check that any <code>unavailable_after</code> date is intended.',
  evaluate({ document: { $ }, page }, { format }) {
    const now = Date.now();
    const directives = robotsDirectives(readRobotsTags($, page.headers)).filter(({ agent }) =>
      JUDGED_AGENTS.has(agent),
    );
    const expiry = (d: RobotsDirective) =>
      d.name === 'unavailable_after' ? Date.parse(d.value ?? '') : Number.NaN;
    const blocking = directives.filter((d) => d.name === 'noindex' || d.name === 'none' || expiry(d) <= now);
    const limiting = directives.filter(
      (d) =>
        d.name === 'nosnippet' ||
        d.name === 'noimageindex' ||
        (d.name === 'max-snippet' && d.value?.trim() === '0') ||
        expiry(d) > now,
    );
    const tags = [...new Set([...blocking, ...limiting].map(({ tag }) => tag))];
    const data = { noindex_tags: tags.map(({ source, value }) => ({ source, value })) };

    const first = blocking[0];
    if (first?.name === 'unavailable_after')
      return failed(format(messages.expired, { date: first.value ?? '', where: where(first) }), data);
    if (first) return failed(format(messages.noindex, { where: where(first), directive: first.name }), data);
    if (limiting.length > 0) {
      const list = limiting.map((d) => (d.value === null ? d.name : `${d.name}: ${d.value}`)).join(', ');
      return warning(format(messages.limited, { where: where(limiting[0]!), directives: list }), data);
    }
    return passed(messages.ok, data);
  },
});
