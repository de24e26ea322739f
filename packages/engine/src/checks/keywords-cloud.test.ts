import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { keywordsCloud, thresholds } from './keywords-cloud';

const run = (body: string) =>
  keywordsCloud.evaluate(
    { document: parseDocument(`<html lang="en"><body>${body}</body></html>`, 'https://example.com/') },
    { format },
  );

describe('keywords-cloud', () => {
  it('lists terms with counts and weights relative to the most frequent one, without stop-words or scripts', () => {
    const result = run(
      '<h1>Oak tables</h1><p>Our oak tables and oak chairs are oak through and through.</p><script>var oak = 1;</script>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The 3 most frequent terms of the page, led by "oak" (4 times).');
    expect(result.data).toEqual({
      keywords_cloud: [
        { term: 'oak', count: 4, weight: 1 },
        { term: 'oak tables', count: 2, weight: 0.5 },
        { term: 'chairs', count: 1, weight: 0.25 },
      ],
    });
  });

  it(`keeps at most ${thresholds.maxTerms} terms`, () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`);
    expect((run(`<p>${words.join(' ')}</p>`).data!.keywords_cloud as unknown[]).length).toBe(30);
  });

  it('passes with an empty cloud when the page has no text', () => {
    const result = run('<img src="a.jpg">');
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The page has no visible text to build a keyword cloud from.');
    expect(result.data).toEqual({ keywords_cloud: [] });
  });
});
