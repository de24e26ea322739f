import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textFile } from '../testing/artifacts';
import { parseRobotsTxt, ROBOTS_MAX_BYTES } from './robots-txt';

const URL_ = 'https://example.com/robots.txt';

describe('parseRobotsTxt', () => {
  it('groups rules under their user agents and reports lines crawlers cannot use', () => {
    const robots = parseRobotsTxt(
      textFile(
        URL_,
        'Disallow: /early\nUser-agent: a\nUser-agent: b\nDisallow: /x\nNoindex: /y\ngarbage\nUser-agent: c\nAllow: /',
      ),
    );
    expect(robots.rules).toEqual([
      { agents: ['a', 'b'], field: 'disallow', value: '/x', line: 4 },
      { agents: ['c'], field: 'allow', value: '/', line: 8 },
    ]);
    expect(robots.errors.map((e) => e.line)).toEqual([1, 5, 6]);
    expect(robots.isAllowed('https://example.com/x/1', 'b')).toBe(false);
  });

  it('allows everything when the file is missing or unreachable', () => {
    for (const status of [404, null]) {
      const robots = parseRobotsTxt(textFile(URL_, 'User-agent: *\nDisallow: /', { status }));
      expect(robots.isAllowed('https://example.com/', 'Googlebot')).toBe(true);
    }
  });

  it('reads only the first 500 KiB', () => {
    const body = `User-agent: *\nAllow: /\n${'#'.repeat(ROBOTS_MAX_BYTES)}\nDisallow: /`;
    expect(parseRobotsTxt(textFile(URL_, body)).isAllowed('https://example.com/', '*')).toBe(true);
  });

  it('never throws, whatever the file holds (SECURITY.md F1)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (body) => {
        const robots = parseRobotsTxt(textFile(URL_, body));
        expect(typeof robots.isAllowed('https://example.com/a', 'Googlebot')).toBe('boolean');
      }),
    );
  });
});
