import { describe, expect, it } from 'vitest';
import type { BrowserArtifact } from '../artifacts';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { webVitalsLcp } from './web-vitals-lcp';

const run = (lcp: BrowserArtifact['vitals']['lcp']) => {
  const browser = browserArtifact();
  return webVitalsLcp.evaluate({ browser: { ...browser, vitals: { ...browser.vitals, lcp } } }, { format });
};

describe('web-vitals-lcp', () => {
  it('passes up to 2.5 s and names the element', () => {
    expect(run({ duration: 1200, node: 'h1', text: 'Oak tables', url: null })).toEqual({
      status: 'passed',
      message: 'The largest element (“Oak tables”) was painted after 1.20 s, within the 2.50 s target.',
      data: { lcp: { duration: 1200, node: 'h1', text: 'Oak tables', url: null, phases: null } },
    });
  });

  it('warns up to 4 s and fails beyond', () => {
    expect(
      run({ duration: 3000, node: 'img', text: null, url: 'https://example.com/hero.jpg' }).message,
    ).toContain('image https://example.com/hero.jpg');
    expect(run({ duration: 3000, node: 'img', text: null, url: null }).status).toBe('warning');
    expect(run({ duration: 5200, node: 'img', text: null, url: null }).status).toBe('failed');
  });

  it('reports the phases when measured and judges the 2.5 s and 4 s limits inclusively', () => {
    const phases = { ttfb: 600, load_delay: 400, load_duration: 900, render_delay: 100 };
    expect(
      run({ duration: 2500, node: 'img', text: null, url: 'https://example.com/a.jpg', phases }),
    ).toEqual({
      status: 'passed',
      message:
        'The largest element (image https://example.com/a.jpg) was painted after 2.50 s, within the 2.50 s target.',
      data: { lcp: { duration: 2500, node: 'img', text: null, url: 'https://example.com/a.jpg', phases } },
    });
    expect(run({ duration: 4000, node: 'p', text: null, url: null }).status).toBe('warning');
    expect(run({ duration: 4001, node: 'p', text: null, url: null }).message).toBe(
      'The largest element (p) was painted after 4.00 s, over 4.00 s: visitors wait for the main content.',
    );
  });

  it('fails when nothing was painted', () => {
    expect(run(null)).toEqual({
      status: 'failed',
      message: expect.stringContaining('no largest contentful paint'),
      data: { lcp: null },
    });
  });
});
