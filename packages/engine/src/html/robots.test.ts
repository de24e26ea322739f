import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { readRobotsTags, robotsDirectives } from './robots';

const directives = (value: string) =>
  robotsDirectives([{ source: 'X-Robots-Tag', value }]).map(({ agent, name, value }) => ({
    agent,
    name,
    value,
  }));

describe('robots directives', () => {
  it('reads the judged meta tags and the header, ignoring other meta names', () => {
    const { $ } = parseDocument(
      '<meta name="ROBOTS" content=" noindex "><meta name="googlebot-news" content="noindex"><meta name="bingbot" content="nofollow">',
      'https://example.com/',
    );
    expect(readRobotsTags($, { 'x-robots-tag': 'noarchive' })).toEqual([
      { source: 'meta[name=robots]', value: 'noindex' },
      { source: 'meta[name=bingbot]', value: 'nofollow' },
      { source: 'X-Robots-Tag', value: 'noarchive' },
    ]);
  });

  it('scopes header directives to the bot named before them', () => {
    expect(directives('noarchive, Googlebot: noindex, nofollow, otherbot: none')).toEqual([
      { agent: '*', name: 'noarchive', value: null },
      { agent: 'googlebot', name: 'noindex', value: null },
      { agent: 'googlebot', name: 'nofollow', value: null },
      { agent: 'otherbot', name: 'none', value: null },
    ]);
  });

  it('keeps valued directives and dates that contain a comma', () => {
    expect(
      directives('max-snippet: 0, unavailable_after: Friday, 25-Jun-10 15:00:00 GMT, noimageindex'),
    ).toEqual([
      { agent: '*', name: 'max-snippet', value: '0' },
      { agent: '*', name: 'unavailable_after', value: 'Friday, 25-Jun-10 15:00:00 GMT' },
      { agent: '*', name: 'noimageindex', value: null },
    ]);
  });

  it('takes the bot of a meta tag from its name', () => {
    const [directive] = robotsDirectives([{ source: 'meta[name=googlebot]', value: 'NOINDEX' }]);
    expect(directive).toMatchObject({ agent: 'googlebot', name: 'noindex' });
  });
});
