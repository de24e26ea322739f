import { describe, expect, it } from 'vitest';
import type { LinkChecksArtifact } from '../artifacts';
import { checkedLink as link } from '../testing/artifacts';
import { brokenLinks } from './broken-links';
import { format } from './define-check';

const run = (links: LinkChecksArtifact['links'], capped = false) =>
  brokenLinks.evaluate({ linkChecks: { links, capped } }, { format });

const noAnswer = (errorCode: LinkChecksArtifact['links'][number]['errorCode']) => ({
  status: null,
  finalUrl: null,
  error: 'The fetcher’s own words',
  errorCode,
});

describe('broken-links', () => {
  it('passes links that all answer', () => {
    expect(run([link('https://example.com/a'), link('https://other.example/')])).toEqual({
      status: 'passed',
      message: 'All 2 links answer without errors or redirects.',
      data: { broken_links: [], redirected_links: [], unverified_links: [], local_links: [] },
    });
  });

  it('fails a broken internal link', () => {
    const result = run([link('https://example.com/gone', { status: 404 }), link('https://example.com/a')]);
    expect(result).toEqual({
      status: 'failed',
      message:
        '1 internal link(s) are broken (e.g. https://example.com/gone answers 404): visitors and crawlers hit dead ends.',
      data: {
        broken_links: [{ url: 'https://example.com/gone', status: 404, anchor: 'Oak tables' }],
        redirected_links: [],
        unverified_links: [],
        local_links: [],
      },
    });
    expect(run([link('https://example.com/error', { status: 503 })]).status).toBe('failed');
  });

  it('fails an internal 403 even from Cloudflare: the site’s own pages must answer', () => {
    const result = run([
      link('https://example.com/shop', { status: 403, headers: { server: 'cloudflare' } }),
    ]);
    expect(result.status).toBe('failed');
    expect(result.data).toMatchObject({ broken_links: [{ url: 'https://example.com/shop', status: 403 }] });
  });

  it('warns about broken external links, redirects and localhost links, each listed as counted', () => {
    const result = run([
      link('https://other.example/gone', { status: 410 }),
      link('https://other.example/down', noAnswer('timeout')),
      link('http://example.com/old', {
        internal: true,
        redirected: true,
        finalUrl: 'https://example.com/new',
      }),
      link('http://localhost:3000/', { ...noAnswer('forbidden-address'), internal: false }),
    ]);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'Some links need attention: 1 external link(s) are broken (e.g. https://other.example/gone answers 410); 1 link(s) go through a redirect (e.g. http://example.com/old); link to the final address; 1 link(s) point to localhost or 127.0.0.1 (e.g. http://localhost:3000/), which only work on the author’s computer. 1 link(s) could not be verified (e.g. https://other.example/down: no answer in time) and are not counted as broken.',
    );
    expect(result.data).toEqual({
      broken_links: [{ url: 'https://other.example/gone', status: 410, anchor: 'Oak tables' }],
      redirected_links: ['http://example.com/old'],
      unverified_links: [{ url: 'https://other.example/down', reason: 'no answer in time' }],
      local_links: ['http://localhost:3000/'],
    });
  });

  it('passes a page whose only problem is links that could not be verified, and says so', () => {
    const result = run([
      link('https://example.com/a'),
      link('https://www.linkedin.com/company/oak', { status: 999 }),
      link('https://x.com/oakworkshop', { status: 403 }),
      link('https://www.instagram.com/oak/', { status: 429 }),
      link('https://shop.example.net/', { status: 403, headers: { 'cf-mitigated': 'challenge' } }),
      link('https://blog.example.net/', { status: 403, headers: { server: 'cloudflare' } }),
      link('https://api.example.org/', { status: 429 }),
      link('https://old-domain.example/', noAnswer('dns')),
      link('https://example.com/slow', noAnswer('timeout')),
    ]);
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The 1 links that answered have no errors or redirects. 8 link(s) could not be verified (e.g. https://www.linkedin.com/company/oak: linkedin.com refuses automated requests (HTTP 999)) and are not counted as broken.',
    );
    expect(result.data).toEqual({
      broken_links: [],
      redirected_links: [],
      unverified_links: [
        {
          url: 'https://www.linkedin.com/company/oak',
          reason: 'linkedin.com refuses automated requests (HTTP 999)',
        },
        { url: 'https://x.com/oakworkshop', reason: 'x.com refuses automated requests (HTTP 403)' },
        {
          url: 'https://www.instagram.com/oak/',
          reason: 'instagram.com refuses automated requests (HTTP 429)',
        },
        { url: 'https://shop.example.net/', reason: 'Cloudflare’s bot protection answered (HTTP 403)' },
        { url: 'https://blog.example.net/', reason: 'Cloudflare’s bot protection answered (HTTP 403)' },
        { url: 'https://api.example.org/', reason: 'rate limited (HTTP 429)' },
        { url: 'https://old-domain.example/', reason: 'the host name could not be resolved' },
        { url: 'https://example.com/slow', reason: 'no answer in time' },
      ],
      local_links: [],
    });
  });

  it('counts in the message exactly the links of the table', () => {
    const result = run([
      link('https://other.example/gone', { status: 404 }),
      link('https://www.facebook.com/oak', { status: 404 }),
      link('https://twitter.com/oak', { status: 403 }),
      link('https://cdn.example.org/', noAnswer('connect')),
    ]);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'Some links need attention: 2 external link(s) are broken (e.g. https://other.example/gone answers 404). 2 link(s) could not be verified (e.g. https://twitter.com/oak: twitter.com refuses automated requests (HTTP 403)) and are not counted as broken.',
    );
    expect(result.data).toMatchObject({
      broken_links: [
        { url: 'https://other.example/gone', status: 404 },
        { url: 'https://www.facebook.com/oak', status: 404 },
      ],
      unverified_links: [
        { url: 'https://twitter.com/oak', reason: 'twitter.com refuses automated requests (HTTP 403)' },
        { url: 'https://cdn.example.org/', reason: 'the server could not be reached' },
      ],
    });
  });

  it('names every other problem beside the broken internal links', () => {
    const result = run([
      link('https://example.com/gone', { status: 404 }),
      link('https://other.example/gone', { status: 500 }),
      link('https://example.com/busy', { status: 429 }),
    ]);
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      '1 internal link(s) are broken (e.g. https://example.com/gone answers 404): visitors and crawlers hit dead ends. Also: 1 external link(s) are broken (e.g. https://other.example/gone answers 500). 1 link(s) could not be verified (e.g. https://example.com/busy: rate limited (HTTP 429)) and are not counted as broken.',
    );
    expect(result.data).toMatchObject({
      broken_links: [
        { url: 'https://example.com/gone', status: 404 },
        { url: 'https://other.example/gone', status: 500 },
      ],
      unverified_links: [{ url: 'https://example.com/busy', reason: 'rate limited (HTTP 429)' }],
    });
  });

  it('passes when no link could be verified at all', () => {
    const result = run([link('https://www.linkedin.com/in/oak', { status: 999 })]);
    expect(result).toMatchObject({
      status: 'passed',
      message:
        'The one link could not be verified (e.g. https://www.linkedin.com/in/oak: linkedin.com refuses automated requests (HTTP 999)); it is not counted as broken.',
    });
  });

  it('warns about a localhost link even when it answers', () => {
    expect(run([link('http://127.0.0.1:8080/admin', { internal: false })]).message).toContain(
      '1 link(s) point to localhost or 127.0.0.1',
    );
  });

  it('does not flag a local site’s links to itself as localhost links', () => {
    expect(run([link('http://127.0.0.1:8080/about', { internal: true })]).status).toBe('passed');
  });

  it('says when only the first links were checked', () => {
    expect(run([link('https://example.com/a')], true).message).toBe(
      'The one link answers without errors or redirects. Only the first link was checked.',
    );
    expect(run([link('https://example.com/gone', { status: 404 })], true).message).toContain(
      'Only the first link was checked.',
    );
  });

  it('does not apply to a page without links', () => {
    expect(run([]).status).toBe('skipped');
  });
});
