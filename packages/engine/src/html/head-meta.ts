import type { CheerioAPI } from 'cheerio/slim';
import { collapseWhitespace } from './text';

/** The page's `<title>` texts in document order, whitespace collapsed; SVG titles are not page titles. */
export function documentTitles($: CheerioAPI): string[] {
  return $('title')
    .filter((_, el) => $(el).closest('svg').length === 0)
    .map((_, el) => collapseWhitespace($(el).text()))
    .get();
}

/** The contents of the page's `<meta name="description">` tags (name in any case), whitespace collapsed. */
export function metaDescriptions($: CheerioAPI): string[] {
  return $('meta[name]')
    .filter((_, el) => ($(el).attr('name') ?? '').trim().toLowerCase() === 'description')
    .map((_, el) => collapseWhitespace($(el).attr('content') ?? ''))
    .get();
}
