import { estimatePixelWidth } from './pixel-width';

/**
 * What a desktop search result shows before it cuts with "…": the title in 20 px Arial up to about
 * 580 px (around 60 characters), the description in 14 px Arial up to about 985 px (around 155
 * characters). One rule, read by the title and description length checks and by the search-result
 * preview, so they never disagree. Defaults an operator may tune.
 */
export const SEARCH_RESULT = {
  title: { maxPx: 580, fontPx: 20 },
  description: { maxPx: 985, fontPx: 14 },
};

export interface SearchResultFit {
  /** The text as the result shows it: whole, or cut at a word with " …". */
  shown: string;
  cut: boolean;
  /** Estimated width of the whole text. */
  px: number;
  maxPx: number;
}

const ELLIPSIS = ' …';

/** How a title or a description fits in a search result. */
export function searchResultFit(kind: keyof typeof SEARCH_RESULT, text: string): SearchResultFit {
  const { maxPx, fontPx } = SEARCH_RESULT[kind];
  const px = estimatePixelWidth(text, fontPx);
  if (px <= maxPx) return { shown: text, cut: false, px, maxPx };
  // Cut at the last whole word that fits together with the ellipsis, as a result does.
  let shown = '';
  for (const word of text.split(' ')) {
    const next = shown ? `${shown} ${word}` : word;
    if (estimatePixelWidth(`${next}${ELLIPSIS}`, fontPx) > maxPx) break;
    shown = next;
  }
  // A single word wider than the line is cut inside the word.
  if (!shown)
    for (const char of text) {
      if (estimatePixelWidth(`${shown}${char}${ELLIPSIS}`, fontPx) > maxPx) break;
      shown += char;
    }
  return { shown: `${shown}${ELLIPSIS}`, cut: true, px, maxPx };
}
