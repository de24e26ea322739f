import { describe, expect, it } from 'vitest';
import type { RenderedImage } from '../artifacts';
import { browserArtifact, renderedImage } from '../testing/artifacts';
import { format } from './define-check';
import { imageLazyLoading } from './image-lazy-loading';

const image = renderedImage;
const run = (images: RenderedImage[]) =>
  imageLazyLoading.evaluate({ browser: browserArtifact({ images }) }, { format });

describe('image-lazy-loading', () => {
  it('passes an eager hero and lazy offscreen images', () => {
    expect(
      run([
        image('https://example.com/hero.jpg', { isLcp: true, fetchPriority: 'high' }),
        image('https://example.com/b.jpg', { offscreen: true, loading: 'lazy' }),
      ]),
    ).toEqual({
      status: 'passed',
      message: 'Images below the first screen load lazily, and the main image loads right away.',
      data: { offscreen_eager: [], lcp_lazy: false },
    });
  });

  it('warns when the LCP image is lazy', () => {
    expect(run([image('https://example.com/hero.jpg', { isLcp: true, loading: 'lazy' })])).toMatchObject({
      status: 'warning',
      data: { lcp_lazy: true },
    });
  });

  it('warns about more than three eager offscreen images', () => {
    const offscreen = Array.from({ length: 4 }, (_, i) =>
      image(`https://example.com/${i}.jpg`, { offscreen: true }),
    );
    expect(run(offscreen).message).toBe(
      '4 images below the first screen load right away; add loading="lazy" so they load as the visitor scrolls.',
    );
  });

  it('does not apply without images', () => {
    expect(run([]).status).toBe('skipped');
  });
});
