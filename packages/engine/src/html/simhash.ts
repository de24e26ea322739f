/** Bits that differ between two 64-bit simhashes written as 16 hex digits; null if either is malformed. */
export function hammingDistance(a: string, b: string): number | null {
  if (!HEX64.test(a) || !HEX64.test(b)) return null;
  // Two 32-bit halves: no BigInt, as grouping compares a site's pages by the thousand.
  return (
    bitCount(Number.parseInt(a.slice(0, 8), 16) ^ Number.parseInt(b.slice(0, 8), 16)) +
    bitCount(Number.parseInt(a.slice(8), 16) ^ Number.parseInt(b.slice(8), 16))
  );
}

const HEX64 = /^[0-9a-f]{16}$/i;

/** Set bits of a 32-bit integer. */
function bitCount(value: number): number {
  let v = value >>> 0;
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Similarity of two simhashes as a share of equal bits, 0–1. */
export function simhashSimilarity(a: string, b: string): number | null {
  const distance = hammingDistance(a, b);
  return distance === null ? null : 1 - distance / 64;
}

/** 32-bit FNV-1a of a string, seeded so two calls give the two halves of a 64-bit hash. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Charikar's simhash of a text over word 3-shingles, 64 bits as 16 hex digits: texts that differ
 * in a few words differ in a few bits, so near-duplicates are found by Hamming distance.
 * Null when the text has no words.
 */
export function simhash64(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return null;
  const size = Math.min(3, words.length);
  const shingles: string[] = [];
  for (let i = 0; i + size <= words.length; i++) shingles.push(words.slice(i, i + size).join(' '));
  return simhashOf(shingles);
}

/** Charikar's simhash of a list of features (each counted as often as it appears); null when empty. */
export function simhashOf(features: readonly string[]): string | null {
  if (features.length === 0) return null;
  const weights = new Int32Array(64);
  for (const feature of features) {
    const halves = [fnv1a(feature, 0x811c9dc5), fnv1a(feature, 0x01000193 ^ 0x9e3779b9)];
    for (let bit = 0; bit < 64; bit++) {
      const set = (halves[bit >> 5]! >>> (bit & 31)) & 1;
      weights[bit]! += set ? 1 : -1;
    }
  }
  let high = 0;
  let low = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (weights[bit]! > 0) low |= 1 << bit;
    if (weights[bit + 32]! > 0) high |= 1 << bit;
  }
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}
