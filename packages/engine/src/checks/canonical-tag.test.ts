import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact } from '../testing/artifacts';
import { canonicalTag } from './canonical-tag';
import { format } from './define-check';

const run = (head: string, headers: Record<string, string> = {}, url = 'https://example.com/shop/tables') => {
  const html = `<html><head>${head}</head><body></body></html>`;
  const page = pageArtifact(url, html, { headers });
  return canonicalTag.evaluate({ document: parseDocument(html, url), page }, { format });
};
const tag = (href: string) => `<link rel="canonical" href="${href}">`;

describe('canonical-tag', () => {
  it('passes one absolute self-referencing canonical that the Link header agrees with', () => {
    const result = run(tag('https://example.com/shop/tables'), {
      link: '<https://example.com/shop/tables>; rel="canonical", </app.css>; rel=preload; as=style',
    });
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The page names itself as the canonical URL (https://example.com/shop/tables).',
    );
    expect(result.data).toEqual({
      canonical_tags: [
        { source: 'html', href: 'https://example.com/shop/tables' },
        { source: 'header', href: 'https://example.com/shop/tables' },
      ],
      canonical_url: 'https://example.com/shop/tables',
    });
  });

  it('warns when no canonical is declared', () => {
    const result = run('<title>x</title>');
    expect(result.status).toBe('warning');
    expect(result.data).toEqual({ canonical_tags: [], canonical_url: null });
  });

  it('warns when the canonical points to another URL', () => {
    const result = run(tag('https://example.com/shop/tables?sort=price'));
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The canonical URL points to another page (https://example.com/shop/tables?sort=price); this page will not be indexed under its own URL.',
    );
  });

  it('warns when an inner page points to the homepage', () => {
    expect(run(tag('https://example.com/')).message).toBe(
      'This inner page names the homepage (https://example.com/) as its canonical, which asks search engines to drop it.',
    );
  });

  it('warns about the same canonical tag repeated', () => {
    const result = run(tag('https://example.com/shop/tables') + tag('https://example.com/shop/tables'));
    expect(result.status).toBe('warning');
    expect(result.message).toBe('The canonical URL is declared 2 times; declare it once.');
  });

  it('fails conflicting canonicals between the tag and the header', () => {
    const result = run(tag('https://example.com/shop/tables'), {
      link: '<https://example.com/tables>; rel=canonical',
    });
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'The page declares 2 different canonical URLs (https://example.com/shop/tables, https://example.com/tables); search engines may ignore them all.',
    );
  });

  it('fails a relative canonical', () => {
    const result = run(tag('/shop/tables'));
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'The canonical URL "/shop/tables" (link tag) is relative; write it as an absolute URL.',
    );
  });

  it('fails an invalid or empty canonical', () => {
    expect(run(tag('http://[broken')).status).toBe('failed');
    expect(run(tag('')).message).toContain('is not a valid http(s) URL');
    expect(run(tag('ftp://example.com/x')).message).toContain('is not a valid http(s) URL');
  });
});
