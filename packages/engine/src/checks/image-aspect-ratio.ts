import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: allowed difference in CSS pixels (Lighthouse: 2 px). */
export const thresholds = { tolerancePx: 2, minDisplayedPx: 5 };

const messages = {
  none: 'No visible image to compare.',
  ok: 'Every image is shown in its natural proportions.',
  stretched:
    '{count} image(s) are stretched or squashed: shown at a different aspect ratio than their own ({first}).',
};

export const imageAspectRatio = defineCheck({
  key: 'image-aspect-ratio',
  title: 'Aspect ratio',
  category: 'images',
  relevance: 3,
  scope: 'page',
  requires: ['browser'],
  description:
    'Compares each image’s natural width-to-height ratio with the box it is displayed in. A mismatch distorts the picture, which looks careless.',
  recommendation: 'Display images in their own proportions, or crop them with object-fit.',
  howToFix:
    'Set only one of width or height in CSS and let the other be <code>auto</code>, or keep the box and add <code>object-fit: cover</code> (crops) or <code>object-fit: contain</code> (letterboxes). Make sure the width and height attributes match the file.',
  evaluate({ browser }, { format }) {
    const images = browser.images.filter(
      (i) =>
        i.natural.width > 0 &&
        i.natural.height > 0 &&
        i.displayed.width >= thresholds.minDisplayedPx &&
        i.displayed.height >= thresholds.minDisplayedPx &&
        !/\.svg(\?|$)/i.test(i.url),
    );
    // The height the image would have at its displayed width, against the height it has.
    const wrong = images
      .filter(
        (i) =>
          Math.abs((i.displayed.width * i.natural.height) / i.natural.width - i.displayed.height) >
          thresholds.tolerancePx,
      )
      .map((i) => ({
        url: i.url,
        natural: `${i.natural.width}×${i.natural.height}`,
        displayed: `${i.displayed.width}×${i.displayed.height}`,
      }));
    const data = { wrong_aspect_ratio_images: wrong };
    if (images.length === 0) return notApplicable(messages.none, data);
    if (wrong.length > 0)
      return warning(
        format(messages.stretched, {
          count: wrong.length,
          first: `${wrong[0]!.url}: ${wrong[0]!.natural} shown as ${wrong[0]!.displayed}`,
        }),
        data,
      );
    return passed(messages.ok, data);
  },
});
