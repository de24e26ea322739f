import { parseRobotsTxt } from '../text/robots-txt';
import { defineCheck, passed, warning } from './define-check';

/** The AI crawlers robots.txt can address, and whether each feeds answers in AI search. */
export const AI_BOTS = [
  { agent: 'GPTBot', search: false },
  { agent: 'OAI-SearchBot', search: true },
  { agent: 'ChatGPT-User', search: true },
  { agent: 'ClaudeBot', search: false },
  { agent: 'Claude-SearchBot', search: true },
  { agent: 'PerplexityBot', search: true },
  { agent: 'Google-Extended', search: false },
  { agent: 'Applebot-Extended', search: false },
  { agent: 'CCBot', search: false },
  { agent: 'Bytespider', search: false },
  { agent: 'meta-externalagent', search: false },
] as const;

export const thresholds = { bots: AI_BOTS };

const messages = {
  searchBlocked:
    'robots.txt blocks {bots}, which bring visitors from AI search, while Googlebot may crawl: the site will be missing from those answers.',
  contradictory:
    'robots.txt names {agents} in more than one group with rules that disagree; crawlers read only one of them.',
  implicit:
    'robots.txt has no rule for any AI crawler, so each follows the rules for every crawler. State your policy with a group per bot.',
  ok: 'robots.txt states a rule for {count} of {total} AI crawlers explicitly.',
};

export const aiCrawlerAccess = defineCheck({
  key: 'ai-crawler-access',
  title: 'AI crawler rules',
  category: 'advanced',
  relevance: 4,
  scope: 'origin',
  requires: ['robotsTxt'],
  description:
    'AI companies crawl the web with their own user agents: some to train models (GPTBot, ClaudeBot, Google-Extended, CCBot), some to answer questions with links back (OAI-SearchBot, Claude-SearchBot, PerplexityBot). robots.txt decides what each may read.',
  recommendation: 'Decide which AI crawlers may read the site and say so in robots.txt, bot by bot.',
  howToFix:
    'Add a group per crawler to <code>/robots.txt</code>, for example <code>User-agent: GPTBot</code> / <code>Disallow: /</code> to keep your pages out of training while <code>User-agent: OAI-SearchBot</code> / <code>Allow: /</code> keeps them in ChatGPT search answers. Blocking the search bots removes the site from those answers. A <code>Content-Signal:</code> line can state how crawled content may be used.',
  evaluate({ robotsTxt: file }, { format }) {
    const robots = parseRobotsTxt(file);
    const home = `${new URL(file.finalUrl || file.url).origin}/`;
    const named = new Set(robots.agents);
    const ai_bots = AI_BOTS.map(({ agent }) => {
      const line = robots.matchingLine(home, agent);
      return {
        agent,
        allowed: robots.isAllowed(home, agent),
        rule: line > 0 ? robots.lineText(line) : null,
        explicit: named.has(agent.toLowerCase()),
      };
    });
    const data = { ai_bots, content_signals: robots.contentSignals };

    // The same bot in several groups with an Allow and a Disallow of the whole site.
    const contradictory = AI_BOTS.map((b) => b.agent.toLowerCase()).filter((agent) => {
      const groups = robots.rules.filter((rule) => rule.agents.includes(agent) && rule.value === '/');
      return new Set(groups.map((rule) => rule.field)).size > 1;
    });
    const searchBlocked = AI_BOTS.filter((bot) => bot.search)
      .filter((bot) => !robots.isAllowed(home, bot.agent))
      .map((bot) => bot.agent);
    if (searchBlocked.length > 0 && robots.isAllowed(home, 'Googlebot'))
      return warning(format(messages.searchBlocked, { bots: searchBlocked.join(', ') }), data);
    if (contradictory.length > 0)
      return warning(format(messages.contradictory, { agents: contradictory.join(', ') }), data);
    const explicit = ai_bots.filter((bot) => bot.explicit).length;
    if (explicit === 0) return warning(messages.implicit, data);
    return passed(format(messages.ok, { count: explicit, total: AI_BOTS.length }), data);
  },
});
