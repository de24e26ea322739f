import { describe, expect, it } from 'vitest';
import { crawlPage } from '../testing/artifacts';
import { crawlDepth } from './crawl-depth';
import { format } from './define-check';

const URL = 'https://example.com/a';
const run = (depth: number | null) =>
  crawlDepth.evaluate({ crawl: { url: URL, pages: [crawlPage(URL, { depth })] } }, { format });

describe('crawl-depth', () => {
  it('passes up to three clicks', () => {
    expect(run(3)).toEqual({
      status: 'passed',
      message: 'The page is 3 clicks from the start page.',
      data: { depth: 3 },
    });
    expect(run(0).message).toBe('This is the start page of the crawl.');
  });

  it('warns at four and five clicks', () => {
    expect(run(4).status).toBe('warning');
    expect(run(5).status).toBe('warning');
  });

  it('fails beyond five clicks', () => {
    expect(run(6)).toMatchObject({ status: 'failed', data: { depth: 6 } });
  });

  it('does not judge a page the crawl reached only from the sitemap', () => {
    expect(run(null).status).toBe('skipped');
  });
});
