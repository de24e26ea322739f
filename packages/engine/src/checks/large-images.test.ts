import { describe, expect, it } from 'vitest';
import { resource } from '../testing/artifacts';
import { format } from './define-check';
import { largeImages } from './large-images';

const img = (name: string, kb: number) => resource(`https://example.com/${name}`, { bytes: kb * 1024 });

describe('large-images', () => {
  it('passes images under 100 KB', () => {
    expect(largeImages.evaluate({ resources: [img('a.webp', 60)] }, { format })).toEqual({
      status: 'passed',
      message: 'The one image is under 100 KB.',
      data: { large_images: [] },
    });
  });

  it('warns between 100 and 500 KB', () => {
    expect(
      largeImages.evaluate({ resources: [img('a.jpg', 220), img('b.jpg', 20)] }, { format }),
    ).toMatchObject({
      status: 'warning',
      data: { large_images: [{ url: 'https://example.com/a.jpg', bytes: 220 * 1024 }] },
    });
  });

  it('fails over 500 KB, heaviest first, ignoring the og:image', () => {
    const og = resource('https://example.com/og.jpg', { bytes: 900 * 1024, initiator: 'og:image' });
    const result = largeImages.evaluate(
      { resources: [img('a.jpg', 220), img('b.png', 1200), og] },
      { format },
    );
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      '1 image(s) weigh more than 500 KB; the largest is 1200 KB and slows the page on mobile connections.',
    );
    expect((result.data!.large_images as { url: string }[]).map((i) => i.url)).toEqual([
      'https://example.com/b.png',
      'https://example.com/a.jpg',
    ]);
  });

  it('does not apply without images', () => {
    expect(largeImages.evaluate({ resources: [] }, { format }).status).toBe('skipped');
  });
});
