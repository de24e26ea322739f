import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { FORMULAS, readability, readingGrade } from './readability';

const run = (paragraphs: string, lang: string | null = 'en') =>
  readability.evaluate(
    {
      document: parseDocument(
        `<html${lang ? ` lang="${lang}"` : ''}><body><nav>Home About Shop</nav><main>${paragraphs}</main></body></html>`,
        'https://example.com/',
      ),
    },
    { format },
  );
const score = (result: ReturnType<typeof run>) =>
  (result.data?.readability as { score: number } | undefined)?.score ?? Number.NaN;

// 30 sentences of 5–7 short words: 185 words.
const EASY =
  '<p>We make oak tables by hand. Each one takes a week. We pick the wood with care. Then we cut it and join it. The top gets oil, not paint. You can fix a scratch at home.</p>'.repeat(
    5,
  );
// Plain words in 4 sentences of 52 words each.
const LONG_SENTENCES = `<p>${`${Array.from({ length: 10 }, () => 'we cut the oak').join(' and ')} then we rest. `.repeat(4)}</p>`;
// Ordinary business prose, long words in moderate sentences: a "Difficult" band score.
const MEDIUM =
  '<p>Our workshop builds solid furniture for homes and offices across the region. Every table is planned with the customer and finished by experienced craftspeople. We only use timber from forests that are managed responsibly and certified.</p>'.repeat(
    5,
  );
// Long words in long sentences.
const HARD =
  '<p>Notwithstanding considerable organisational complexities, contemporary manufacturing methodologies necessitate comprehensive evaluation of environmental sustainability considerations, particularly regarding responsibly harvested hardwood procurement, transportation infrastructure, and corresponding administrative documentation requirements.</p>'.repeat(
    5,
  );

describe('readability', () => {
  it('passes plain English with short sentences', () => {
    const result = run(EASY);
    expect(result.status).toBe('passed');
    expect(result.data).toEqual({
      readability: { score: expect.any(Number), grade: 'Very easy', avg_sentence_words: 6.2 },
    });
    expect(score(result)).toBeGreaterThanOrEqual(90);
    expect(result.message).toBe(
      `Reading ease ${score(result)}/100 (Very easy), with 6.2 words per sentence on average.`,
    );
  });

  it('warns about a score between 30 and 49', () => {
    const result = run(MEDIUM);
    expect(result.status).toBe('warning');
    expect(score(result)).toBeGreaterThanOrEqual(30);
    expect(score(result)).toBeLessThan(50);
    expect(result.data).toMatchObject({ readability: { grade: 'Difficult' } });
    expect(result.message).toContain('many visitors will skim or leave');
  });

  it('warns about sentences over 25 words even with easy words', () => {
    const result = run(LONG_SENTENCES);
    expect(result.status).toBe('warning');
    expect(score(result)).toBeGreaterThanOrEqual(50);
    expect(result.data).toMatchObject({ readability: { avg_sentence_words: 52 } });
    expect(result.message).toContain('but sentences average 52 words; above 25 they are hard to follow');
  });

  it('fails dense text of long words and long sentences', () => {
    const result = run(HARD);
    expect(result.status).toBe('failed');
    expect(result.data).toMatchObject({ readability: { score: 0, grade: 'Very difficult' } });
    expect(result.message).toBe(
      'Reading ease 0/100 (Very difficult): the text is hard going for most readers.',
    );
  });

  it('counts a heading or list item without a full stop as a sentence', () => {
    const list = `<h2>Our tables</h2><ul>${'<li>Solid oak top</li><li>Oiled by hand</li>'.repeat(30)}</ul>`;
    expect(run(`${list}${EASY}`).data).toMatchObject({ readability: { avg_sentence_words: 4 } });
  });

  it('scores German with the Amstad formula, also when lang is missing', () => {
    const de =
      '<p>Wir bauen Tische aus Eiche. Jeder Tisch braucht eine Woche. Wir wählen das Holz mit Sorgfalt aus. Dann schneiden wir es und leimen die Teile.</p>'.repeat(
        6,
      );
    const declared = run(de, 'de');
    expect(declared.status).toBe('passed');
    expect(run(de, null).data).toEqual(declared.data);
    // The English formula would judge the same text more harshly than Amstad does.
    expect(FORMULAS.de!(6, 1.5)).toBeGreaterThan(FORMULAS.en!(6, 1.5));
  });

  it('uses the English formula for a language without its own', () => {
    const sv = run(EASY, 'sv');
    expect(sv.status).toBe('passed');
    expect(sv.data).toEqual(run(EASY).data);
  });

  it('does not score pages under 100 words', () => {
    expect(run('<p>We make oak tables by hand. Each one takes a week.</p>')).toEqual({
      status: 'skipped',
      message:
        'The main content has 11 words; a readability score needs at least 100 words to mean anything.',
    });
  });

  it('names the bands as Flesch did', () => {
    expect([95, 85, 75, 65, 55, 40, 10].map(readingGrade)).toEqual([
      'Very easy',
      'Easy',
      'Fairly easy',
      'Standard',
      'Fairly difficult',
      'Difficult',
      'Very difficult',
    ]);
  });
});
