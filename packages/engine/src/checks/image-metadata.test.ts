import { describe, expect, it } from 'vitest';
import type { ImageInfo } from '../artifacts';
import { format } from './define-check';
import { imageMetadata } from './image-metadata';

const image = (url: string, bytes: number, metadataBytes: number): ImageInfo => ({
  url,
  format: 'jpeg',
  width: 800,
  height: 600,
  bytes,
  metadataBytes,
  webpBytes: null,
});

describe('image-metadata', () => {
  it('passes images with little metadata', () => {
    expect(
      imageMetadata.evaluate(
        { images: { images: [image('https://example.com/a.jpg', 50_000, 2_000)] } },
        { format },
      ),
    ).toEqual({
      status: 'passed',
      message: 'The one image file the page loads (icons included) carries no heavy metadata.',
      data: { images_with_large_metadata: [] },
    });
  });

  it('warns above 16 % metadata', () => {
    const result = imageMetadata.evaluate(
      { images: { images: [image('https://example.com/b.jpg', 40_960, 20_480)] } },
      { format },
    );
    expect(result).toMatchObject({
      status: 'warning',
      data: {
        images_with_large_metadata: [{ url: 'https://example.com/b.jpg', size: 40_960, meta_size: 20_480 }],
      },
    });
    expect(result.message).toContain('20 KB');
  });

  it('does not apply when nothing could be decoded', () => {
    expect(
      imageMetadata.evaluate({ images: { images: [{ ...image('x', 10, 0), format: null }] } }, { format })
        .status,
    ).toBe('skipped');
  });
});
