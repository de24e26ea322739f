import { describe, expect, it } from 'vitest';
import { isKnownWord, pageVariant, suggestFor } from './spelling';

describe('isKnownWord', () => {
  it('knows the rarer words of SCOWL’s larger list, in either spelling', () => {
    // The dictionaries (SCOWL size 60) know none of these; the size-70 list has them (and
    // "deferrable", "subclasses", which are also regular forms of the dictionary's words).
    const words = [
      'instantiation',
      'iteratively',
      'asynchronism',
      'Instantiation',
      'deferrable',
      'subclasses',
    ];
    for (const word of words)
      for (const variant of ['en-US', 'en-GB'] as const) expect(isKnownWord(word, variant), word).toBe(true);
    // Hyphenated, each part may be the list's.
    expect(isKnownWord('non-instantiation', 'en-US')).toBe(true);
  });

  it('reads the larger list’s variant words in their own variant only', () => {
    // "achromatise" is of the British size-70 list, "achromatize" of the American one.
    expect(isKnownWord('achromatise', 'en-GB')).toBe(true);
    expect(isKnownWord('achromatise', 'en-US')).toBe(false);
    expect(isKnownWord('achromatize', 'en-US')).toBe(true);
    expect(isKnownWord('achromatize', 'en-GB')).toBe(false);
  });

  it('still does not know the slips people make, and suggests from the dictionary', () => {
    for (const variant of ['en-US', 'en-GB'] as const) {
      expect(isKnownWord('recieve', variant)).toBe(false);
      expect(isKnownWord('accomodate', variant)).toBe(false);
      expect(isKnownWord('teh', variant)).toBe(false);
      // Regular forms stand on the dictionary's words, not the list's rare ones (co + lection).
      expect(isKnownWord('colection', variant)).toBe(false);
      expect(isKnownWord('devides', variant)).toBe(false);
    }
    expect(suggestFor('recieve', 'en-US')[0]).toBe('receive');
    expect(suggestFor('accomodate', 'en-US')[0]).toBe('accommodate');
    expect(suggestFor('teh', 'en-US')[0]).toBe('the');
  });
});

describe('pageVariant', () => {
  it('says what decided the spelling: the lang region, the words, or nothing', () => {
    expect(pageVariant('en-GB', ['color'])).toEqual({ variant: 'en-GB', source: 'lang' });
    expect(pageVariant('en-us', ['colour'])).toEqual({ variant: 'en-US', source: 'lang' });
    expect(pageVariant('en', ['behaviour', 'colour', 'table'])).toEqual({
      variant: 'en-GB',
      source: 'words',
    });
    expect(pageVariant(undefined, ['behavior', 'table'])).toEqual({ variant: 'en-US', source: 'words' });
    // As many of each (Oxford spelling: -our and -ize), or none: American by default.
    expect(pageVariant('en', ['favourite', 'recognize'])).toEqual({ variant: 'en-US', source: 'default' });
    expect(pageVariant(undefined, ['table'])).toEqual({ variant: 'en-US', source: 'default' });
  });
});
