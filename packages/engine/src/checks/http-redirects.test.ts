import { describe, expect, it } from 'vitest';
import type { RedirectHop } from '../artifacts';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { httpRedirects } from './http-redirects';

const run = (redirects: RedirectHop[], finalUrl = 'https://example.com/', status = 200) => {
  const page = pageArtifact(finalUrl, '<p>x</p>', {
    requestedUrl: redirects[0]?.url ?? finalUrl,
    status,
    headers: {},
    bytes: 8,
    redirects,
  });
  return httpRedirects.evaluate({ page }, { format });
};
const hop = (url: string, location: string, status = 301): RedirectHop => ({ url, status, location });

describe('http-redirects', () => {
  it('passes a URL without redirects and reports the chain', () => {
    const result = run([]);
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The URL answers directly, without redirects.');
    expect(result.data).toEqual({
      redirects_chain: [{ url: 'https://example.com/', status: 200, location: null }],
    });
  });

  it('passes one permanent hop', () => {
    const result = run([hop('http://example.com/', 'https://example.com/')]);
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The URL redirects once (301) to https://example.com/.');
    expect(result.data).toEqual({
      redirects_chain: [
        { url: 'http://example.com/', status: 301, location: 'https://example.com/' },
        { url: 'https://example.com/', status: 200, location: null },
      ],
    });
  });

  it('warns about two hops', () => {
    const result = run(
      [
        hop('http://example.com/', 'https://example.com/'),
        hop('https://example.com/', 'https://www.example.com/', 308),
      ],
      'https://www.example.com/',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The URL goes through 2 redirects before the page; link straight to the final URL.',
    );
  });

  it('warns about a temporary redirect', () => {
    const result = run([hop('https://example.com/old', '/', 302)]);
    expect(result.status).toBe('warning');
    expect(result.message).toContain('temporary redirect (302 at https://example.com/old)');
  });

  it('fails three hops or more', () => {
    const result = run([
      hop('http://a.example/', 'http://b.example/'),
      hop('http://b.example/', 'http://c.example/'),
      hop('http://c.example/', 'https://example.com/'),
    ]);
    expect(result.status).toBe('failed');
    expect(result.message).toContain('goes through 3 redirects');
  });

  it('fails a loop', () => {
    const result = run(
      [hop('https://example.com/a', '/b', 302), hop('https://example.com/b', '/a', 302)],
      'https://example.com/a',
      302,
    );
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'The redirects loop back to https://example.com/a; browsers and crawlers give up.',
    );
  });

  it('fails a chain that ends in an error', () => {
    const result = run([hop('https://example.com/old', '/new')], 'https://example.com/new', 404);
    expect(result.status).toBe('failed');
    expect(result.message).toBe('The redirect chain ends in HTTP 404 instead of a working page.');
  });
});
