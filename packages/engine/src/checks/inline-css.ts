import type { ElementNode } from '../html/dom';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { maxStyleAttributes: 20, listed: 10 };

const messages = {
  ok: 'Inline style attributes: {count} (up to {max} is fine).',
  many: 'The page has {count} inline style attributes, more than {max}: styles in a stylesheet are downloaded once, cached, and easier to keep consistent.',
};

/** A short CSS selector naming the element in the report: tag, id and first two classes. */
function selectorOf(el: ElementNode): string {
  const id = el.attribs.id?.trim() ? `#${el.attribs.id.trim()}` : '';
  const classes = (el.attribs.class ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return `${el.name}${id}${classes.map((name) => `.${name}`).join('')}`;
}

export const inlineCss = defineCheck({
  key: 'inline-css',
  title: 'Inline styles',
  category: 'common-seo',
  relevance: 2,
  scope: 'page',
  requires: ['document'],
  description:
    'Counts <code>style=""</code> attributes in the HTML (SVG drawings left out). Styles written on each element make every page heavier, cannot be cached, and drift apart over time.',
  recommendation: 'Move inline styles into CSS classes in a stylesheet.',
  howToFix:
    'Give repeated styles a class and define it once in the site’s stylesheet, e.g. replace <code>&lt;p style="color:#555;font-size:14px"&gt;</code> with <code>&lt;p class="note"&gt;</code> and <code>.note { color: #555; font-size: 14px; }</code>. Page builders and editors add <code>style</code> attributes when text is formatted by hand: use the theme’s styles instead. Styles set by scripts for animation are fine.',
  evaluate({ document: { $ } }, { format }) {
    const styled = $('[style]')
      .toArray()
      .filter((el): el is ElementNode => 'attribs' in el && Boolean(el.attribs.style?.trim()))
      .filter((el) => $(el).closest('svg').length === 0);
    const heaviest = styled
      .map((el) => ({ selector: selectorOf(el), chars: el.attribs.style!.trim().length }))
      .sort((a, b) => b.chars - a.chars)
      .slice(0, thresholds.listed);
    const data = { inline_styles: heaviest };
    const values = { count: styled.length, max: thresholds.maxStyleAttributes };
    if (styled.length > thresholds.maxStyleAttributes) return warning(format(messages.many, values), data);
    return passed(format(messages.ok, values), data);
  },
});
