import sharp from 'sharp';
import type { ImageInfo, ImagesArtifact } from '../artifacts';
import { type GatherContext, mapLimit } from './context';

// Each image, screenshot and filmstrip frame is decoded once: libvips' operation cache (up to
// 50 MB by default) would only hold memory.
sharp.cache(false);

/** Defaults an operator may tune. */
export const imageLimits = {
  maxImages: 40,
  /** Decoding refuses images above this many pixels (decompression bombs). */
  maxPixels: 40_000_000,
  webpQuality: 80,
};

/**
 * Decodes every fetched image once with sharp: format, dimensions, metadata blocks, and what it
 * would weigh as WebP, for the image-format and metadata checks.
 */
export async function gatherImages(context: GatherContext): Promise<ImagesArtifact> {
  const resources = await context.get('resources');
  const images = resources
    .filter((r) => (r.type === 'image' || r.type === 'icon') && r.status !== null && r.status < 400)
    .filter((r, i, all) => all.findIndex((other) => other.url === r.url) === i)
    .slice(0, imageLimits.maxImages);
  const infos = await mapLimit(images, 2, async (resource): Promise<ImageInfo | null> => {
    const body = context.bodies.get(resource.url);
    if (!body || body.length === 0) return null;
    return describeImage(resource.url, body);
  });
  return { images: infos.filter((info): info is ImageInfo => info !== null) };
}

export async function describeImage(url: string, body: Buffer): Promise<ImageInfo> {
  const unknown: ImageInfo = {
    url,
    format: null,
    width: null,
    height: null,
    bytes: body.length,
    metadataBytes: 0,
    webpBytes: null,
  };
  try {
    const image = sharp(body, { limitInputPixels: imageLimits.maxPixels, animated: false });
    const meta = await image.metadata();
    const metadataBytes =
      (meta.exif?.length ?? 0) +
      (meta.icc?.length ?? 0) +
      (meta.xmp?.length ?? 0) +
      (meta.iptc?.length ?? 0) +
      (meta.comments?.reduce((sum, c) => sum + c.text.length, 0) ?? 0);
    const format = meta.format === 'heif' ? 'avif' : (meta.format ?? null);
    let webpBytes: number | null = null;
    if (format && format !== 'svg' && format !== 'webp' && format !== 'avif') {
      webpBytes = (await image.webp({ quality: imageLimits.webpQuality }).toBuffer()).length;
    } else if (format === 'webp' || format === 'avif') {
      webpBytes = body.length;
    }
    return {
      ...unknown,
      format,
      width: meta.width ?? null,
      height: meta.height ?? null,
      metadataBytes,
      webpBytes,
    };
  } catch {
    return unknown;
  }
}
