import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune. Lighthouse and WCAG ask that pinch-zoom reaches at least 5×. */
export const thresholds = { minMaximumScale: 5 };

const messages = {
  missing: 'The page has no meta viewport; phones render it as a zoomed-out desktop page.',
  noWidth:
    'The viewport "{viewport}" does not set width=device-width, so the layout does not follow the screen width.',
  fixedWidth: 'The viewport fixes the width at {width} px instead of width=device-width.',
  noScale:
    'The viewport "{viewport}" does not set initial-scale=1; some browsers then zoom the page on rotation.',
  noZoom:
    'The viewport "{viewport}" disables pinch-zoom (user-scalable={value}); people who need larger text cannot zoom.',
  lowMaxScale: 'The viewport limits zoom to maximum-scale={value}; allow at least {min}.',
  multiple: 'The page has {count} meta viewport tags; browsers use only the last one.',
  ok: 'The viewport is set to width=device-width with initial-scale=1 and zoom allowed.',
};

// "width=device-width, initial-scale=1"; browsers also accept ";" and spaces as separators.
function parseViewport(content: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const match of content.matchAll(/([\w-]+)\s*=\s*([^\s,;]*)/g))
    properties.set(match[1]!.toLowerCase(), (match[2] ?? '').toLowerCase());
  return properties;
}

export const viewport = defineCheck({
  key: 'viewport',
  title: 'Meta viewport',
  category: 'mobile-rendering',
  relevance: 8,
  scope: 'page',
  requires: ['document'],
  description:
    'The <code>&lt;meta name="viewport"&gt;</code> tag tells phones to lay the page out at the width of the screen. Without it the page is shown as a shrunken desktop page, which search engines treat as not mobile-friendly.',
  recommendation:
    'Add <meta name="viewport" content="width=device-width, initial-scale=1"> and allow zooming.',
  howToFix:
    'Put <code>&lt;meta name="viewport" content="width=device-width, initial-scale=1"&gt;</code> once inside <code>&lt;head&gt;</code>. Do not add <code>user-scalable=no</code> or a low <code>maximum-scale</code>: people with poor eyesight need to zoom. Do not fix the width to a number of pixels; make the layout responsive with CSS media queries instead.',
  evaluate({ document: { $ } }, { format }) {
    const tags = $('meta[name]').filter((_, el) => $(el).attr('name')!.trim().toLowerCase() === 'viewport');
    if (tags.length === 0) return failed(messages.missing, { viewport: null });
    const content = (tags.last().attr('content') ?? '').trim();
    const data = { viewport: content };
    const properties = parseViewport(content);
    const width = properties.get('width');
    const scalable = properties.get('user-scalable');
    const maxScale = Number.parseFloat(properties.get('maximum-scale') ?? '');

    if (tags.length > 1) return warning(format(messages.multiple, { count: tags.length }), data);
    if (scalable === 'no' || scalable === '0')
      return warning(format(messages.noZoom, { viewport: content, value: scalable }), data);
    if (maxScale < thresholds.minMaximumScale)
      return warning(
        format(messages.lowMaxScale, { value: maxScale, min: thresholds.minMaximumScale }),
        data,
      );
    if (width && /^\d/.test(width))
      return warning(format(messages.fixedWidth, { width: Number.parseFloat(width) }), data);
    if (width !== 'device-width') return warning(format(messages.noWidth, { viewport: content }), data);
    if (Number.parseFloat(properties.get('initial-scale') ?? '') !== 1)
      return warning(format(messages.noScale, { viewport: content }), data);
    return passed(messages.ok, data);
  },
});
