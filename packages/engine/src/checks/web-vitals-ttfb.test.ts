import { describe, expect, it } from 'vitest';
import type { PageArtifact } from '../artifacts';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { webVitalsTtfb } from './web-vitals-ttfb';

const run = (timings: PageArtifact['timings']) => {
  const page = pageArtifact('https://example.com/', '', { headers: {}, timings });
  return webVitalsTtfb.evaluate({ page }, { format });
};

describe('web-vitals-ttfb', () => {
  it('passes at 0.8 s and splits the phases', () => {
    const result = run({ dns: 20.4, connect: 30, tls: 49.6, firstByte: 800, total: 950 });
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The first byte arrived after 0.80 s, within the 0.80 s target.');
    expect(result.data).toEqual({ ttfb: { total: 800, dns: 20, connect: 30, tls: 50, wait: 700 } });
  });

  it('writes a fast answer in milliseconds', () => {
    expect(run({ firstByte: 4.2, total: 6 }).message).toBe(
      'The first byte arrived after 4 ms, within the 0.80 s target.',
    );
  });

  it('leaves unmeasured phases null, as on a reused connection', () => {
    expect(run({ firstByte: 120, total: 200 }).data).toEqual({
      ttfb: { total: 120, dns: null, connect: null, tls: null, wait: 120 },
    });
  });

  it('warns between 0.8 s and 1.8 s', () => {
    const result = run({ dns: 10, connect: 40, tls: 50, firstByte: 1800, total: 1900 });
    expect(result.status).toBe('warning');
    expect(result.message).toBe('The first byte arrived after 1.80 s; aim for 0.80 s or less.');
  });

  it('fails over 1.8 s', () => {
    const result = run({ firstByte: 2500, total: 2600 });
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'The first byte arrived after 2.50 s, over the 1.80 s limit; every other metric waits for it.',
    );
  });

  it("does not count the time this machine's own work held the answer back where it changes the verdict", () => {
    const result = run({ connect: 2, firstByte: 2600, busy: 2300, total: 2700 });
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The first byte arrived after 0.30 s, within the 0.80 s target. (Measured 2.60 s, of which 2.30 s this machine was busy with its own work: not counted.)',
    );
    expect(result.data).toEqual({
      ttfb: { total: 300, dns: null, connect: 2, tls: null, wait: 298, not_counted: 2300 },
    });
    // Where the verdict is the same either way, the measured time stands as measured.
    expect(run({ firstByte: 900, busy: 20, total: 950 })).toMatchObject({
      status: 'warning',
      message: 'The first byte arrived after 0.90 s; aim for 0.80 s or less.',
      data: { ttfb: { total: 900, dns: null, connect: null, tls: null, wait: 900 } },
    });
    expect(run({ firstByte: 60, busy: 56, total: 70 }).message).toBe(
      'The first byte arrived after 60 ms, within the 0.80 s target.',
    );
  });

  it('falls back to the full response time when the first byte was not timed', () => {
    const result = run({ total: 500 });
    expect(result.status).toBe('passed');
    expect(result.message).toContain('Measured from the full response');
    expect(result.data).toEqual({ ttfb: { total: 500, dns: null, connect: null, tls: null, wait: null } });
  });
});
