import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { seoFriendlyUrl } from './seo-friendly-url';

const run = (body: string, url = 'https://example.com/oak-tables') =>
  seoFriendlyUrl.evaluate({ document: parseDocument(`<html><body>${body}</body></html>`, url) }, { format });

describe('seo-friendly-url', () => {
  it('passes clean URLs and ignores external links', () => {
    const result = run(
      '<a href="/oak-chairs">Chairs</a><a href="/search?q=oak&page=2">Search</a><a href="https://other.example/Bad_URL">x</a><a href="#top">Top</a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The page URL and 2 same-site link URLs are short, lowercase and hyphen-separated.',
    );
    expect(result.data).toEqual({ seo_unfriendly_urls: [] });
  });

  it('warns about the page URL itself', () => {
    const result = run('', 'https://example.com/Products/Oak_Tables;jsessionid=ABC');
    expect(result.status).toBe('warning');
    expect(result.message).toBe('The page URL has uppercase letters, underscores, a session id.');
    expect(result.data).toEqual({
      seo_unfriendly_urls: [
        {
          url: 'https://example.com/Products/Oak_Tables;jsessionid=ABC',
          reasons: ['uppercase', 'underscore', 'session_id'],
        },
      ],
    });
  });

  it('warns about same-site links with spaces, double slashes, non-ASCII, parameters and length', () => {
    const long = `/${'very-long-segment/'.repeat(6)}`;
    const result = run(
      `<a href="/oak tables">a</a><a href="//www.example.com/shop//oak">b</a><a href="/möbel">c</a><a href="/list?a=1&b=2&c=3">d</a><a href="/x?PHPSESSID=42">e</a><a href="${long}">f</a><a href="/caf%C3%A9">g</a>`,
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '7 same-site links point to URLs with spaces, double slashes, non-ASCII characters, more than 2 query parameters, a session id, over 115 characters.',
    );
    expect(result.data).toEqual({
      seo_unfriendly_urls: [
        { url: 'https://example.com/oak%20tables', reasons: ['space'] },
        { url: 'https://www.example.com/shop//oak', reasons: ['double_slash'] },
        { url: 'https://example.com/m%C3%B6bel', reasons: ['non_ascii'] },
        { url: 'https://example.com/list?a=1&b=2&c=3', reasons: ['too_many_parameters'] },
        { url: 'https://example.com/x?PHPSESSID=42', reasons: ['session_id'] },
        { url: `https://example.com${long}`, reasons: ['too_long'] },
        { url: 'https://example.com/caf%C3%A9', reasons: ['non_ascii'] },
      ],
    });
  });
});
