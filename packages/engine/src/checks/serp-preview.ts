import { documentTitles, metaDescriptions } from '../html/head-meta';
import { SEARCH_RESULT, searchResultFit } from '../text/search-result';
import { defineCheck, passed, warning } from './define-check';

const messages = {
  ok: 'The title and the description fit in a search result without being cut.',
  titleCut:
    'In a search result the title (about {px} px wide) would be cut off with “…” after about {max} px, so searchers would not see its last words.',
  descriptionCut:
    'In a search result the description ({length} characters, about {px} px) would be cut off with “…” after about {max} px, so searchers would not see its end.',
  bothCut:
    'In a search result both the title and the description would be cut off with “…”, so searchers would not see their last words.',
};

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
  description: `How the page could look in a desktop search result: the title (cut at about ${SEARCH_RESULT.title.maxPx} px), the address as a breadcrumb, and the description (cut at about ${SEARCH_RESULT.description.maxPx} px). Search engines sometimes rewrite both, but they start from what the page gives them.`,
  recommendation: 'Keep the title and the description short enough to show in full.',
  howToFix:
    'Put the most important words first in both. Shorten the <code>&lt;title&gt;</code> to about 55–60 characters and the <code>&lt;meta name="description"&gt;</code> to about 150, then look at this preview again. Move the brand to the end of the title, where a cut costs least, and prefer short words over long compound ones.',
  evaluate({ document: { $, url } }, { format }) {
    const title = searchResultFit('title', documentTitles($)[0] ?? '');
    const descriptionText = metaDescriptions($).find(Boolean) ?? '';
    const description = searchResultFit('description', descriptionText);
    const data = {
      serp_preview: {
        title: title.shown,
        url: breadcrumb(url),
        description: description.shown,
        truncated: title.cut || description.cut,
      },
    };
    if (title.cut && description.cut) return warning(messages.bothCut, data);
    if (title.cut) return warning(format(messages.titleCut, { px: title.px, max: title.maxPx }), data);
    if (description.cut)
      return warning(
        format(messages.descriptionCut, {
          length: [...descriptionText].length,
          px: description.px,
          max: description.maxPx,
        }),
        data,
      );
    return passed(messages.ok, data);
  },
});
