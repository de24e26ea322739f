import { describe, expect, it } from 'vitest';
import type { ImageInfo } from '../artifacts';
import { format } from './define-check';
import { modernImageFormats } from './modern-image-formats';

const image = (url: string, fmt: string, bytes: number, webpBytes: number | null): ImageInfo => ({
  url,
  format: fmt,
  width: 800,
  height: 600,
  bytes,
  metadataBytes: 0,
  webpBytes,
});

describe('modern-image-formats', () => {
  it('passes WebP images and old formats that would save little', () => {
    const result = modernImageFormats.evaluate(
      {
        images: {
          images: [
            image('https://example.com/a.webp', 'webp', 40_000, 40_000),
            image('https://example.com/i.png', 'png', 3_000, 1_000),
          ],
        },
      },
      { format },
    );
    expect(result).toEqual({
      status: 'passed',
      message:
        'The 2 image files the page loads (icons included) are all in a modern format or already small.',
      data: { unoptimized_images: [] },
    });
  });

  it('warns about JPEG and PNG that would save 4 KB or more, largest saving first', () => {
    const result = modernImageFormats.evaluate(
      {
        images: {
          images: [
            image('https://example.com/a.jpg', 'jpeg', 60_000, 40_000),
            image('https://example.com/b.png', 'png', 300_000, 60_000),
          ],
        },
      },
      { format },
    );
    expect(result.status).toBe('warning');
    expect(result.data?.unoptimized_images).toEqual([
      { url: 'https://example.com/b.png', format: 'png', size: 300_000, savings: 240_000 },
      { url: 'https://example.com/a.jpg', format: 'jpeg', size: 60_000, savings: 20_000 },
    ]);
    expect(result.message).toBe('2 image(s) would be 254 KB lighter as WebP at the same visual quality.');
  });

  it('does not apply without decodable raster images', () => {
    expect(
      modernImageFormats.evaluate(
        { images: { images: [image('https://example.com/l.svg', 'svg', 900, null)] } },
        { format },
      ).status,
    ).toBe('skipped');
  });
});
