// Advance widths of Arial (in thousandths of the font size), the font search results set titles
// and descriptions in, so a text's rendered width can be estimated without a browser.
// biome-ignore format: a table of widths reads best as a table
const ASCII_WIDTHS: Record<string, number> = {
  ' ': 278, '!': 278, '"': 355, '#': 556, $: 556, '%': 889, '&': 667, "'": 191, '(': 333, ')': 333,
  '*': 389, '+': 584, ',': 278, '-': 333, '.': 278, '/': 278, ':': 278, ';': 278, '<': 584, '=': 584,
  '>': 584, '?': 556, '@': 1015, '[': 278, '\\': 278, ']': 278, '^': 469, _: 556, '`': 333, '{': 334,
  '|': 260, '}': 334, '~': 584,
  0: 556, 1: 556, 2: 556, 3: 556, 4: 556, 5: 556, 6: 556, 7: 556, 8: 556, 9: 556,
  A: 667, B: 667, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 500, K: 667, L: 556,
  M: 833, N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667,
  Y: 667, Z: 611,
  a: 556, b: 556, c: 500, d: 556, e: 556, f: 278, g: 556, h: 556, i: 222, j: 222, k: 500, l: 222,
  m: 833, n: 556, o: 556, p: 556, q: 556, r: 333, s: 500, t: 278, u: 556, v: 500, w: 722, x: 500,
  y: 500, z: 500,
};
// biome-ignore format: a table of widths reads best as a table
const OTHER_WIDTHS: Record<string, number> = {
  '–': 556, '—': 1000, '…': 1000, '‘': 222, '’': 222, '“': 333, '”': 333, '·': 278, '•': 350,
  '€': 556, '£': 556,
};

/** Estimated width in CSS pixels of `text` set in Arial at `fontSizePx`. */
export function estimatePixelWidth(text: string, fontSizePx = 20): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return Math.round((width * fontSizePx) / 1000);
}

function charWidth(char: string): number {
  const known = ASCII_WIDTHS[char] ?? OTHER_WIDTHS[char];
  if (known !== undefined) return known;
  const code = char.codePointAt(0)!;
  if (code >= 0x2e80) return 1000; // CJK and other full-width scripts
  // An accented Latin letter is as wide as its base letter: "é" as "e".
  const base = ASCII_WIDTHS[char.normalize('NFD')[0]!];
  return base ?? 556;
}
