const EN_VOWELS = /[aeiouy]+/g;
// Latin vowels with diacritics, Cyrillic and Greek, for the languages other than English.
const VOWELS = /[aeiouyàáâäãåæèéêëìíîïòóôöõøùúûüýÿœаеёиоуыэюяάέήίόύώαεηιουω]+/g;

/**
 * Syllables in a word, estimated from its vowel groups: exact counting needs a dictionary, but
 * readability formulas were calibrated on counts about this rough. English adds the usual
 * corrections: a silent final "e" ("make"; "table" keeps it), silent "-ed" and "-es"
 * ("jumped", "makes"; not "wanted", "boxes"), and two-vowel groups read as two ("piano").
 */
export function syllables(word: string, lang: string): number {
  const w = word.toLowerCase().replace(/[^\p{L}]/gu, '');
  if (!w) return 0;
  if (lang !== 'en') return Math.max(1, w.match(VOWELS)?.length ?? 0);
  let count = w.match(EN_VOWELS)?.length ?? 0;
  if (count > 1) {
    if (/[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) count--;
    else if (/[^aeiouytd]ed$/.test(w)) count--;
    else if (/[^aeiouysxzcgh]es$/.test(w) && !/[^aeiouy]les$/.test(w)) count--;
  }
  count +=
    (w.match(/ia|io|eo|ua/g)?.length ?? 0) - (w.match(/tion|sion|cial|tial|cious|tious/g)?.length ?? 0);
  return Math.max(1, count);
}
