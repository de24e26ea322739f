import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { webVitalsFcp } from './web-vitals-fcp';

const run = (fcp: number | null) => {
  const browser = browserArtifact();
  return webVitalsFcp.evaluate({ browser: { ...browser, vitals: { ...browser.vitals, fcp } } }, { format });
};

describe('web-vitals-fcp', () => {
  it('passes up to 1.8 s, warns up to 3 s, fails beyond', () => {
    expect(run(900)).toEqual({
      status: 'passed',
      message: 'The first text or image appeared after 0.90 s.',
      data: { fcp: 900 },
    });
    expect(run(2400).status).toBe('warning');
    expect(run(1800).status).toBe('passed');
    expect(run(3000).status).toBe('warning');
    expect(run(3500)).toEqual({
      status: 'failed',
      message:
        'The first text or image appeared after 3.50 s, over 3.00 s: visitors stare at a blank screen.',
      data: { fcp: 3500 },
    });
  });

  it('fails a page that never painted', () => {
    expect(run(null)).toEqual({
      status: 'failed',
      message: 'Chromium saw no first contentful paint: the page stayed blank.',
      data: { fcp: null },
    });
  });
});
