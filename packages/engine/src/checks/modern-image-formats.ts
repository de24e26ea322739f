import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: savings below this are not worth a re-encode (Lighthouse: 4 KiB). */
export const thresholds = { minSavingsBytes: 4096 };

const messages = {
  none: 'No raster image could be decoded.',
  // The images artifact holds every image file the page references, icons included, so the count is
  // of files, not of the <img> elements the alt-text check counts.
  ok: '{count?The one image file the page loads (icons included) is|The # image files the page loads (icons included) are all} in a modern format or already small.',
  old: '{count} image(s) would be {kb} KB lighter as WebP at the same visual quality.',
};

export const modernImageFormats = defineCheck({
  key: 'modern-image-formats',
  title: 'Image encoding',
  category: 'images',
  relevance: 5,
  scope: 'page',
  requires: ['images'],
  description:
    'WebP and AVIF compress photos and graphics far better than JPEG, PNG and GIF, at the same visual quality. Each image is re-encoded as WebP (quality 80) to measure what it would save.',
  recommendation: 'Serve JPEG, PNG and GIF images as WebP or AVIF.',
  howToFix:
    'Convert images with Squoosh, <code>cwebp -q 80</code>, <code>avifenc</code> or sharp, or let your CMS or CDN do it (WordPress 5.8+, Cloudflare Polish, imgix, Cloudinary). Every current browser shows WebP and AVIF; for very old ones use <code>&lt;picture&gt;</code> with a JPEG fallback.',
  evaluate({ images }, { format }) {
    const raster = images.images.filter((i) => i.format !== null && i.format !== 'svg');
    const unoptimized = raster
      .filter((i) => i.webpBytes !== null && ['jpeg', 'png', 'gif', 'tiff', 'bmp'].includes(i.format!))
      .map((i) => ({
        url: i.url,
        format: i.format,
        size: i.bytes,
        savings: i.bytes - (i.webpBytes ?? i.bytes),
      }))
      .filter((i) => i.savings >= thresholds.minSavingsBytes)
      .sort((a, b) => b.savings - a.savings);
    const data = { unoptimized_images: unoptimized };
    if (raster.length === 0) return notApplicable(messages.none, data);
    if (unoptimized.length > 0)
      return warning(
        format(messages.old, {
          count: unoptimized.length,
          kb: Math.round(unoptimized.reduce((s, i) => s + i.savings, 0) / 1024),
        }),
        data,
      );
    return passed(format(messages.ok, { count: raster.length }), data);
  },
});
