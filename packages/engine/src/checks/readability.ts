import { words } from '../html/keywords';
import { mainContentBlocks } from '../html/main-content';
import { pageLanguage } from '../html/page-language';
import { syllables } from '../html/syllables';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { good: 50, poor: 30, maxSentenceWords: 25, minWords: 100 };

const messages = {
  tooShort:
    'The main content has {words} words; a readability score needs at least {min} words to mean anything.',
  ok: 'Reading ease {score}/100 ({grade}), with {avg} words per sentence on average.',
  hard: 'Reading ease {score}/100 ({grade}): many visitors will skim or leave. Shorter sentences and plainer words help.',
  longSentences:
    'Reading ease {score}/100 ({grade}), but sentences average {avg} words; above {max} they are hard to follow.',
  veryHard: 'Reading ease {score}/100 ({grade}): the text is hard going for most readers.',
};

/**
 * Flesch reading ease and its adaptations by language, from ASL (words per sentence) and ASW
 * (syllables per word). Languages without their own formula are scored with the English one.
 */
export const FORMULAS: Record<string, (asl: number, asw: number) => number> = {
  en: (asl, asw) => 206.835 - 1.015 * asl - 84.6 * asw, // Flesch (1948)
  de: (asl, asw) => 180 - asl - 58.5 * asw, // Amstad (1978)
  fr: (asl, asw) => 207 - 1.015 * asl - 73.6 * asw, // Kandel & Moles (1958)
  es: (asl, asw) => 206.84 - 1.02 * asl - 60 * asw, // Fernández Huerta (1959)
  it: (asl, asw) => 206 - asl - 65 * asw, // Franchina & Vacca (1972)
  nl: (asl, asw) => 206.835 - 0.93 * asl - 77 * asw, // Douma (1960)
};

/** Flesch's own bands, which the adapted formulas share. */
export function readingGrade(score: number): string {
  if (score >= 90) return 'Very easy';
  if (score >= 80) return 'Easy';
  if (score >= 70) return 'Fairly easy';
  if (score >= 60) return 'Standard';
  if (score >= 50) return 'Fairly difficult';
  if (score >= 30) return 'Difficult';
  return 'Very difficult';
}

// A sentence ends at . ! ? … (then a space or the end) and at the end of every text block, so
// headings and list items without a full stop are sentences of their own.
const SENTENCE_END = /(?<=[.!?…])["”’»)]*\s+|\n/;
/** A sentence counts when it has a word, a letter or a digit: the words are counted once, not again per sentence. */
const HAS_WORD = /[\p{L}\p{N}]/u;

/**
 * Reading ease (0 to 100, higher is easier) of text blocks in `lang`, with the words per sentence
 * it found; null under `thresholds.minWords` words, where the formula means nothing.
 */
export function readingEase(
  blocks: readonly string[],
  lang: string,
): { score: number; wordsPerSentence: number } | null {
  const formula = FORMULAS[lang] ?? FORMULAS.en!;
  const all = words(blocks.join('\n'), lang);
  if (all.length < thresholds.minWords) return null;
  const sentences = blocks
    .flatMap((block) => block.split(SENTENCE_END))
    .filter((sentence) => HAS_WORD.test(sentence)).length;
  const wordsPerSentence = all.length / Math.max(1, sentences);
  const asw = all.reduce((sum, word) => sum + syllables(word, lang), 0) / all.length;
  return { score: Math.round(Math.max(0, Math.min(100, formula(wordsPerSentence, asw)))), wordsPerSentence };
}

export const readability = defineCheck({
  key: 'readability',
  title: 'Readability',
  category: 'keywords-content',
  relevance: 3,
  scope: 'page',
  requires: ['document'],
  description:
    'The Flesch reading-ease score of the main content (0–100, higher is easier), from the length of sentences and words. Pages in German, French, Spanish, Italian and Dutch are scored with their language’s adaptation (Amstad, Kandel–Moles, Fernández Huerta, Flesch–Vacca, Douma); other languages with the English formula. Text that is easy to read keeps visitors on the page.',
  recommendation: 'Write shorter sentences and plainer words: aim for a reading ease of 50 or more.',
  howToFix:
    'Split sentences longer than about 20 words, prefer everyday words to jargon and long compounds, use the active voice, and break long paragraphs into lists and subheadings. Read the text aloud: where you run out of breath, the sentence is too long. Technical audiences tolerate lower scores, but even there short sentences help.',
  evaluate({ document: { $ } }, { format }) {
    const blocks = mainContentBlocks($);
    const { lang } = pageLanguage($, blocks.join('\n'));
    const ease = readingEase(blocks, lang);
    if (!ease) {
      const count = words(blocks.join('\n'), lang).length;
      return notApplicable(format(messages.tooShort, { words: count, min: thresholds.minWords }));
    }
    const { score, wordsPerSentence: asl } = ease;
    const avg = Math.round(asl * 10) / 10;
    const grade = readingGrade(score);
    const values = { score, grade, avg, max: thresholds.maxSentenceWords };
    const data = { readability: { score, grade, avg_sentence_words: avg } };
    if (score < thresholds.poor) return failed(format(messages.veryHard, values), data);
    if (score < thresholds.good) return warning(format(messages.hard, values), data);
    if (asl > thresholds.maxSentenceWords) return warning(format(messages.longSentences, values), data);
    return passed(format(messages.ok, values), data);
  },
});
