import { describe, expect, it } from 'vitest';
import { crawlPage } from '../testing/artifacts';
import { format } from './define-check';
import { orphanPages } from './orphan-pages';

const A = 'https://example.com/a';
const B = 'https://example.com/b';
const run = (url: string, pages = [crawlPage(A, { inlinks: 4 }), crawlPage(B, { inlinks: 0 })]) =>
  orphanPages.evaluate({ crawl: { url, pages } }, { format });

describe('orphan-pages', () => {
  it('passes a linked page and lists the site’s orphans', () => {
    expect(run(A)).toEqual({
      status: 'passed',
      message: 'The page has 4 internal links pointing to it.',
      data: { orphan_urls: [B] },
    });
  });

  it('warns about a sitemap page nothing links to', () => {
    expect(run(B)).toEqual({
      status: 'warning',
      message:
        'The page is in the sitemap but no crawled page links to it: crawlers find it only through the sitemap, and it gets no link authority.',
      data: { orphan_urls: [B] },
    });
  });

  it('never counts the start page of the crawl as an orphan', () => {
    const pages = [crawlPage(A, { inlinks: 0, depth: 0 }), crawlPage(B, { inlinks: 0 })];
    expect(run(A, pages)).toMatchObject({ status: 'passed', data: { orphan_urls: [B] } });
  });

  it('cannot tell for a page outside the sitemap with no links', () => {
    expect(run(B, [crawlPage(B, { inlinks: 0, inSitemap: false })]).status).toBe('skipped');
  });
});
