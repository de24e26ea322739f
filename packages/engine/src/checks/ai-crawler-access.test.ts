import { describe, expect, it } from 'vitest';
import { textFile } from '../testing/artifacts';
import { aiCrawlerAccess } from './ai-crawler-access';
import { format } from './define-check';

const run = (body: string, status = 200) =>
  aiCrawlerAccess.evaluate(
    { robotsTxt: textFile('https://example.com/robots.txt', body, { status }) },
    { format },
  );

describe('ai-crawler-access', () => {
  it('passes explicit rules, and reports each bot and the Content-Signal lines', () => {
    const result = run(
      'User-agent: GPTBot\nDisallow: /\n\nUser-agent: OAI-SearchBot\nAllow: /\n\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('robots.txt states a rule for 2 of 11 AI crawlers explicitly.');
    const bots = (result.data as { ai_bots: { agent: string; allowed: boolean }[] }).ai_bots;
    expect(bots.find((b) => b.agent === 'GPTBot')).toMatchObject({ allowed: false, rule: 'Disallow: /' });
    expect(bots.find((b) => b.agent === 'OAI-SearchBot')).toMatchObject({ allowed: true });
    expect(result.data).toMatchObject({ content_signals: ['search=yes, ai-train=no'] });
  });

  it('warns when AI search bots are blocked while Googlebot may crawl', () => {
    const result = run(
      'User-agent: PerplexityBot\nUser-agent: OAI-SearchBot\nDisallow: /\n\nUser-agent: *\nAllow: /',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toContain('OAI-SearchBot, PerplexityBot');
  });

  it('warns when one bot has groups that disagree', () => {
    const result = run('User-agent: GPTBot\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /');
    expect(result.status).toBe('warning');
    expect(result.message).toContain('gptbot');
  });

  it('warns when no AI crawler is named, or there is no robots.txt', () => {
    expect(run('User-agent: *\nAllow: /').message).toContain('no rule for any AI crawler');
    expect(run('', 404).status).toBe('warning');
  });
});
