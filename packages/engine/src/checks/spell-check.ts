import dictionaryEn from 'dictionary-en';
import nspell from 'nspell';
import { Lru } from '../crawl/caches';
import { mainContentBlocks } from '../html/main-content';
import { pageLanguage } from '../html/page-language';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = {
  maxHardErrors: 5,
  /** Words examined, from the top of the main content. */
  maxWords: 5000,
  /** Unique words listed per kind in the result. */
  listed: 20,
  suggestions: 3,
  /** Unknown lower-case words looked up for suggestions (a lookup costs up to ~400 ms). */
  maxLookups: 40,
};

const messages = {
  otherLanguage: 'Spelling is checked for English pages; this page is in {lang}.',
  noText: 'The main content has no words to check.',
  ok: 'No spelling mistakes were found in {words?one word|# words}.',
  soft: 'No clear mistakes in {words?one word|# words}; unknown words that look like names or brands ({soft} in all): {list}.',
  some: 'Likely spelling mistakes ({hard} in all): {list}.',
  many: 'The page has {hard} likely spelling mistakes, for example {list}: they cost visitors’ trust.',
};

/** One unknown word, with how often the page uses it. */
export interface SpellingIssue {
  word: string;
  count: number;
  suggestions?: string[];
}

// Code, addresses and form fields are not prose.
const NOT_PROSE = 'pre, code, kbd, samp, var, address, [contenteditable], [translate="no"]';
const URLS = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\w+|\b[\w-]+\.(?:com|org|net|io|de|uk|co)\b\S*/gi;
const TOKEN = /\p{L}[\p{L}\p{N}'-]*/gu;

let checker: ReturnType<typeof nspell> | null = null;
/** The English dictionary, built on first use (~150 ms), then kept for the life of the process. */
function english(): ReturnType<typeof nspell> {
  checker ??= nspell({
    aff: Buffer.from(dictionaryEn.aff.buffer, dictionaryEn.aff.byteOffset, dictionaryEn.aff.byteLength),
    dic: Buffer.from(dictionaryEn.dic.buffer, dictionaryEn.dic.byteOffset, dictionaryEn.dic.byteLength),
  });
  return checker;
}

/** Capitalised, ALL-CAPS or with digits: probably a name, a brand or a product code. */
const looksLikeName = (word: string) => /^\p{Lu}/u.test(word) || /\p{N}/u.test(word);

function isKnown(dictionary: ReturnType<typeof nspell>, word: string): boolean {
  if (dictionary.correct(word)) return true;
  // "e-mail", "hand-made": a compound of known words is fine.
  const parts = word.split('-').filter(Boolean);
  return parts.length > 1 && parts.every((part) => dictionary.correct(part));
}

/**
 * Suggestions by word, kept for the life of the process (the least recently used dropped past
 * 10,000 words): a site's jargon and names recur on page after page of a crawl, and one lookup
 * costs up to ~400 ms. Each lookup still counts against `maxLookups`, so a page's result never
 * depends on the cache.
 */
const suggestionCache = new Lru<string[]>(10_000);

function suggest(dictionary: ReturnType<typeof nspell>, word: string): string[] {
  let found = suggestionCache.get(word);
  if (!found) {
    found = dictionary.suggest(word);
    suggestionCache.set(word, found);
  }
  return found;
}

export const spellCheck = defineCheck({
  key: 'spell-check',
  title: 'Spelling',
  category: 'keywords-content',
  relevance: 3,
  scope: 'page',
  requires: ['document'],
  description:
    'Checks the words of the main content against an English dictionary (pages in other languages are not checked yet). Lower-case words the dictionary does not know but can correct are likely mistakes; capitalised words, words with digits and acronyms are listed apart, as they are usually names, brands and product codes. Code samples are left out.',
  recommendation:
    'Correct the misspelled words, and check that the names and brands listed are spelled as intended.',
  howToFix:
    'Fix each listed word in the page’s text; the suggestions are the dictionary’s closest matches. Names, brands and technical terms that are spelled correctly need no change. A spell checker in your editor or CMS (or a browser extension) catches most mistakes before publishing.',
  evaluate({ document: { $ } }, { format }) {
    const blocks = mainContentBlocks($, { exclude: NOT_PROSE });
    const text = blocks.join('\n');
    const { lang } = pageLanguage($, text);
    if (lang !== 'en') return notApplicable(format(messages.otherLanguage, { lang }));

    const tokens = (text.replace(/[’‘]/g, "'").replace(URLS, ' ').match(TOKEN) ?? []).slice(
      0,
      thresholds.maxWords,
    );
    if (tokens.length === 0) return notApplicable(messages.noText);

    const dictionary = english();
    const unknown = new Map<string, number>();
    for (const token of tokens) {
      // Possessives and trailing apostrophes or hyphens are not part of the word.
      const word = token.replace(/'s$/i, '').replace(/['-]+$/, '');
      if ([...word].length < 3 || isKnown(dictionary, word)) continue;
      unknown.set(word, (unknown.get(word) ?? 0) + 1);
    }

    const hard: SpellingIssue[] = [];
    const soft: SpellingIssue[] = [];
    const byCount = [...unknown].sort((a, b) => b[1] - a[1]);
    let lookups = 0;
    for (const [word, count] of byCount) {
      if (looksLikeName(word)) {
        soft.push({ word, count });
        continue;
      }
      if (lookups >= thresholds.maxLookups) {
        hard.push({ word, count, suggestions: [] });
        continue;
      }
      lookups++;
      const suggestions = suggest(dictionary, word);
      // No suggestion: jargon or a coined word. A suggestion that only differs in case ("html" →
      // "HTML") is a capitalisation matter, not a misspelling.
      if (suggestions.length === 0 || suggestions.some((s) => s.toLowerCase() === word.toLowerCase()))
        soft.push({ word, count });
      else hard.push({ word, count, suggestions: suggestions.slice(0, thresholds.suggestions) });
    }

    const data = {
      spelling_issues: { hard: hard.slice(0, thresholds.listed), soft: soft.slice(0, thresholds.listed) },
    };
    const list = (issues: SpellingIssue[]) =>
      issues
        .slice(0, 5)
        .map(({ word, suggestions }) => (suggestions?.[0] ? `"${word}" (${suggestions[0]}?)` : `"${word}"`))
        .join(', ');
    const values = { words: tokens.length, hard: hard.length, soft: soft.length };
    if (hard.length > thresholds.maxHardErrors)
      return failed(format(messages.many, { ...values, list: list(hard) }), data);
    if (hard.length > 0) return warning(format(messages.some, { ...values, list: list(hard) }), data);
    if (soft.length > 0) return warning(format(messages.soft, { ...values, list: list(soft) }), data);
    return passed(format(messages.ok, values), data);
  },
});
