import { Lru } from '../crawl/caches';
import { oncePerDocument } from './dom';
import { pageLanguage } from './page-language';
import { STOP_WORDS } from './stop-words';
import { textBlocks } from './text';

/** One keyword candidate: a word or a phrase of two or three words. */
export interface KeywordTerm {
  term: string;
  count: number;
  /** Words in the term: 1, 2 or 3. */
  n: number;
  /** Share of the page's words the term covers, in percent (count × n ÷ words). */
  density: number;
}

export interface PageKeywords {
  /** Primary language subtag used for stop-words and word splitting, e.g. `en`. */
  lang: string;
  words: number;
  /** Most frequent first; a word that only ever occurs inside a listed phrase is left out. */
  terms: readonly KeywordTerm[];
}

/** Defaults an operator may tune. */
export const keywordDefaults = { minPhraseCount: 2, maxTerms: 100, detectSample: 2000 };

const NO_STOP_WORDS: ReadonlySet<string> = new Set();

/**
 * One word segmenter per language: making one costs more than segmenting a paragraph with it. A
 * page names its own language, so only so many are kept.
 */
const segmenters = new Map<string, Intl.Segmenter>();
const MAX_SEGMENTERS = 64;

function segmenter(lang: string): Intl.Segmenter {
  let found = segmenters.get(lang);
  if (!found) {
    try {
      found = new Intl.Segmenter(lang, { granularity: 'word' });
    } catch {
      found = new Intl.Segmenter('en', { granularity: 'word' });
    }
    if (segmenters.size < MAX_SEGMENTERS) segmenters.set(lang, found);
  }
  return found;
}

const LOCALE_CASING = new Set(['tr', 'az', 'lt']);
const ELIDING = new Set(['fr', 'it', 'ca']);

/**
 * Splits text into runs of lower-cased words; punctuation ends a run so phrases never span two
 * sentences. French and Italian elisions lose their article: "l'épicerie" → "épicerie".
 */
export function wordRuns(text: string, lang: string): string[][] {
  const plain = text.replace(/[’‘]/g, "'");
  return SIMPLE_SCRIPT.test(plain)
    ? simpleWordRuns(plain, lang)
    : segmentRuns(segmentsInChunks(plain, lang), lang);
}

/** A word as the runs hold it: lower case, an elided article dropped. */
function runWord(segment: string, lang: string): string {
  // Only Turkish, Azeri and Lithuanian lower-case differently from the default (SpecialCasing).
  const word = LOCALE_CASING.has(lang) ? segment.toLocaleLowerCase(lang) : segment.toLowerCase();
  const elided = ELIDING.has(lang) && /^(?:[a-zà-ÿ]{1,2}|qu|dell|nell|all|dall|sull|un)'(.+)$/.exec(word);
  return elided ? elided[1]! : word;
}

/** A character between words that ends a run (anything but spaces, apostrophes and hyphens). */
const RUN_BREAK = /[^\s'-]/;

/** The runs of words of ICU's word segments (or segments split as ICU would). */
export function segmentRuns(
  segments: Iterable<{ segment: string; isWordLike?: boolean }>,
  lang: string,
): string[][] {
  const runs: string[][] = [[]];
  let hyphen = false;
  let previousWasWord = false;
  for (const { segment, isWordLike } of segments) {
    const run = runs.at(-1)!;
    if (isWordLike) {
      const word = runWord(segment, lang);
      // ICU splits "e-mail" and "t-shirt"; a hyphen between two words keeps them one word.
      if (hyphen && run.length > 0) run[run.length - 1] += `-${word}`;
      else run.push(word);
      hyphen = false;
      previousWasWord = true;
      continue;
    }
    hyphen = segment === '-' && previousWasWord;
    previousWasWord = false;
    if (RUN_BREAK.test(segment)) runs.push([]);
  }
  return runs.filter((run) => run.length > 0);
}

/**
 * `segmentRuns` of `simpleSegments`, without a segment for every character between two words (that
 * was most of a long page's word counting): the text between two words ends the run when it holds
 * a character other than a space, apostrophe or hyphen, and joins them when it is one hyphen.
 */
function simpleWordRuns(text: string, lang: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let end = -1;
  for (const match of text.matchAll(SIMPLE_WORD)) {
    const segment = match[0];
    // A lone underscore is the one run of word characters ICU does not call a word.
    if (segment === '_') continue;
    const between = text.slice(Math.max(end, 0), match.index);
    if (end >= 0 && between === '-') {
      run[run.length - 1] += `-${runWord(segment, lang)}`;
    } else {
      if (RUN_BREAK.test(between) && run.length > 0) {
        runs.push(run);
        run = [];
      }
      run.push(runWord(segment, lang));
    }
    end = match.index + segment.length;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Characters of text handed to the segmenter at once. */
const SEGMENT_CHUNK = 2000;

/**
 * ICU's word segments of the text, a chunk at a time: V8 walks one long string's segments in
 * quadratic time (100,000 characters took 7 s, a 445 KB book index 13 s of a page's checks). A
 * chunk ends at a space or a stop (words never span one), else at the limit.
 */
function* segmentsInChunks(text: string, lang: string): Generator<Intl.SegmentData> {
  const words = segmenter(lang);
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + SEGMENT_CHUNK);
    if (end < text.length) {
      const window = text.slice(start, end);
      const cut = Math.max(window.search(/[\s。、，．！？][^\s。、，．！？]*$/u), 0);
      if (cut > 0) end = start + cut + 1;
    }
    yield* words.segment(text.slice(start, end));
    start = end;
  }
}

/**
 * Text in these characters only (Latin, Greek and Cyrillic letters, ASCII digits, common
 * punctuation and symbols; no combining marks, format characters or joiners) is split into words
 * by the rules of UAX #29 below, as ICU's segmenter splits it in every language, several times
 * faster. Any other character, e.g. CJK or Thai that need a dictionary, takes the segmenter.
 */
export const SIMPLE_SCRIPT =
  /^[\t\n\r\x20-\x7E\u00A0-\u00AC\u00AE-\u00B7\u00B9-\u02AF\u0370-\u0373\u0376\u0377\u037B-\u037D\u037F\u0384-\u0386\u0388-\u03FF\u0400-\u0481\u048A-\u052F\u1E00-\u1EFF\u2010-\u2017\u201A-\u2023\u2025\u2026\u2030-\u203E\u2041-\u2043\u2045-\u2053\u2055-\u205E\u20A0-\u20C0\u2122\u2190-\u21FF]*$/;

/**
 * A word (letters, digits and `_`, joined by `:`, `·`, `.` or `'` between two letters and by `,`,
 * `;`, `.` or `'` between two digits), else one other character.
 */
const SIMPLE_SEGMENT = /((?:[\p{L}0-9_]|(?<=\p{L})[:·.'](?=\p{L})|(?<=[0-9])[,;.'](?=[0-9]))+)|[\s\S]/gu;
/** SIMPLE_SEGMENT's words alone. */
const SIMPLE_WORD = /(?:[\p{L}0-9_]|(?<=\p{L})[:·.'](?=\p{L})|(?<=[0-9])[,;.'](?=[0-9]))+/gu;

export function* simpleSegments(text: string): Generator<{ segment: string; isWordLike: boolean }> {
  for (const match of text.matchAll(SIMPLE_SEGMENT)) {
    const segment = match[0];
    // A lone underscore is the one run of word characters ICU does not call a word.
    yield { segment, isWordLike: match[1] !== undefined && segment !== '_' };
  }
}

/**
 * The words of a text, for matching keywords in a title or heading and for counting. A page's main
 * content is counted by more than one check: the last few long texts' words are kept (do not modify).
 */
export function words(text: string, lang: string): readonly string[] {
  if (text.length < MEMO_MIN_CHARS) return wordRuns(text, lang).flat();
  const key = `${lang}\n${text}`;
  let found = recentWords.get(key);
  if (!found) {
    found = wordRuns(text, lang).flat();
    recentWords.set(key, found);
  }
  return found;
}
const MEMO_MIN_CHARS = 1_000;
const MEMO_TEXTS = 4;
const recentWords = new Lru<readonly string[]>(MEMO_TEXTS);

/** True when `term`'s words occur together, in order, among `tokens`. */
export function containsTerm(tokens: readonly string[], term: string): boolean {
  const parts = term.split(' ');
  for (let i = 0; i + parts.length <= tokens.length; i++)
    if (parts.every((part, j) => tokens[i + j] === part)) return true;
  return false;
}

/**
 * The language whose stop-words cover most of the text, with the share of words they cover;
 * null when no list matches at all.
 */
export function detectLanguage(text: string): DetectedLanguage {
  // Each check that reads a page without a lang attribute asks, most of them of the same text.
  const head = text.slice(0, keywordDefaults.detectSample * 8);
  let found = recentLanguages.get(head);
  if (found === undefined) {
    found = languageOfSample(head);
    recentLanguages.set(head, found);
  }
  return found;
}
type DetectedLanguage = { lang: string; words: number; share: number } | null;
const recentLanguages = new Lru<DetectedLanguage>(MEMO_TEXTS);

function languageOfSample(head: string): DetectedLanguage {
  const sample = words(head, 'en').slice(0, keywordDefaults.detectSample);
  let best: string | null = null;
  let bestHits = 0;
  for (const [lang, stop] of Object.entries(STOP_WORDS)) {
    const hits = sample.filter((word) => stop.has(word)).length;
    if (hits > bestHits) [best, bestHits] = [lang, hits];
  }
  return best ? { lang: best, words: sample.length, share: bestHits / sample.length } : null;
}

/** Counts the words and phrases of the page's visible text (once per document; do not modify). */
export const extractKeywords = oncePerDocument(($): PageKeywords => {
  const blocks = textBlocks($);
  const { lang } = pageLanguage($, blocks.join('\n'));
  const stop = STOP_WORDS[lang] ?? NO_STOP_WORDS;
  // Two characters or more (a length of 2 may be one astral character), not a stop-word or a number.
  const isCandidate = (word: string) =>
    (word.length > 2 || [...word].length >= 2) && !stop.has(word) && !/^[\d.,]+$/.test(word);

  const counts = new Map<string, { count: number; n: number }>();
  const add = (term: string, n: number) => {
    const entry = counts.get(term);
    if (entry) entry.count++;
    else counts.set(term, { count: 1, n });
  };
  let total = 0;
  for (const run of blocks.flatMap((block) => wordRuns(block, lang))) {
    total += run.length;
    const candidate = run.map(isCandidate);
    run.forEach((word, i) => {
      if (!candidate[i]) return;
      add(word, 1);
      // Phrases start and end on a content word; a stop-word may sit in the middle ("bed and breakfast").
      // "very very" is emphasis, not a phrase: a phrase has two different words at least.
      const second = run[i + 1];
      if (second === undefined) return;
      if (candidate[i + 1] && second !== word) add(`${word} ${second}`, 2);
      const third = run[i + 2];
      if (third !== undefined && candidate[i + 2] && (second !== word || third !== word))
        add(`${word} ${second} ${third}`, 3);
    });
  }

  const ranked = [...counts]
    .filter(([, { count, n }]) => n === 1 || count >= keywordDefaults.minPhraseCount)
    .map(([term, { count, n }]) => ({
      term,
      count,
      n,
      density: Math.round(((count * n) / total) * 10_000) / 100,
    }))
    .sort((a, b) => b.count - a.count || b.n - a.n)
    .slice(0, keywordDefaults.maxTerms * 2);
  const tokens = new Map(ranked.map(({ term }) => [term, term.split(' ')]));
  const terms = ranked.filter(
    (term) =>
      !ranked.some(
        (longer) =>
          longer.n > term.n &&
          longer.count >= term.count &&
          containsTerm(tokens.get(longer.term)!, term.term),
      ),
  );
  return { lang, words: total, terms: terms.slice(0, keywordDefaults.maxTerms) };
});
