import { describe, expect, it } from 'vitest';
import type { CrawlPage } from '../artifacts';
import { crawlPage } from '../testing/artifacts';
import { format } from './define-check';
import { duplicateMeta } from './duplicate-meta';

const A = 'https://example.com/a';
const B = 'https://example.com/b';
const run = (a: Partial<CrawlPage>, b: Partial<CrawlPage>) =>
  duplicateMeta.evaluate({ crawl: { url: A, pages: [crawlPage(A, a), crawlPage(B, b)] } }, { format });

describe('duplicate-meta', () => {
  it('passes unique titles, descriptions and H1s', () => {
    expect(run({}, {})).toMatchObject({
      status: 'passed',
      data: { duplicates: { title: [], description: [], h1: [] } },
    });
  });

  it('warns and names each shared field, ignoring case', () => {
    const result = run({ title: 'Oak tables', h1: 'Tables' }, { title: 'OAK TABLES ', h1: 'tables' });
    expect(result).toMatchObject({
      status: 'warning',
      data: { duplicates: { title: [B], description: [], h1: [B] } },
    });
    expect(result.message).toBe(
      'Other indexable pages use the same title, H1: search results cannot tell them apart.',
    );
  });

  it('ignores pages that are not indexable', () => {
    expect(run({ title: 'Oak' }, { title: 'Oak', indexable: false }).status).toBe('passed');
  });

  it('does not judge a page that is not indexable', () => {
    expect(run({ indexable: false }, {}).status).toBe('skipped');
  });
});
