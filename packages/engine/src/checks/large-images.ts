import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune, in bytes (Screaming Frog flags images over 100 KB). */
export const thresholds = { warnBytes: 100 * 1024, failBytes: 500 * 1024 };

const messages = {
  none: 'The page loads no images.',
  ok: '{count?The one image is|All # images are} under {warn} KB.',
  warn: '{count} image(s) weigh between {warn} and {fail} KB; the largest is {largest} KB.',
  fail: '{count} image(s) weigh more than {fail} KB; the largest is {largest} KB and slows the page on mobile connections.',
};

const kb = (bytes: number) => Math.round(bytes / 1024);

export const largeImages = defineCheck({
  key: 'large-images',
  title: 'Image file size',
  category: 'images',
  relevance: 5,
  scope: 'page',
  requires: ['resources'],
  description:
    'The download size of each image on the page. Images are usually the heaviest part of a page; large files delay the largest paint and cost visitors on mobile data.',
  recommendation: 'Keep each image under 100 KB: resize it to its displayed size and compress it.',
  howToFix:
    'Resize images to the largest size they are shown at (twice that for sharp screens), then compress them: WebP or AVIF at quality 70–80 is usually indistinguishable from the original. Serve several sizes with <code>srcset</code> so phones get small files. Tools: Squoosh, ImageMagick, sharp, or your CMS’s image optimization or CDN image resizing.',
  evaluate({ resources }, { format }) {
    const images = resources.filter(
      (r) => r.type === 'image' && r.initiator !== 'og:image' && r.status !== null && r.status < 400,
    );
    const heavy = images
      .filter((r) => r.bytes > thresholds.warnBytes)
      .sort((a, b) => b.bytes - a.bytes)
      .map((r) => ({ url: r.url, bytes: r.bytes }));
    const data = { large_images: heavy };
    if (images.length === 0) return notApplicable(messages.none, data);
    const values = {
      warn: kb(thresholds.warnBytes),
      fail: kb(thresholds.failBytes),
      largest: heavy[0] ? kb(heavy[0].bytes) : 0,
    };
    const over = heavy.filter((r) => r.bytes > thresholds.failBytes);
    if (over.length > 0) return failed(format(messages.fail, { ...values, count: over.length }), data);
    if (heavy.length > 0) return warning(format(messages.warn, { ...values, count: heavy.length }), data);
    return passed(format(messages.ok, { ...values, count: images.length }), data);
  },
});
