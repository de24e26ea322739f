import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { noindexTags } from './noindex-tags';

const run = (head: string, headers: Record<string, string> = {}) => {
  const url = 'https://example.com/';
  const html = `<html><head>${head}</head><body></body></html>`;
  const page = pageArtifact(url, html, { headers });
  return noindexTags.evaluate({ document: parseDocument(html, url), page }, { format });
};

describe('noindex-tags', () => {
  it('passes an indexable page, ignoring rules for other bots', () => {
    const result = run('<meta name="robots" content="index, follow, max-image-preview:large">', {
      'x-robots-tag': 'otherbot: noindex',
    });
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The page can be indexed: no robots meta tag or X-Robots-Tag header blocks it.',
    );
    expect(result.data).toEqual({ noindex_tags: [] });
  });

  it('fails a noindex meta tag', () => {
    const result = run('<meta name="robots" content="NOINDEX, follow">');
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'The page tells search engines not to index it (meta[name=robots]: noindex); it will not appear in results.',
    );
    expect(result.data).toEqual({
      noindex_tags: [{ source: 'meta[name=robots]', value: 'NOINDEX, follow' }],
    });
  });

  it('fails "none" for googlebot in the X-Robots-Tag header', () => {
    const result = run('', { 'x-robots-tag': 'googlebot: none' });
    expect(result.status).toBe('failed');
    expect(result.message).toContain('(X-Robots-Tag for googlebot: none)');
    expect(result.data).toEqual({ noindex_tags: [{ source: 'X-Robots-Tag', value: 'googlebot: none' }] });
  });

  it('fails a bingbot meta tag with noindex', () => {
    expect(run('<meta name="bingbot" content="noindex">').message).toBe(
      'The page tells search engines not to index it (meta[name=bingbot]: noindex); it will not appear in results.',
    );
  });

  it('fails an unavailable_after date already past', () => {
    const result = run('', { 'x-robots-tag': 'unavailable_after: Friday, 25-Jun-10 15:00:00 GMT' });
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'The page stopped being indexable on Friday, 25-Jun-10 15:00:00 GMT (X-Robots-Tag: unavailable_after).',
    );
  });

  it('warns about nosnippet, max-snippet:0, noimageindex and a future unavailable_after', () => {
    const result = run('<meta name="googlebot" content="nosnippet, max-snippet:0, noimageindex">', {
      'x-robots-tag': 'unavailable_after: 2999-01-01',
    });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page can be indexed, but meta[name=googlebot] limits how it is shown: nosnippet, max-snippet: 0, noimageindex, unavailable_after: 2999-01-01.',
    );
    expect(result.data).toEqual({
      noindex_tags: [
        { source: 'meta[name=googlebot]', value: 'nosnippet, max-snippet:0, noimageindex' },
        { source: 'X-Robots-Tag', value: 'unavailable_after: 2999-01-01' },
      ],
    });
  });
});
