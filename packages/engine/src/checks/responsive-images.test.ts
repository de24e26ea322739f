import { describe, expect, it } from 'vitest';
import type { RenderedImage } from '../artifacts';
import { browserArtifact, renderedImage } from '../testing/artifacts';
import { format } from './define-check';
import { responsiveImages } from './responsive-images';

// The phone profile is 2.625×: a 400 px slot wants about 1050 natural pixels.
const image = (
  url: string,
  natural: number,
  displayed: number,
  overrides: Partial<RenderedImage> = {},
): RenderedImage =>
  renderedImage(url, {
    natural: { width: natural, height: natural / 2 },
    displayed: { width: displayed, height: displayed / 2 },
    ...overrides,
  });
const run = (images: RenderedImage[]) =>
  responsiveImages.evaluate({ browser: browserArtifact({ images }) }, { format });

describe('responsive-images', () => {
  it('passes images close to their displayed size × DPR', () => {
    expect(run([image('https://example.com/a.jpg', 1050, 400)])).toEqual({
      status: 'passed',
      message: 'Every image is close to the size it is displayed at on a phone screen.',
      data: { oversized_images: [], low_res_images: [] },
    });
  });

  it('warns about an oversized image with the share of wasted pixels', () => {
    const result = run([image('https://example.com/huge.jpg', 4000, 200)]);
    expect(result.status).toBe('warning');
    expect(result.data?.oversized_images).toEqual([
      {
        url: 'https://example.com/huge.jpg',
        natural: { width: 4000, height: 2000 },
        displayed: { width: 200, height: 100 },
        wasted: 0.98,
      },
    ]);
  });

  it('warns about a low-resolution image', () => {
    expect(run([image('https://example.com/small.jpg', 300, 400)]).message).toContain(
      'too small for their slot',
    );
  });

  it('judges offscreen images and a huge file shrunk to an icon too', () => {
    const result = run([
      image('https://example.com/i.png', 4000, 32),
      image('https://example.com/o.jpg', 4000, 300, { offscreen: true }),
    ]);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '2 image(s) are much larger than displayed, about 98 % of their pixels wasted.',
    );
    expect((result.data!.oversized_images as { url: string }[]).map((i) => i.url)).toEqual([
      'https://example.com/i.png',
      'https://example.com/o.jpg',
    ]);
  });

  it('reports both problems in one message', () => {
    const result = run([
      image('https://example.com/huge.jpg', 4000, 200),
      image('https://example.com/s.jpg', 100, 400),
    ]);
    expect(result.message).toBe(
      '1 image(s) are much larger than displayed, about 98 % of their pixels wasted; 1 image(s) are too small for their slot and look blurry on sharp screens.',
    );
    expect(result.data?.low_res_images).toEqual([
      {
        url: 'https://example.com/s.jpg',
        natural: { width: 100, height: 50 },
        displayed: { width: 400, height: 200 },
      },
    ]);
  });

  it('stays within 1.5× of the needed pixels and 1.5× below the slot', () => {
    // 400 px slot × 2.625 = 1050 px wanted: 1280 px is 1.49× the pixels, 720 px is just above 1050 ÷ 1.5.
    expect(
      run([image('https://example.com/a.jpg', 1280, 400), image('https://example.com/b.jpg', 720, 400)])
        .status,
    ).toBe('passed');
  });

  it('does not apply to small icons, SVG or images that are not laid out', () => {
    expect(
      run([
        image('https://example.com/i.png', 48, 32),
        image('https://example.com/l.svg', 4000, 300),
        image('https://example.com/h.jpg', 4000, 0),
      ]),
    ).toMatchObject({ status: 'skipped', message: 'The page shows no raster image large enough to judge.' });
  });
});
