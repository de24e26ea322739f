import type { CheerioAPI } from 'cheerio/slim';
import { type AnyNode, oncePerDocument } from './dom';
import { textBlocks } from './text';

/** Page furniture, not content: dropped from the body when the page marks no main region. */
const CHROME =
  'nav, header, footer, aside, form, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"], [role="search"]';
/** Furniture that also turns up inside `<main>` or an `<article>` (a header there is the article's own). */
const CHROME_INSIDE = 'nav, aside, [role="navigation"], [role="complementary"], [role="search"]';

interface MainContentOptions {
  /** Further elements to leave out with all they hold, e.g. code for spelling. */
  exclude?: readonly AnyNode[];
}

/**
 * The text blocks of the page's main content: `<main>`, `[role=main]` or the longest `<article>`
 * when the page marks one, else the body without navigation, header, footer and sidebars.
 * Scripts, styles and hidden elements never count (see `textBlocks`).
 */
export function mainContentBlocks($: CheerioAPI, options: MainContentOptions = {}): readonly string[] {
  return options.exclude ? readMainContent($, options) : mainBlocks($);
}

const mainBlocks = oncePerDocument(($) => readMainContent($, {}));

function readMainContent($: CheerioAPI, options: MainContentOptions): readonly string[] {
  const root = mainRoot($);
  if (!root) return [];
  const marked = root !== $('body')[0];
  // The furniture is skipped as the text is read (cloning a long page's body to remove it cost more
  // than reading its text).
  const skip = new Set<AnyNode>(
    $(root)
      .find(marked ? CHROME_INSIDE : CHROME)
      .toArray(),
  );
  for (const element of options.exclude ?? []) skip.add(element);
  return textBlocks($, root, { skip });
}

function mainRoot($: CheerioAPI): AnyNode | undefined {
  const marked = $('main:not([hidden]), [role="main"]:not([hidden])');
  if (marked.length) return marked[0];
  const articles = $('article').toArray();
  if (articles.length) {
    const length = (article: AnyNode) => textBlocks($, article).join(' ').length;
    return articles.reduce((best, article) => (length(article) > length(best) ? article : best));
  }
  return $('body')[0] ?? $.root()[0];
}
