import { describe, expect, it } from 'vitest';
import type { CrawlPage } from '../artifacts';
import { crawlPage } from '../testing/artifacts';
import { format } from './define-check';
import { duplicateContent } from './duplicate-content';

const A = 'https://example.com/a';
const B = 'https://example.com/b';
const run = (a: Partial<CrawlPage>, b: Partial<CrawlPage>) =>
  duplicateContent.evaluate({ crawl: { url: A, pages: [crawlPage(A, a), crawlPage(B, b)] } }, { format });

describe('duplicate-content', () => {
  it('passes unique content', () => {
    expect(run({ simhash: '0000000000000000' }, { simhash: 'ffffffffffffffff' })).toMatchObject({
      status: 'passed',
      data: { duplicate_of: [] },
    });
  });

  it('fails when another indexable page has the same content hash', () => {
    expect(run({ contentHash: 'x' }, { contentHash: 'x' })).toMatchObject({
      status: 'failed',
      message:
        'The main content is identical to 1 other page(s): search engines index one and ignore the rest.',
      data: { duplicate_of: [B], similarity: 1 },
    });
  });

  it('ignores a duplicate that is not indexable', () => {
    expect(run({ contentHash: 'x' }, { contentHash: 'x', indexable: false }).status).toBe('passed');
  });

  it('warns about near duplicates (≥ 90 % similar)', () => {
    const result = run({ simhash: '0000000000000000' }, { simhash: '000000000000000f' });
    expect(result).toMatchObject({ status: 'warning', data: { duplicate_of: [B], similarity: 0.938 } });
    expect(result.message).toContain('about 94 % similar');
  });

  it('passes a page seven bits away (under 90 % similar)', () => {
    expect(run({ simhash: '0000000000000000' }, { simhash: '000000000000007f' })).toMatchObject({
      status: 'passed',
      message: 'No other indexable page has the same or nearly the same main content.',
      data: { duplicate_of: [], similarity: null },
    });
  });

  it('does not judge a page that is not indexable', () => {
    expect(run({ indexable: false }, {}).status).toBe('skipped');
  });
});
