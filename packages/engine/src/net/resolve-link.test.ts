import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveLink } from './resolve-link';

const hrefs = fc.oneof(
  fc.string(),
  fc.webUrl({ withFragments: true, withQueryParameters: true }),
  fc.webPath(),
  fc.constantFrom(
    'mailto:a@b.c',
    'javascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'gopher://x/',
    '//other.test/x',
    '?q=1',
    '#top',
    '../../up',
    ' \n\thttps://spaced.test/ ',
    'http://',
    'https://[::1',
    'HTTP://UPPER.TEST/',
  ),
);
const bases = fc.oneof(
  fc.webUrl(),
  fc.string(),
  fc.constantFrom('about:blank', 'file:///x/', 'https://a.test/b/c'),
);

describe('resolveLink', () => {
  it('resolves relative links against the base', () => {
    expect(resolveLink('../x?y=1#z', 'https://a.test/b/c/d')).toBe('https://a.test/b/x?y=1#z');
    expect(resolveLink('//cdn.test/p', 'http://a.test/')).toBe('http://cdn.test/p');
    expect(resolveLink('#top', 'https://a.test/p', { keepFragment: false })).toBe('https://a.test/p');
    expect(resolveLink('HTTPS://A.TEST', 'about:blank')).toBe('https://a.test/');
  });

  it.each(['mailto:a@b.c', 'javascript:void(0)', 'data:,x', 'file:///etc/passwd', 'gopher://h/', 'ftp://h/'])(
    'drops %s',
    (href) => {
      expect(resolveLink(href, 'https://a.test/')).toBeNull();
    },
  );

  it('returns an absolute http(s) URL or null for any base and href, never throwing', () => {
    fc.assert(
      fc.property(hrefs, bases, fc.boolean(), (href, base, keepFragment) => {
        const out = resolveLink(href, base, { keepFragment });
        if (out === null) return;
        const url = new URL(out);
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(url.hostname).not.toBe('');
        expect(url.href).toBe(out);
        if (!keepFragment) expect(url.hash).toBe('');
      }),
      { numRuns: 3000 },
    );
  });
});
