import { describe, expect, it } from 'vitest';
import type { SitemapFile, SitemapsArtifact } from '../artifacts';
import { format } from './define-check';
import { sitemap } from './sitemap';

const SITE = 'https://example.com';
const file = (overrides: Partial<SitemapFile> = {}): SitemapFile => ({
  url: `${SITE}/sitemap.xml`,
  source: 'robots-txt',
  status: 200,
  contentType: 'application/xml',
  type: 'urlset',
  gzip: false,
  bytes: 400,
  urlCount: 2,
  urls: [
    { loc: `${SITE}/`, lastmod: '2026-10-01' },
    { loc: `${SITE}/tables`, lastmod: '2026-09-01' },
  ],
  errors: [],
  ...overrides,
});
const run = (sitemaps: Partial<SitemapsArtifact>) =>
  sitemap.evaluate(
    { sitemaps: { declared: [`${SITE}/sitemap.xml`], files: [file()], ...sitemaps } },
    { format },
  );

describe('sitemap', () => {
  it('passes a declared, valid sitemap', () => {
    expect(run({})).toEqual({
      status: 'passed',
      message: '1 sitemap file(s) list 2 URLs, declared in robots.txt.',
      data: { sitemaps: [{ url: `${SITE}/sitemap.xml`, type: 'urlset', url_count: 2, errors: [] }] },
    });
  });

  it('passes an index and counts the URLs of its children', () => {
    const index = file({
      type: 'sitemapindex',
      urlCount: 1,
      urls: [{ loc: 'https://cdn.example.net/sitemap-1.xml', lastmod: null }],
    });
    const child = file({ url: `${SITE}/sitemap-1.xml`, source: 'index' });
    expect(run({ files: [index, child] }).message).toBe(
      '2 sitemap file(s) list 2 URLs, declared in robots.txt.',
    );
  });

  it('fails when none is found', () => {
    expect(run({ declared: [], files: [] })).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('robots.txt declares none, and there is none at /sitemap.xml'),
      data: { sitemaps: [] },
    });
    const missing = file({
      status: 404,
      type: null,
      urlCount: 0,
      urls: [],
      errors: ['The server answered 404.'],
    });
    const result = run({ files: [missing] });
    expect(result.status).toBe('failed');
    expect(result.message).toContain(`robots.txt declares ${SITE}/sitemap.xml, but none of them answers 200`);
    expect(result.data?.sitemaps).toEqual([
      { url: `${SITE}/sitemap.xml`, type: null, url_count: 0, errors: ['The server answered 404.'] },
    ]);
  });

  it('fails when no file can be parsed', () => {
    const broken = file({ type: null, urlCount: 0, urls: [], errors: ['It is not valid XML: unclosed tag'] });
    expect(run({ files: [broken] })).toMatchObject({
      status: 'failed',
      message: `No sitemap could be read: ${SITE}/sitemap.xml: It is not valid XML: unclosed tag`,
    });
  });

  it('warns when robots.txt does not declare it', () => {
    const result = run({ declared: [], files: [file({ source: 'common-path' })] });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      `The sitemaps have problems: robots.txt does not declare the sitemap ${SITE}/sitemap.xml; add a Sitemap: line so every crawler finds it.`,
    );
  });

  it('warns about future or missing lastmod dates and other hosts', () => {
    const urls = [
      { loc: `${SITE}/a`, lastmod: '2999-01-01' },
      { loc: 'https://elsewhere.example/b', lastmod: null },
      { loc: `${SITE}/c`, lastmod: null },
    ];
    const result = run({ files: [file({ urls, urlCount: 3 })] });
    expect(result.status).toBe('warning');
    expect(result.message).toContain('1 entries have a lastmod date in the future');
    expect(result.message).toContain('2 of 3 entries have no lastmod date');
    expect(result.message).toContain('1 URLs are on another host (e.g. elsewhere.example)');
  });

  it('does not count www as another host', () => {
    const urls = [{ loc: 'https://www.example.com/a', lastmod: '2026-01-01' }];
    expect(run({ files: [file({ urls, urlCount: 1 })] }).status).toBe('passed');
  });

  it('warns about files over 50,000 URLs or 50 MB', () => {
    const big = file({
      urlCount: 60_000,
      bytes: 60 * 1024 * 1024,
      errors: [
        'It lists 60000 URLs; the limit is 50,000 per file.',
        'It is larger than 50 MB, the protocol limit; search engines ignore the rest.',
      ],
    });
    const result = run({ files: [big] });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      `The sitemaps have problems: ${SITE}/sitemap.xml lists 60000 URLs, over the limit of 50000 per file; ${SITE}/sitemap.xml is 60 MB, over the limit of 50 MB per file.`,
    );
  });

  it('warns about a declared file that fails while another works', () => {
    const gone = file({
      url: `${SITE}/old-sitemap.xml`,
      status: 404,
      type: null,
      errors: ['The server answered 404.'],
    });
    expect(run({ files: [file(), gone] }).message).toContain(
      `${SITE}/old-sitemap.xml: The server answered 404.`,
    );
  });
});
