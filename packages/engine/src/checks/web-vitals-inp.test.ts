import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { webVitalsInp } from './web-vitals-inp';

const run = (tbt: number) => {
  const browser = browserArtifact();
  return webVitalsInp.evaluate({ browser: { ...browser, vitals: { ...browser.vitals, tbt } } }, { format });
};

describe('web-vitals-inp', () => {
  it('judges lab TBT as the proxy: 200 / 600 ms', () => {
    expect(run(120)).toMatchObject({
      status: 'passed',
      data: { inp: { p75: null, source: 'lab-tbt' }, tbt: 120 },
    });
    expect(run(200).status).toBe('passed');
    expect(run(600)).toMatchObject({
      status: 'warning',
      message:
        'The main thread was blocked for 600 ms while loading; taps and clicks may wait. Aim for 200 ms or less.',
    });
    expect(run(900).message).toBe(
      'The main thread was blocked for 900 ms while loading, over 600 ms: the page feels frozen when visitors tap.',
    );
  });
});
