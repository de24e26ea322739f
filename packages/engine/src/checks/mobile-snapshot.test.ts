import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { mobileSnapshot } from './mobile-snapshot';

const png = Buffer.from('89504e47', 'hex');

describe('mobile-snapshot', () => {
  it('passes a page that renders content', () => {
    const result = mobileSnapshot.evaluate(
      { browser: browserArtifact({ screenshots: { desktop: png, mobile: png }, mobileNonBlankRatio: 0.3 }) },
      { format },
    );
    expect(result).toEqual({
      status: 'passed',
      message: 'The page renders on a phone screen (412×823 at 2.625×); see the screenshot.',
      data: { snapshot_url: null, non_blank_ratio: 0.3 },
    });
  });

  it('fails a blank render or a missing screenshot', () => {
    expect(
      mobileSnapshot.evaluate(
        { browser: browserArtifact({ screenshots: { desktop: png, mobile: png }, mobileNonBlankRatio: 0 }) },
        { format },
      ).message,
    ).toContain('renders blank');
    expect(mobileSnapshot.evaluate({ browser: browserArtifact() }, { format }).status).toBe('failed');
  });
});
