import { describe, expect, it } from 'vitest';
import { syllables } from './syllables';

describe('syllables', () => {
  it.each([
    ['table', 2],
    ['tables', 2],
    ['make', 1],
    ['makes', 1],
    ['jumped', 1],
    ['wanted', 2],
    ['boxes', 2],
    ['furniture', 3],
    ['workshop', 2],
    ['the', 1],
    ['information', 4],
    ['beautiful', 3],
    ['piano', 3],
    ['precious', 2],
  ])('%s has about %i in English', (word, count) => {
    expect(syllables(word, 'en')).toBe(count);
  });

  it('counts vowel groups in other languages', () => {
    expect(syllables('Werkstatt', 'de')).toBe(2);
    expect(syllables('Schreibtisch', 'de')).toBe(2);
    expect(syllables('mesa', 'es')).toBe(2);
    expect(syllables('молоко', 'ru')).toBe(3);
  });

  it('counts a word without vowels as one syllable and no letters as none', () => {
    expect(syllables('hmm', 'en')).toBe(1);
    expect(syllables('42', 'en')).toBe(0);
  });
});
