import { describe, expect, it } from 'vitest';
import { estimatePixelWidth } from './pixel-width';

describe('estimatePixelWidth', () => {
  it('measures with Arial’s advance widths at the given size', () => {
    expect(estimatePixelWidth('iiii', 20)).toBe(18);
    expect(estimatePixelWidth('WWW', 20)).toBe(57);
    expect(estimatePixelWidth('Oak tables', 14)).toBe(67);
  });

  it('sets an accented letter as wide as its base letter, and a CJK character a full em', () => {
    expect(estimatePixelWidth('café')).toBe(estimatePixelWidth('cafe'));
    expect(estimatePixelWidth('東京', 20)).toBe(40);
  });
});
