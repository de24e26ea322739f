import { describe, expect, it } from 'vitest';
import { seoData } from '../testing/artifacts';
import { format } from './define-check';
import { relatedKeywords } from './related-keywords';

describe('related-keywords', () => {
  it('lists the queries the page ranks for, best position first', () => {
    const result = relatedKeywords.evaluate(
      {
        seoData: seoData({
          relatedKeywords: [
            { keyword: 'oak table', position: 8, volume: 2400, cpc: 1.2 },
            { keyword: 'handmade oak table', position: 3, volume: 320, cpc: 0.9 },
          ],
        }),
      },
      { format },
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The page ranks for 2 search queries; the best is “handmade oak table” at position 3.',
    );
    expect((result.data!.related_keywords as { keyword: string }[]).map((k) => k.keyword)).toEqual([
      'handmade oak table',
      'oak table',
    ]);
  });

  it('warns when the provider knows none', () => {
    expect(relatedKeywords.evaluate({ seoData: seoData() }, { format })).toMatchObject({
      status: 'warning',
      data: { related_keywords: [] },
    });
  });
});
