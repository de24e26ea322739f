// Approximate advance widths of Arial at 20 px, the font of a desktop search-result title, so a
// title's rendered width can be estimated without a browser. Close enough to predict truncation.
const NARROW = new Set("ijlI.,:;'!|`");
const SLIM = new Set('ftr()[]{}-/\\" ');
const WIDE = new Set('mwMW%@');
const UPPER_WIDE = new Set('ABCDGHKNOQRUVXY&');

/** Estimated width in CSS pixels of `text` in the given size of Arial. */
export function estimatePixelWidth(text: string, fontSizePx = 20): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return Math.round((width * fontSizePx) / 20);
}

function charWidth(char: string): number {
  if (NARROW.has(char)) return 4.5;
  if (SLIM.has(char)) return 6;
  if (WIDE.has(char)) return 17;
  if (UPPER_WIDE.has(char)) return 14.5;
  if (char >= 'A' && char <= 'Z') return 13;
  if (char.codePointAt(0)! > 0x2e80) return 20; // CJK and other full-width scripts
  return 11;
}
