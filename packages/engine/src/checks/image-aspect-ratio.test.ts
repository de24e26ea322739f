import { describe, expect, it } from 'vitest';
import type { RenderedImage } from '../artifacts';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { imageAspectRatio } from './image-aspect-ratio';

const image = (url: string, natural: [number, number], displayed: [number, number]): RenderedImage => ({
  url,
  natural: { width: natural[0], height: natural[1] },
  displayed: { width: displayed[0], height: displayed[1] },
  offscreen: false,
  loading: 'auto',
  fetchPriority: null,
  isLcp: false,
});
const run = (images: RenderedImage[]) =>
  imageAspectRatio.evaluate({ browser: browserArtifact({ images }) }, { format });

describe('image-aspect-ratio', () => {
  it('passes images within 2 px of their proportions', () => {
    expect(run([image('https://example.com/a.jpg', [800, 600], [400, 301])])).toEqual({
      status: 'passed',
      message: 'Every image is shown in its natural proportions.',
      data: { wrong_aspect_ratio_images: [] },
    });
  });

  it('warns about a stretched image', () => {
    const result = run([image('https://example.com/b.jpg', [800, 600], [400, 400])]);
    expect(result).toMatchObject({
      status: 'warning',
      data: {
        wrong_aspect_ratio_images: [
          { url: 'https://example.com/b.jpg', natural: '800×600', displayed: '400×400' },
        ],
      },
    });
    expect(result.message).toBe(
      '1 image(s) are stretched or squashed: shown at a different aspect ratio than their own (https://example.com/b.jpg: 800×600 shown as 400×400).',
    );
  });

  it('does not apply without visible images', () => {
    expect(run([image('https://example.com/c.jpg', [0, 0], [0, 0])]).status).toBe('skipped');
  });
});
