import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = {
  /** Natural pixels beyond displayed area × DPR² × this factor count as oversized. */
  oversizeFactor: 1.5,
  /** Icons are ignored: oversize needs a natural width, low resolution a displayed width above this. */
  minPx: 64,
  /** Natural size below displayed × DPR ÷ this counts as too low-resolution (Lighthouse). */
  lowResFactor: 1.5,
};

const messages = {
  none: 'The page shows no raster image large enough to judge.',
  ok: 'Every image is close to the size it is displayed at on a phone screen.',
  problems: '{problems}.',
  oversized: '{count} image(s) are much larger than displayed, about {pct} % of their pixels wasted',
  lowRes: '{count} image(s) are too small for their slot and look blurry on sharp screens',
};

export const responsiveImages = defineCheck({
  key: 'responsive-images',
  title: 'Right-sized images',
  category: 'images',
  relevance: 5,
  scope: 'page',
  requires: ['browser'],
  description:
    'Compares each image’s natural size with the size it is shown at on a phone screen, times the screen’s pixel density. Oversized images waste bandwidth; undersized ones look blurry.',
  recommendation: 'Serve each image at about the size it is displayed, with srcset for different screens.',
  howToFix:
    'Give images a <code>srcset</code> with several widths and a <code>sizes</code> attribute, e.g. <code>&lt;img src="oak-800.jpg" srcset="oak-400.jpg 400w, oak-800.jpg 800w, oak-1600.jpg 1600w" sizes="(max-width: 600px) 100vw, 50vw"&gt;</code>, so each screen downloads what it needs. Most CMSs and image CDNs generate the sizes. Replace images that are too small with larger originals.',
  evaluate({ browser }, { format }) {
    const dpr = browser.viewport.deviceScaleFactor;
    // Vector images have no fixed resolution; an image not laid out (display: none) has no slot.
    const images = browser.images.filter(
      (i) =>
        i.natural.width > 0 &&
        i.natural.height > 0 &&
        i.displayed.width > 0 &&
        i.displayed.height > 0 &&
        !/\.svg(\?|#|$)/i.test(i.url),
    );
    const judged = images.filter(
      (i) => i.natural.width > thresholds.minPx || i.displayed.width > thresholds.minPx,
    );
    const oversized = images
      .filter((i) => i.natural.width > thresholds.minPx)
      .map((i) => {
        const needed = i.displayed.width * i.displayed.height * dpr * dpr;
        const natural = i.natural.width * i.natural.height;
        return { image: i, needed, natural };
      })
      .filter(({ needed, natural }) => natural > needed * thresholds.oversizeFactor)
      .map(({ image, needed, natural }) => ({
        url: image.url,
        natural: image.natural,
        displayed: image.displayed,
        // Share of the decoded pixels the slot cannot show: the bytes scale roughly with it.
        wasted: Math.round((1 - needed / natural) * 100) / 100,
      }));
    const lowRes = images
      .filter(
        (i) =>
          i.displayed.width > thresholds.minPx &&
          i.natural.width < (i.displayed.width * dpr) / thresholds.lowResFactor,
      )
      .map((i) => ({ url: i.url, natural: i.natural, displayed: i.displayed }));
    const data = { oversized_images: oversized, low_res_images: lowRes };
    if (judged.length === 0) return notApplicable(messages.none, data);
    const problems: string[] = [];
    if (oversized.length > 0) {
      const pct = Math.round((oversized.reduce((s, i) => s + i.wasted, 0) / oversized.length) * 100);
      problems.push(format(messages.oversized, { count: oversized.length, pct }));
    }
    if (lowRes.length > 0) problems.push(format(messages.lowRes, { count: lowRes.length }));
    if (problems.length === 0) return passed(messages.ok, data);
    const text = problems.join('; ');
    return warning(
      format(messages.problems, { problems: text.charAt(0).toUpperCase() + text.slice(1) }),
      data,
    );
  },
});
