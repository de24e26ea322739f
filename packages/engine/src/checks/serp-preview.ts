import { documentTitles, metaDescriptions } from '../html/head-meta';
import { estimatePixelWidth } from '../text/pixel-width';
import { defineCheck, passed, warning } from './define-check';

/**
 * Defaults an operator may tune: what a desktop result shows before cutting with "…" (title in
 * 20 px Arial, description in 14 px Arial over two lines, and about 160 characters at most).
 */
export const thresholds = {
  titlePx: 580,
  titleFontPx: 20,
  descriptionPx: 920,
  descriptionFontPx: 14,
  descriptionChars: 160,
};

const messages = {
  ok: 'The title and the description fit in a search result without being cut.',
  titleCut:
    'In a search result the title (about {px} px wide) would be cut off with “…” after about {max} px.',
  descriptionCut:
    'In a search result the description ({length} characters, about {px} px) would be cut off with “…”.',
  bothCut: 'In a search result both the title and the description would be cut off with “…”.',
};

const ELLIPSIS = ' …';

/** Cuts text at the last whole word that fits `maxPx` together with the ellipsis, as a result does. */
function fit(text: string, maxPx: number, fontPx: number): { text: string; cut: boolean } {
  if (estimatePixelWidth(text, fontPx) <= maxPx) return { text, cut: false };
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
  return { text: `${shown}${ELLIPSIS}`, cut: true };
}

/** The address as a result shows it: `https://example.com › tables › oak-dining`. */
function breadcrumb(url: string): string {
  const parsed = new URL(url);
  const parts = parsed.pathname
    .split('/')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
  return [`${parsed.protocol}//${parsed.hostname}`, ...parts].join(' › ');
}

export const serpPreview = defineCheck({
  key: 'serp-preview',
  title: 'Search result preview',
  category: 'common-seo',
  relevance: 4,
  scope: 'page',
  requires: ['document'],
  description:
    'How the page could look in a desktop search result: the title (cut at about 580 px), the address as a breadcrumb, and the description (cut at about 920 px or 160 characters). Search engines sometimes rewrite both, but they start from what the page gives them.',
  recommendation: 'Keep the title and the description short enough to show in full.',
  howToFix:
    'Put the most important words first in both. Shorten the <code>&lt;title&gt;</code> to about 55–60 characters and the <code>&lt;meta name="description"&gt;</code> to about 150, then look at this preview again. Move the brand to the end of the title, where a cut costs least, and prefer short words over long compound ones.',
  evaluate({ document: { $, url } }, { format }) {
    const title = documentTitles($)[0] ?? '';
    const description = metaDescriptions($).find(Boolean) ?? '';
    const shownTitle = fit(title, thresholds.titlePx, thresholds.titleFontPx);

    const chars = [...description];
    const byChars = chars.length > thresholds.descriptionChars;
    const fitted = fit(
      byChars ? chars.slice(0, thresholds.descriptionChars).join('').trimEnd() : description,
      thresholds.descriptionPx,
      thresholds.descriptionFontPx,
    );
    const descriptionCut = byChars || fitted.cut;
    const shownDescription = descriptionCut && !fitted.cut ? `${fitted.text}${ELLIPSIS}` : fitted.text;

    const truncated = shownTitle.cut || descriptionCut;
    const data = {
      serp_preview: {
        title: shownTitle.text,
        url: breadcrumb(url),
        description: shownDescription,
        truncated,
      },
    };
    if (shownTitle.cut && descriptionCut) return warning(messages.bothCut, data);
    if (shownTitle.cut)
      return warning(
        format(messages.titleCut, {
          px: estimatePixelWidth(title, thresholds.titleFontPx),
          max: thresholds.titlePx,
        }),
        data,
      );
    if (descriptionCut)
      return warning(
        format(messages.descriptionCut, {
          length: chars.length,
          px: estimatePixelWidth(description, thresholds.descriptionFontPx),
        }),
        data,
      );
    return passed(messages.ok, data);
  },
});
