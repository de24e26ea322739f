import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Histogram, histogramOf, speedIndexOf, visualProgress } from './speed-index';

const jpeg = (background: string) =>
  sharp({ create: { width: 20, height: 10, channels: 3, background } })
    .jpeg({ quality: 95 })
    .toBuffer();

/** A histogram with `count` pixels of one grey level in every channel. */
const grey = (level: number, count: number): Histogram => {
  const channel = () => Array.from({ length: 256 }, (_, i) => (i === level ? count : 0));
  return [channel(), channel(), channel()];
};
const plus = (a: Histogram, b: Histogram): Histogram =>
  a.map((channel, c) => channel.map((n, i) => n + b[c]![i]!)) as Histogram;

describe('speed index', () => {
  it('leaves white out of the histogram and counts coloured pixels per channel', async () => {
    const white = await histogramOf(await jpeg('#ffffff'));
    expect(white.flat().reduce((a, b) => a + b, 0)).toBe(0);
    const blue = await histogramOf(await jpeg('#0000ff'));
    expect(blue[0].reduce((a, b) => a + b, 0)).toBe(200);
    expect(blue[2].findIndex((n) => n > 0)).toBeGreaterThan(240);
  });

  it('measures progress from a blank page towards the final frame', () => {
    const text = grey(20, 100);
    const final = plus(text, grey(120, 300));
    expect(visualProgress(grey(0, 0), final)).toBe(0);
    expect(visualProgress(text, final)).toBeCloseTo(0.25);
    expect(visualProgress(final, final)).toBe(1);
    // A page that stays blank to the end counts as complete.
    expect(visualProgress(grey(0, 0), grey(0, 0))).toBe(1);
  });

  it('is the area above the progress curve from navigation start', () => {
    // Complete at the first paint: Speed Index is the time of that paint.
    expect(speedIndexOf([{ at: 1300, value: 1 }], 1000)).toBe(300);
    // A quarter at 300 ms, complete at 1300 ms: 300 + 0.75 × 1000.
    expect(
      speedIndexOf(
        [
          { at: 1300, value: 0.25 },
          { at: 2300, value: 1 },
        ],
        1000,
      ),
    ).toBe(1050);
    // Frames from before the navigation (the previous page) are ignored; none painted → null.
    expect(speedIndexOf([{ at: 900, value: 1 }], 1000)).toBeNull();
  });
});
