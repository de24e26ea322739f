import { describe, expect, it } from 'vitest';
import type { LinkChecksArtifact } from '../artifacts';
import { brokenLinks } from './broken-links';
import { format } from './define-check';

type Link = LinkChecksArtifact['links'][number];
const link = (url: string, overrides: Partial<Link> = {}): Link => ({
  url,
  anchor: 'Oak tables',
  internal: url.startsWith('https://example.com/'),
  status: 200,
  finalUrl: url,
  redirected: false,
  ...overrides,
});
const run = (links: Link[], capped = false) =>
  brokenLinks.evaluate({ linkChecks: { links, capped } }, { format });

describe('broken-links', () => {
  it('passes links that all answer', () => {
    expect(run([link('https://example.com/a'), link('https://other.example/')])).toEqual({
      status: 'passed',
      message: 'All 2 links answer without errors or redirects.',
      data: { broken_links: [], redirected_links: [] },
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
      },
    });
    expect(run([link('https://example.com/error', { status: 503 })]).status).toBe('failed');
  });

  it('warns about broken external links, redirects and localhost links', () => {
    const result = run([
      link('https://other.example/gone', { status: 410 }),
      link('https://other.example/down', { status: null, finalUrl: null, error: 'timeout' }),
      link('http://example.com/old', {
        internal: true,
        redirected: true,
        finalUrl: 'https://example.com/new',
      }),
      link('http://localhost:3000/', { status: null, finalUrl: null, internal: false }),
    ]);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'Some links need attention: 2 external link(s) are broken or unreachable (e.g. https://other.example/gone); 1 link(s) go through a redirect (e.g. http://example.com/old); link to the final address; 1 link(s) point to localhost or 127.0.0.1 (e.g. http://localhost:3000/), which only work on the author’s computer.',
    );
    expect(result.data).toEqual({
      broken_links: [
        { url: 'https://other.example/gone', status: 410, anchor: 'Oak tables' },
        { url: 'https://other.example/down', status: null, anchor: 'Oak tables' },
        { url: 'http://localhost:3000/', status: null, anchor: 'Oak tables' },
      ],
      redirected_links: ['http://example.com/old'],
    });
  });

  it('warns about a localhost link even when it answers', () => {
    expect(run([link('http://127.0.0.1:8080/admin', { internal: false })]).message).toContain(
      '1 link(s) point to localhost or 127.0.0.1',
    );
  });

  it('warns, not fails, about an internal link that did not answer', () => {
    const result = run([
      link('https://example.com/slow', { status: null, finalUrl: null, error: 'timeout' }),
    ]);
    expect(result.status).toBe('warning');
    expect(result.message).toContain('1 internal link(s) could not be reached');
  });

  it('does not flag a local site’s links to itself as localhost links', () => {
    expect(run([link('http://127.0.0.1:8080/about', { internal: true })]).status).toBe('passed');
  });

  it('says when only the first links were checked', () => {
    expect(run([link('https://example.com/a')], true).message).toBe(
      'All 1 links answer without errors or redirects. Only the first 1 links were checked.',
    );
    expect(run([link('https://example.com/gone', { status: 404 })], true).message).toContain(
      'Only the first 1 links were checked.',
    );
  });

  it('does not apply to a page without links', () => {
    expect(run([]).status).toBe('skipped');
  });
});
