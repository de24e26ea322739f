import { imageSource } from '../html/images';
import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: how many images the result lists. */
export const thresholds = { maxListed: 100 };

const messages = {
  unsized:
    '{total?The one image has|{count} of # images have} no width and height (or CSS aspect-ratio); the page jumps while they load.',
  ok: '{total?The one image reserves its|All # images reserve their} space with width and height.',
  none: 'The page has no images.',
};

// A size the browser can use before the file arrives: a number, not "auto", empty or a percentage.
const isLength = (value: string | undefined) =>
  value !== undefined && /^\s*\d*\.?\d+/.test(value) && !value.includes('%') && Number.parseFloat(value) > 0;

function inlineStyle(style: string | undefined): Map<string, string> {
  const properties = new Map<string, string>();
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0)
      properties.set(
        declaration.slice(0, colon).trim().toLowerCase(),
        declaration
          .slice(colon + 1)
          .trim()
          .toLowerCase(),
      );
  }
  return properties;
}

export const imageDimensions = defineCheck({
  key: 'image-dimensions',
  title: 'Explicit width/height',
  category: 'images',
  relevance: 4,
  scope: 'page',
  requires: ['document'],
  description:
    'When an image has <code>width</code> and <code>height</code> attributes (or a CSS <code>aspect-ratio</code>), the browser reserves its space before the file arrives. Without them the content below jumps down as images load, which hurts Cumulative Layout Shift (CLS).',
  recommendation: 'Add width and height attributes with the image’s intrinsic size to every <img>.',
  howToFix:
    'Write the image’s real pixel size in the tag: <code>&lt;img src="table.jpg" width="1200" height="800" alt="…"&gt;</code>. Keep it responsive with CSS <code>img { max-width: 100%; height: auto; }</code>; the browser then uses the ratio to reserve the right space. For images sized only by CSS, set <code>aspect-ratio</code>. Most CMSs and image components (e.g. Next.js <code>&lt;Image&gt;</code>) add the attributes for you when you give them the size.',
  evaluate({ document: { $, baseUrl } }, { format }) {
    const unsized: string[] = [];
    let total = 0;
    $('img').each((_, el) => {
      const $el = $(el);
      // <noscript> copies of lazy images are not laid out while scripts run.
      if ($el.closest('noscript').length > 0) return;
      total++;
      const style = inlineStyle($el.attr('style'));
      const ratio = style.get('aspect-ratio');
      const sized =
        (isLength($el.attr('width')) && isLength($el.attr('height'))) ||
        (ratio !== undefined && ratio !== 'auto') ||
        (isLength(style.get('width')) && isLength(style.get('height')));
      if (!sized) unsized.push(imageSource($el, baseUrl) ?? '(no src)');
    });
    const data = { unsized_images: unsized.slice(0, thresholds.maxListed) };
    // No image: nothing to judge (not a pass a page earns), as the other image checks say.
    if (total === 0) return notApplicable(messages.none, data);
    if (unsized.length === 0) return passed(format(messages.ok, { total }), data);
    return warning(format(messages.unsized, { count: unsized.length, total }), data);
  },
});
