import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { siteLoadingSpeed } from './site-loading-speed';

const run = (loadTime: number | null, speedIndex: number | null = null) => {
  const browser = browserArtifact();
  return siteLoadingSpeed.evaluate(
    { browser: { ...browser, vitals: { ...browser.vitals, loadTime, speedIndex, domContentLoaded: 800 } } },
    { format },
  );
};

describe('site-loading-speed', () => {
  it('passes a load within 3 s', () => {
    expect(run(1500)).toEqual({
      status: 'passed',
      message: 'The page finished loading in 1.50 s.',
      data: { load_time: 1500, dom_content_loaded: 800, speed_index: null },
    });
  });

  it('warns up to 5 s and fails beyond', () => {
    expect(run(4000).status).toBe('warning');
    expect(run(7000).status).toBe('failed');
  });

  it('also judges Speed Index when it was measured', () => {
    expect(run(2000, 4200)).toMatchObject({
      status: 'warning',
      message: expect.stringContaining('Speed Index 4.20 s'),
    });
    expect(run(6000, 3000).status).toBe('warning');
  });

  it('fails when the page never finished loading', () => {
    expect(run(null).status).toBe('failed');
  });
});
