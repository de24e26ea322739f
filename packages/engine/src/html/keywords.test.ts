import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import {
  containsTerm,
  extractKeywords,
  SIMPLE_SCRIPT,
  segmentRuns,
  simpleSegments,
  wordRuns,
} from './keywords';

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

describe('wordRuns on a long text the segmenter reads', () => {
  // "≥" and "—" are outside the simple script: ICU's segmenter reads the text.
  const sentence = 'The index ≥ lists CONTINUE — and 東京 entries in order. ';

  it('reads it a chunk at a time with the words a single pass finds', () => {
    const text = sentence.repeat(200);
    expect(SIMPLE_SCRIPT.test(text)).toBe(false);
    const whole = [...new Intl.Segmenter('en', { granularity: 'word' }).segment(text)]
      .filter((segment) => segment.isWordLike)
      .map((segment) => segment.segment.toLowerCase());
    expect(wordRuns(text, 'en').flat()).toEqual(whole);
  });

  it('reads a book index of 450,000 characters in well under a second, not minutes', () => {
    const text = sentence.repeat(8000);
    const started = performance.now();
    expect(wordRuns(text, 'en').flat().length).toBeGreaterThan(50_000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('the simple-script splitter', () => {
  // Words, and the characters between them merged: how the whitespace between two words is cut
  // into segments changes no run.
  const pieces = (segments: Iterable<{ segment: string; isWordLike?: boolean }>) => {
    const out: string[] = [];
    let between = '';
    for (const { segment, isWordLike } of segments) {
      if (!isWordLike) between += segment;
      else {
        if (between) out.push(`(${between})`);
        between = '';
        out.push(`[${segment}]`);
      }
    }
    if (between) out.push(`(${between})`);
    return out;
  };
  const icu = (text: string, lang = 'en') =>
    pieces(new Intl.Segmenter(lang, { granularity: 'word' }).segment(text));
  const simple = (text: string) => pieces(simpleSegments(text));
  const SIMPLE_CHARS = Array.from({ length: 0x2200 }, (_, code) => String.fromCharCode(code)).filter((char) =>
    SIMPLE_SCRIPT.test(char),
  );
  const TRICKY = [..."aZéßЖλǃªµ07_.,;:·'- \n\u00a0²—…€™→϶(/@#"];

  it('covers Latin, Greek and Cyrillic text, and leaves CJK, Thai, marks and joiners to ICU', () => {
    expect(SIMPLE_SCRIPT.test("Don't stop — it's 3,50 € (café, Straße, Москва, Αθήνα)…")).toBe(true);
    for (const text of [
      '手作り',
      'เฟอร์นิเจอร์',
      'שלום',
      'a\u0301',
      'a\u200db',
      'a\u00adb',
      'x\u202fy',
      '👍',
      '1\u20442',
    ])
      expect(SIMPLE_SCRIPT.test(text)).toBe(false);
  });

  it('splits every character it covers as ICU does, alone and between letters and digits', () => {
    for (const char of SIMPLE_CHARS)
      for (const text of [char, `a${char}b`, `1${char}2`, `a${char}1`, `_${char}_`])
        expect(simple(text), JSON.stringify(text)).toEqual(icu(text));
  });

  it('splits any text of those characters as ICU does, in every language', () => {
    const unit = fc.oneof(fc.constantFrom(...TRICKY), fc.constantFrom(...SIMPLE_CHARS));
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 30 }),
        fc.constantFrom('en', 'fr', 'de', 'sv', 'fi', 'tr', 'ru', 'el', 'ja'),
        (text, lang) => {
          expect(simple(text)).toEqual(icu(text, lang));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('makes the same runs of words as the segments do, without a segment for each character', () => {
    const unit = fc.oneof(fc.constantFrom(...TRICKY, '-', '-', '_'), fc.constantFrom(...SIMPLE_CHARS));
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 40 }),
        fc.constantFrom('en', 'fr', 'it', 'tr'),
        (text, lang) => {
          const plain = text.replace(/[’‘]/g, "'");
          fc.pre(SIMPLE_SCRIPT.test(plain));
          expect(wordRuns(text, lang)).toEqual(segmentRuns(simpleSegments(plain), lang));
        },
      ),
      { numRuns: 5000 },
    );
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
