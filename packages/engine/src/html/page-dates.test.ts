import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { pageModified } from './page-dates';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const modified = (head: string, headers: Record<string, string> = {}) =>
  pageModified(load(`<html><head>${head}</head><body></body></html>`), headers, NOW);
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('pageModified', () => {
  it('reads article:modified_time and gives UTC', () => {
    expect(modified('<meta property="article:modified_time" content="2025-03-01T14:05:09+02:00">')).toBe(
      '2025-03-01T12:05:09+00:00',
    );
    expect(modified('<meta property="article:modified_time" content="2025-03-01T23:30:00.123-05:00">')).toBe(
      '2025-03-02T04:30:00+00:00',
    );
  });

  it('keeps a date without a time as a date', () => {
    expect(modified('<meta property="og:updated_time" content="2025-02-28">')).toBe('2025-02-28');
  });

  it('takes the sources in order: article, Open Graph, microdata, JSON-LD, then Last-Modified', () => {
    const article = '<meta property="article:modified_time" content="2025-01-01T00:00:00Z">';
    const og = '<meta name="og:updated_time" content="2025-01-02T00:00:00Z">';
    const microdata = '<meta itemprop="dateModified" content="2025-01-03">';
    const ld = jsonLd({ '@context': 'https://schema.org', '@type': 'Article', dateModified: '2025-01-04' });
    const header = { 'last-modified': 'Sun, 05 Jan 2025 08:00:00 GMT' };

    expect(modified(ld + microdata + og + article, header)).toBe('2025-01-01T00:00:00+00:00');
    expect(modified(ld + microdata + og, header)).toBe('2025-01-02T00:00:00+00:00');
    expect(modified(ld + microdata, header)).toBe('2025-01-03');
    expect(modified(ld, header)).toBe('2025-01-04');
    expect(modified('', header)).toBe('2025-01-05T08:00:00+00:00');
    expect(modified('')).toBeNull();
  });

  it('finds microdata on <time datetime> and JSON-LD inside @graph', () => {
    expect(modified('<time itemprop="dateModified" datetime="2025-02-01T10:00">1 Feb</time>')).toBe(
      '2025-02-01T10:00:00+00:00',
    );
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'WebPage', dateModified: '2025-02-02' }],
    };
    expect(modified(`<script type="application/ld+json">not json</script>${jsonLd(graph)}`)).toBe(
      '2025-02-02',
    );
  });

  it('skips dates that do not exist, lie ahead or are placeholders, and falls through to the next source', () => {
    const header = { 'last-modified': 'Mon, 03 Mar 2025 09:00:00 GMT' };
    const meta = (value: string) => `<meta property="article:modified_time" content="${value}">`;

    expect(modified(meta('2025-02-30'), header)).toBe('2025-03-03T09:00:00+00:00');
    expect(modified(meta('2025-03-01T25:00:00Z'), header)).toBe('2025-03-03T09:00:00+00:00');
    expect(modified(meta('last Tuesday'), header)).toBe('2025-03-03T09:00:00+00:00');
    expect(modified(meta('2025-03-12T00:00:00Z'), header)).toBe('2025-03-03T09:00:00+00:00');
    expect(modified(meta('1970-01-01T00:00:00Z'), header)).toBe('2025-03-03T09:00:00+00:00');
    expect(modified(meta('2025-03-11T06:00:00Z'))).toBe('2025-03-11T06:00:00+00:00');
    expect(modified('', { 'last-modified': 'garbage' })).toBeNull();
  });
});
