import { describe, expect, it } from 'vitest';
import { excludedByPattern } from './path-patterns';

const excluded = (path: string, ...patterns: string[]) =>
  excludedByPattern(`https://example.com${path}`, patterns);

describe('excludedByPattern', () => {
  it('matches a plain pattern as a path prefix, query included', () => {
    expect(excluded('/blog/post-1', '/blog')).toBe(true);
    expect(excluded('/blog?page=2', '/blog')).toBe(true);
    expect(excluded('/blogroll', '/blog/')).toBe(false);
    expect(excluded('/about/blog', '/blog')).toBe(false);
    expect(excluded('/Blog/post', '/blog')).toBe(false);
  });

  it('lets * stand for any characters and a final $ anchor at the end', () => {
    expect(excluded('/shop/cart?step=2', '/*?step=')).toBe(true);
    expect(excluded('/files/report.pdf', '/*.pdf$')).toBe(true);
    expect(excluded('/files/report.pdf?download=1', '/*.pdf$')).toBe(false);
    expect(excluded('/tag/a/feed', '/tag/*/feed$')).toBe(true);
    expect(excluded('/tag/a/feed/atom', '/tag/*/feed$')).toBe(false);
    expect(excluded('/', '/$')).toBe(true);
    expect(excluded('/home', '/$')).toBe(false);
    expect(excluded('/anything', '*')).toBe(true);
  });

  it('is excluded when any pattern matches, and blank patterns match nothing', () => {
    expect(excluded('/private/x', '/admin', '/private')).toBe(true);
    expect(excluded('/public', '', '  ')).toBe(false);
    expect(excluded('/public')).toBe(false);
  });

  it('reads a pattern without a leading slash from the root, and compares percent-encoded', () => {
    expect(excluded('/drafts/1', 'drafts/')).toBe(true);
    expect(excluded('/caf%C3%A9/menu', '/café')).toBe(true);
    expect(excluded('/café/menu', '/caf%c3%a9')).toBe(true);
  });

  it('answers patterns full of wildcards on a long path', () => {
    // A backtracking matcher would not finish the first; `npm run bench -- scale` times it.
    const path = `/${'a'.repeat(2000)}`;
    expect(excluded(path, `/${'*a'.repeat(30)}*b`)).toBe(false);
    expect(excluded(`${path}b`, `/${'*a'.repeat(30)}*b`)).toBe(true);
    expect(excluded(path, `/${'*a'.repeat(30)}$`)).toBe(true);
    expect(excluded(`/${'a'.repeat(29)}`, `/${'*a'.repeat(30)}`)).toBe(false);
  });
});
