import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { nofollowTags } from './nofollow-tags';

const run = (head: string, body = '', headers: Record<string, string> = {}) => {
  const url = 'https://www.example.com/blog/';
  const html = `<html><head>${head}</head><body>${body}</body></html>`;
  const page = pageArtifact(url, html, { headers });
  return nofollowTags.evaluate({ document: parseDocument(html, url), page }, { format });
};

describe('nofollow-tags', () => {
  it('passes followed internal links and nofollow external ones', () => {
    const result = run(
      '<meta name="robots" content="index, follow">',
      '<a href="/about">About</a><a href="https://ads.example/" rel="sponsored nofollow">Ad</a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'Search engines may follow the page’s links, and no internal link is marked nofollow.',
    );
    expect(result.data).toEqual({ nofollow_tags: [], nofollow_links: [] });
  });

  it('warns about a page-level nofollow in meta or header', () => {
    const result = run('<meta name="robots" content="noindex, nofollow">', '', { 'x-robots-tag': 'none' });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page tells search engines not to follow any of its links (meta[name=robots], X-Robots-Tag); no link passes signals on.',
    );
    expect(result.data).toEqual({
      nofollow_tags: [
        { source: 'meta[name=robots]', value: 'noindex, nofollow' },
        { source: 'X-Robots-Tag', value: 'none' },
      ],
      nofollow_links: [],
    });
  });

  it('warns about internal links with rel=nofollow, counting the bare domain as internal', () => {
    const result = run(
      '',
      '<a href="/login" rel="NoFollow">Log in</a><a href="https://example.com/cart" rel="nofollow">Cart</a><a href="/login" rel="nofollow">Again</a>',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '2 internal links carry rel="nofollow"; the pages they point to get less crawl attention.',
    );
    expect(result.data).toEqual({
      nofollow_tags: [],
      nofollow_links: ['https://www.example.com/login', 'https://example.com/cart'],
    });
  });
});
