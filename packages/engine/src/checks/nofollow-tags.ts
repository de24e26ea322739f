import { JUDGED_AGENTS, readRobotsTags, robotsDirectives } from '../html/robots';
import { isSameSite, resolveHttpUrl } from '../html/url';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune: how many links the result lists. */
export const thresholds = { maxListed: 100 };

const messages = {
  pageLevel:
    'The page tells search engines not to follow any of its links ({sources}); no link passes signals on.',
  internal: '{count} internal links carry rel="nofollow"; the pages they point to get less crawl attention.',
  ok: 'Search engines may follow the page’s links, and no internal link is marked nofollow.',
};

export const nofollowTags = defineCheck({
  key: 'nofollow-tags',
  title: 'Nofollow usage',
  category: 'links-crawlability',
  relevance: 6,
  scope: 'page',
  requires: ['document', 'page'],
  description:
    'A page-level <code>nofollow</code> (robots meta tag or <code>X-Robots-Tag</code> header) tells search engines to ignore every link on the page. A <code>rel="nofollow"</code> on links to your own pages holds back crawling and ranking signals for them.',
  recommendation:
    'Drop page-level nofollow and rel="nofollow" on internal links; keep nofollow for untrusted external links.',
  howToFix:
    'Remove <code>nofollow</code> (or <code>none</code>) from <code>&lt;meta name="robots"&gt;</code> and from any <code>X-Robots-Tag</code> header. On links to your own site, remove <code>rel="nofollow"</code>: to keep a page out of search, give that page a <code>noindex</code> instead. Keep <code>rel="nofollow"</code>, <code>rel="ugc"</code> or <code>rel="sponsored"</code> for paid, user-generated or untrusted external links.',
  evaluate({ document: { $, url: pageUrl, baseUrl }, page }, { format }) {
    const directives = robotsDirectives(readRobotsTags($, page.headers)).filter(
      ({ agent, name }) => JUDGED_AGENTS.has(agent) && (name === 'nofollow' || name === 'none'),
    );
    const tags = [...new Set(directives.map(({ tag }) => tag))].map(({ source, value }) => ({
      source,
      value,
    }));

    const links = new Set<string>();
    $('a[href][rel]').each((_, el) => {
      if (!$(el).attr('rel')!.toLowerCase().split(/\s+/).includes('nofollow')) return;
      const href = resolveHttpUrl($(el).attr('href'), baseUrl);
      if (href && isSameSite(href, pageUrl)) links.add(href);
    });
    const data = { nofollow_tags: tags, nofollow_links: [...links].slice(0, thresholds.maxListed) };
    if (tags.length > 0)
      return warning(
        format(messages.pageLevel, { sources: tags.map(({ source }) => source).join(', ') }),
        data,
      );
    if (links.size > 0) return warning(format(messages.internal, { count: links.size }), data);
    return passed(messages.ok, data);
  },
});
