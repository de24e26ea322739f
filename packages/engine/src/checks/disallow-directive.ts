import { resolveHttpUrl } from '../html/url';
import { parseRobotsTxt } from '../text/robots-txt';
import { defineCheck, failed, passed, warning } from './define-check';

export const thresholds = {
  /** The crawlers the page is tested for (`*` is every other crawler). */
  agents: ['Googlebot', 'Bingbot', '*'],
  maxListed: 20,
};

const messages = {
  blockedAll: 'robots.txt blocks the whole site for every crawler ("{rule}" for User-agent: *).',
  blocked: 'robots.txt keeps {agents} away from this page ({rule}, line {line}).',
  assets:
    '{count} stylesheet(s) or script(s) of this page are blocked for Googlebot, so it cannot render the page as visitors see it.',
  ok: 'robots.txt lets Googlebot, Bingbot and every other crawler fetch this page.',
  okWithRules:
    'robots.txt lets Googlebot, Bingbot and every other crawler fetch this page; its {count} Disallow rule(s) concern other paths.',
  otherCrawlers: 'other crawlers',
};

/** "Googlebot, Bingbot and other crawlers": `*` stands for every crawler without a group of its own. */
const agentList = (agents: readonly string[]) => {
  const names = agents.map((agent) => (agent === '*' ? messages.otherCrawlers : agent));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

// A rule that closes every path: `Disallow: /`, or the same written with a wildcard.
const closesEverything = (value: string) => /^\/\**$/.test(value);

export const disallowDirective = defineCheck({
  key: 'disallow-directive',
  title: 'Blocked by robots.txt',
  category: 'links-crawlability',
  relevance: 9,
  scope: 'page',
  requires: ['robotsTxt', 'page', 'document'],
  description:
    'A <code>Disallow</code> rule in robots.txt that matches this page keeps search engines from reading it; blocked CSS and JavaScript keep them from rendering it.',
  recommendation: 'Let search engines crawl this page and the CSS and JavaScript it needs.',
  howToFix:
    'Find the rule the report names in <code>/robots.txt</code> and narrow or remove it. A page you want out of search results should stay crawlable and carry <code>&lt;meta name="robots" content="noindex"&gt;</code> instead: a blocked page can still be listed without a description. Never disallow the folders that hold your stylesheets and scripts.',
  evaluate({ robotsTxt: file, page, document: { $, baseUrl } }, { format }) {
    const robots = parseRobotsTxt(file);
    const url = page.finalUrl;
    const origin = new URL(url).origin;
    const blockedFor = thresholds.agents.filter((agent) => !robots.isAllowed(url, agent));
    const ruleAt = (line: number) => robots.rules.find((rule) => rule.line === line);
    const tagOf = (agent: string) => {
      const line = robots.matchingLine(url, agent);
      const rule = ruleAt(line);
      // The rule as crawlers read it, without a trailing comment.
      const text = rule
        ? `${rule.field === 'disallow' ? 'Disallow' : 'Allow'}: ${rule.value}`
        : robots.lineText(line);
      return { agent, rule: text, line };
    };
    // Every Disallow rule a tested crawler follows, shown as information when this page is allowed.
    const disallowRules = robots.rules
      .filter((rule) => rule.field === 'disallow' && rule.value !== '')
      .filter((rule) => rule.agents.some((a) => ['*', 'googlebot', 'bingbot'].includes(a)))
      .map((rule) => ({ agent: rule.agents.join(', '), rule: `Disallow: ${rule.value}`, line: rule.line }));
    const data = { disallow_tags: disallowRules.slice(0, thresholds.maxListed) };

    if (blockedFor.length > 0) {
      const tags = blockedFor.map(tagOf);
      // The whole site, for every crawler: each one is kept out by a rule that closes every path.
      if (
        blockedFor.length === thresholds.agents.length &&
        tags.every(({ line }) => {
          const rule = ruleAt(line);
          return rule?.field === 'disallow' && closesEverything(rule.value);
        })
      ) {
        const all = tagOf('*');
        return failed(format(messages.blockedAll, { rule: all.rule }), { disallow_tags: [all] });
      }
      return failed(
        format(messages.blocked, { agents: agentList(blockedFor), rule: tags[0]!.rule, line: tags[0]!.line }),
        { disallow_tags: tags },
      );
    }
    const assets = [
      ...$('link[rel~="stylesheet"][href]')
        .map((_, el) => $(el).attr('href'))
        .get(),
      ...$('script[src]')
        .map((_, el) => $(el).attr('src'))
        .get(),
    ]
      .map((href) => resolveHttpUrl(href, baseUrl))
      .filter((href): href is string => href !== null && new URL(href).origin === origin);
    const blockedAssets = [...new Set(assets)].filter((asset) => !robots.isAllowed(asset, 'Googlebot'));
    if (blockedAssets.length > 0)
      return warning(format(messages.assets, { count: blockedAssets.length }), {
        ...data,
        blocked_resources: blockedAssets.slice(0, thresholds.maxListed),
      });
    if (disallowRules.length > 0)
      return passed(format(messages.okWithRules, { count: disallowRules.length }), data);
    return passed(messages.ok, data);
  },
});
