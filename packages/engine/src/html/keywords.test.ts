import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { containsTerm, extractKeywords, wordRuns } from './keywords';

describe('wordRuns', () => {
  it('splits on punctuation, keeps hyphenated words and lower-cases', () => {
    expect(wordRuns("Don't stop — it's E-mail time. State-of-the-art", 'en')).toEqual([
      ["don't", 'stop'],
      ["it's", 'e-mail', 'time'],
      ['state-of-the-art'],
    ]);
  });

  it('drops French elided articles', () => {
    expect(wordRuns("L’épicerie d'Anne", 'fr')).toEqual([['épicerie', 'anne']]);
  });

  it('splits languages written without spaces', () => {
    expect(wordRuns('手作りのテーブル', 'ja').flat()).toContain('テーブル');
  });
});

describe('extractKeywords', () => {
  it('counts words and repeated phrases, dropping words only used inside a phrase', () => {
    const { $ } = parseDocument(
      '<html lang="en"><body><p>Handmade oak tables. Oak tables age well. Oak is strong. Bed and breakfast, bed and breakfast.</p></body></html>',
      'https://example.com/',
    );
    const { lang, words, terms } = extractKeywords($);
    expect(lang).toBe('en');
    expect(words).toBe(16);
    expect(terms.slice(0, 3)).toEqual([
      { term: 'oak', count: 3, n: 1, density: 18.75 },
      { term: 'bed and breakfast', count: 2, n: 3, density: 37.5 },
      { term: 'oak tables', count: 2, n: 2, density: 25 },
    ]);
    expect(terms.map(({ term }) => term)).not.toContain('tables');
    expect(terms.map(({ term }) => term)).not.toContain('bed');
  });

  it('does not take a repeated word for a phrase', () => {
    const { $ } = parseDocument('<p>Oak oak oak. Oak oak.</p>', 'https://example.com/');
    expect(extractKeywords($).terms).toEqual([{ term: 'oak', count: 5, n: 1, density: 100 }]);
  });
});

describe('containsTerm', () => {
  it('matches whole words in order', () => {
    expect(containsTerm(['handmade', 'oak', 'tables'], 'oak tables')).toBe(true);
    expect(containsTerm(['oak', 'tablespoon'], 'oak table')).toBe(false);
  });
});
