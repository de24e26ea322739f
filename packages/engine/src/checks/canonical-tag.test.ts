import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact } from '../testing/artifacts';
import { canonicalTag } from './canonical-tag';
import { format } from './define-check';

const evaluate = (html: string, url: string, headers: Record<string, string> = {}) =>
  canonicalTag.evaluate(
    { document: parseDocument(html, url), page: pageArtifact(url, html, { headers }) },
    { format },
  );
const run = (head: string, headers: Record<string, string> = {}, url = 'https://example.com/shop/tables') =>
  evaluate(`<html><head>${head}</head><body></body></html>`, url, headers);
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

  it('warns when the canonical points to another page', () => {
    const result = run(tag('https://example.com/shop/chairs'));
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The canonical URL points to another page (https://example.com/shop/chairs); this page will not be indexed under its own URL.',
    );
    expect(run(tag('https://other.example/shop/tables')).message).toBe(
      'The canonical URL points to another page (https://other.example/shop/tables); this page will not be indexed under its own URL.',
    );
  });

  it('passes a URL with parameters whose canonical is its clean URL', () => {
    const result = run(
      tag('https://example.com/shoes'),
      {},
      'https://example.com/shoes?color=red&utm_source=x',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The canonical URL (https://example.com/shoes) is this page’s address without its parameters, so search engines gather the parameter variants on the clean URL.',
    );
    expect(result.data).toEqual({
      canonical_tags: [{ source: 'html', href: 'https://example.com/shoes' }],
      canonical_url: 'https://example.com/shoes',
    });
    // The homepage with a tracking parameter is not an inner page sent to the homepage.
    expect(run(tag('https://example.com/'), {}, 'https://example.com/?utm_source=mail').status).toBe(
      'passed',
    );
  });

  it('passes the same path with other parameters, saying when that is right', () => {
    const result = run(tag('https://example.com/shop/tables?sort=price'));
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The canonical URL (https://example.com/shop/tables?sort=price) is this page’s address with other parameters; search engines index both as one page, which is right when the parameters only sort, filter or track.',
    );
  });

  it('counts a trailing slash, the case of the host, www and https as the page’s own URL', () => {
    for (const [href, url] of [
      ['https://EXAMPLE.com/shop/tables/', 'https://example.com/shop/tables'],
      ['https://example.com/shop/tables', 'https://example.com/shop/tables/'],
      ['https://www.example.com/shop/tables', 'http://example.com/shop/tables'],
    ] as const) {
      const result = run(tag(href), {}, url);
      expect(result.status).toBe('passed');
      expect(result.message).toBe(
        `The canonical URL (${new URL(href).href}) is this page’s own address in its preferred form.`,
      );
    }
  });

  it('warns when a secure page names its http:// address', () => {
    const result = run(tag('http://example.com/shop/tables'));
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The canonical URL (http://example.com/shop/tables) is the insecure http:// address of this page; name the https:// address so search engines index the secure one.',
    );
  });

  it('ignores a canonical link in <body>, where search engines do not read it', () => {
    const url = 'https://example.com/shop/tables';
    const result = evaluate(
      `<html><head>${tag(url)}</head><body><p>Oak tables</p><link rel="canonical" href="/other"></body></html>`,
      url,
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The page names itself as the canonical URL (https://example.com/shop/tables).',
    );
    expect(result.data).toEqual({ canonical_tags: [{ source: 'html', href: url }], canonical_url: url });
  });

  it('ignores a canonical link after content that ends the head, also without a <head> tag', () => {
    const url = 'https://example.com/shop/tables';
    const stray = tag('https://example.com/other');
    for (const html of [
      `<html><head>${tag(url)}<div>Banner</div>${stray}</head><body></body></html>`,
      `<!doctype html><html><title>Tables</title>${tag(url)}<p>Oak tables</p>${stray}</html>`,
    ])
      expect(evaluate(html, url).status).toBe('passed');
  });

  it('says so when the only canonical link sits in <body>', () => {
    const url = 'https://example.com/shop/tables';
    const result = evaluate(`<html><head></head><body>${tag(url)}</body></html>`, url);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page’s only canonical link sits in <body>, where search engines ignore it; move it into <head>.',
    );
    expect(result.data).toEqual({ canonical_tags: [], canonical_url: null });
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
