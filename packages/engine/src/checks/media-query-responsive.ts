import { defineCheck, passed, warning } from './define-check';

const messages = {
  ok: 'The stylesheets have {count} width-based media or container queries: the layout adapts to the screen.',
  none: 'The stylesheets have no width-based media queries, so the layout cannot adapt to phone screens.',
};

// @media rules that test the viewport's width (not print, not orientation alone), and @container.
const WIDTH_QUERY = /@media[^{]*(\b(min-|max-)(device-)?width\b|\bwidth\s*[<>]|[<>]=?\s*width\b)[^{]*\{/gi;
const CONTAINER_QUERY = /@container\b[^{]*\{/gi;

/** Width-based media and container queries in a stylesheet's text. */
export function countWidthQueries(css: string): number {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return (text.match(WIDTH_QUERY)?.length ?? 0) + (text.match(CONTAINER_QUERY)?.length ?? 0);
}

export const mediaQueryResponsive = defineCheck({
  key: 'media-query-responsive',
  title: 'Responsive CSS',
  category: 'mobile-rendering',
  relevance: 3,
  scope: 'page',
  requires: ['document', 'resources'],
  description:
    'Looks for CSS media queries on the screen width (or container queries) in the page’s stylesheets and inline styles: the usual way a layout adapts from desktop to phone.',
  recommendation: 'Add width-based media queries so the layout adapts to small screens.',
  howToFix:
    'Design for small screens first, then widen the layout at breakpoints, e.g. <code>@media (min-width: 48rem) { .columns { display: grid; grid-template-columns: 1fr 1fr; } }</code>. Use relative units and flexible grids, and check the page at 360 px wide. CSS frameworks (Bootstrap, Tailwind) include responsive utilities.',
  evaluate({ document: { $ }, resources }, { format }) {
    let count = 0;
    for (const r of resources) if (r.type === 'stylesheet' && r.text) count += countWidthQueries(r.text);
    $('style').each((_, el) => {
      count += countWidthQueries($(el).text());
    });
    $('link[rel~="stylesheet"][media]').each((_, el) => {
      if (/width/i.test($(el).attr('media') ?? '')) count++;
    });
    const data = { media_queries_count: count };
    if (count === 0) return warning(messages.none, data);
    return passed(format(messages.ok, { count }), data);
  },
});
