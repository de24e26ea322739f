import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: metadata share of the file (SEO Site Checkup uses 16 %). */
export const thresholds = { maxShare: 0.16 };

const messages = {
  none: 'No image could be decoded to read its metadata.',
  ok: '{count?The one image file the page loads (icons included) carries no|None of the # image files the page loads (icons included) carries} heavy metadata.',
  heavy:
    '{count} image(s) carry more than {pct} % metadata (EXIF, XMP, color profiles): {bytes} KB that visitors download for nothing.',
};

export const imageMetadata = defineCheck({
  key: 'image-metadata',
  title: 'Image metadata bloat',
  category: 'images',
  relevance: 2,
  scope: 'page',
  requires: ['images'],
  description:
    'Photos straight from a camera or an editor carry EXIF data, thumbnails, XMP and color profiles. Browsers do not need them, and they can reveal where and with what a photo was taken.',
  recommendation: 'Strip metadata from images when you export or upload them.',
  howToFix:
    'Export with “strip metadata” (Photoshop: Export As; GIMP: untick the metadata options; Squoosh drops it by default), or strip in bulk: <code>exiftool -all= image.jpg</code>, <code>mogrify -strip *.jpg</code>. Many CMS image optimizers and CDNs can strip it automatically. Keep a small sRGB profile only where colors must be exact.',
  evaluate({ images }, { format }) {
    const decoded = images.images.filter((i) => i.format !== null && i.bytes > 0);
    const heavy = decoded
      .filter((i) => i.metadataBytes / i.bytes > thresholds.maxShare)
      .map((i) => ({ url: i.url, size: i.bytes, meta_size: i.metadataBytes }));
    const data = { images_with_large_metadata: heavy };
    if (decoded.length === 0) return notApplicable(messages.none, data);
    if (heavy.length > 0) {
      const bytes = Math.round(heavy.reduce((sum, i) => sum + i.meta_size, 0) / 1024);
      return warning(
        format(messages.heavy, { count: heavy.length, pct: thresholds.maxShare * 100, bytes }),
        data,
      );
    }
    return passed(format(messages.ok, { count: decoded.length }), data);
  },
});
