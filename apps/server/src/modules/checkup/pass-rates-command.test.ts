import { describe, expect, it } from 'vitest';
import { measurePassRates, parseSiteList } from './pass-rates-command';

describe('pass rates', () => {
  it('reads a site list with comments and bare hosts', () => {
    expect(parseSiteList('# top sites\nexample.com\n\nhttps://www.example.org/page # note\n')).toEqual([
      'https://example.com/',
      'https://www.example.org/page',
    ]);
  });

  it('counts a check as passed over the sites where it ran, leaving out skipped checks and unreachable sites', async () => {
    const answers: Record<string, Record<string, string> | null> = {
      'https://a.test/': { 'meta-title': 'passed', hsts: 'failed', 'web-vitals-lcp': 'skipped' },
      'https://b.test/': { 'meta-title': 'warning', hsts: 'passed', 'web-vitals-lcp': 'passed' },
      'https://c.test/': null,
    };
    const { rates, checked, failed } = await measurePassRates(Object.keys(answers), async (url) => {
      const answer = answers[url];
      return answer ? new Map(Object.entries(answer)) : null;
    });
    expect(checked).toBe(2);
    expect(failed).toEqual(['https://c.test/']);
    expect(rates.get('meta-title')).toEqual({ rate: 0.5, sites: 2 });
    expect(rates.get('web-vitals-lcp')).toEqual({ rate: 1, sites: 1 });
  });
});
