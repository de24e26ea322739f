import { fileName, imageSource } from '../html/images';
import { collapseWhitespace, elementText } from '../html/text';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. Screen readers and Google cut alt text at around 100 characters. */
export const thresholds = { maxAltLength: 100, maxListed: 100 };

type Issue = 'missing' | 'too_long' | 'filename' | 'redundant';

const messages = {
  missing:
    '{total?The one image has|{count} of # images have} no alt text; search engines and screen readers cannot tell what they show.',
  issues: '{total?The one image has|{count} of # images have} weak alt text: {issues}.',
  too_long: '{count} longer than {max} characters',
  filename: '{count} repeating the file name',
  redundant: '{count} repeating the text next to them',
  ok: '{total?The one image has|All # images have} alt text.',
  none: 'The page has no images.',
};

const normalize = (text: string) =>
  collapseWhitespace(text)
    .toLowerCase()
    .replace(/[\s\p{P}]+$/u, '');

/**
 * Whether the alt text is the file's name: the whole name, or a stem only a machine writes
 * (`img_1234`, `dsc0042`, `hero-banner-2x`). A stem that is a plain word is a fine alt when it is
 * what the image says: `alt="Next"` on a navigation icon `next.png` (Lighthouse agrees).
 */
function repeatsFileName(text: string, file: string): boolean {
  if (text === file) return true;
  const stem = file.replace(/\.\w+$/, '');
  return text === stem && /[\d_.-]/.test(stem);
}

export const imageAlt = defineCheck({
  key: 'image-alt',
  title: 'Image alt text',
  category: 'images',
  relevance: 7,
  scope: 'page',
  requires: ['document'],
  description:
    'The <code>alt</code> attribute describes an image to search engines (image search relies on it) and to people using screen readers. An empty <code>alt=""</code> is right for purely decorative images; a missing one is not.',
  recommendation: 'Give every meaningful image a short alt text describing it, and decorative ones alt="".',
  howToFix:
    'Add an <code>alt</code> attribute to every <code>&lt;img&gt;</code> and <code>&lt;input type="image"&gt;</code>: say what the image shows or does in a few words, e.g. <code>alt="Oak dining table with six chairs"</code>. Use <code>alt=""</code> for decorative images (borders, spacers, background flourishes). Do not paste the file name or stuff keywords, keep it under about 100 characters, and do not repeat a caption or link text that already sits next to the image. For elements with <code>role="img"</code>, use <code>aria-label</code>.',
  evaluate({ document: { $, baseUrl } }, { format }) {
    const found: { src: string | null; alt: string | null; issue: Issue }[] = [];
    let total = 0;
    // Images inside <noscript> are fallbacks of lazy-loaded ones; counting them would list each twice.
    $('img, input[type="image" i], [role="img" i]').each((_, el) => {
      const $el = $(el);
      if ($el.closest('noscript').length > 0) return;
      total++;
      const isImg = el.tagName.toLowerCase() === 'img';
      const src = isImg || el.tagName.toLowerCase() === 'input' ? imageSource($el, baseUrl) : null;
      const role = ($el.attr('role') ?? '').toLowerCase();
      if (isImg && (role === 'presentation' || role === 'none')) return;
      const svgTitle = $el.is('svg') ? $el.children('title').first().text() || undefined : undefined;
      const label = $el.attr('aria-label') ?? $el.attr('aria-labelledby') ?? $el.attr('title') ?? svgTitle;
      const alt = isImg ? $el.attr('alt') : ($el.attr('alt') ?? label);
      if (alt === undefined) {
        found.push({ src, alt: null, issue: 'missing' });
        return;
      }
      const text = normalize(alt);
      if (!text) return;
      const file = src ? normalize(fileName(src)) : '';
      const nearby = [$el.closest('figure').find('figcaption').first(), $el.closest('a, button').first()].map(
        ($near) => ($near.length ? normalize(elementText($, $near[0]!)) : ''),
      );
      let issue: Issue | null = null;
      if ([...alt.trim()].length > thresholds.maxAltLength) issue = 'too_long';
      else if (file && repeatsFileName(text, file)) issue = 'filename';
      else if (nearby.includes(text)) issue = 'redundant';
      if (issue) found.push({ src, alt, issue });
    });

    const data = { img_tags: found.slice(0, thresholds.maxListed) };
    // No image: nothing to judge (not a pass a page earns), as the other image checks say.
    if (total === 0) return notApplicable(messages.none, data);
    const missing = found.filter(({ issue }) => issue === 'missing').length;
    if (missing > 0) return failed(format(messages.missing, { count: missing, total }), data);
    if (found.length === 0) return passed(format(messages.ok, { total }), data);
    const issues = (['too_long', 'filename', 'redundant'] as const)
      .map((issue) => [issue, found.filter((image) => image.issue === issue).length] as const)
      .filter(([, count]) => count > 0)
      .map(([issue, count]) => format(messages[issue], { count, max: thresholds.maxAltLength }))
      .join(', ');
    return warning(format(messages.issues, { count: found.length, total, issues }), data);
  },
});
