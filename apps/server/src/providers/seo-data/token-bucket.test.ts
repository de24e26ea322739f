import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isoTime } from './dataforseo';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('lets callers go one interval apart, in the order they came', async () => {
    const bucket = new TokenBucket(20); // one every 50 ms
    const started = performance.now();
    const order: number[] = [];
    const times: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        bucket.take().then(() => {
          order.push(i);
          times.push(performance.now() - started);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
    for (const [i, ms] of times.entries()) expect(ms).toBeGreaterThanOrEqual(i * 50 - 5);
    expect(times[4]).toBeLessThan(400);
  });

  it('after a quiet spell lets a burst go at once, then paces again', async () => {
    const bucket = new TokenBucket(4, 3, () => 10_000); // a clock that stands still
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = performance.now();
      await bucket.take();
      waits.push(performance.now() - before);
    }
    expect(waits.slice(0, 3).every((ms) => ms < 20)).toBe(true);
    expect(waits[3]).toBeGreaterThanOrEqual(240);
  });
});

describe('DataForSEO time format', () => {
  it('reads "YYYY-MM-DD HH:MM:SS +00:00" as ISO time', () => {
    expect(isoTime('2026-11-02 08:15:00 +00:00')).toBe('2026-11-02T08:15:00.000Z');
    expect(isoTime('2026-11-02 08:15:00 +02:00')).toBe('2026-11-02T06:15:00.000Z');
    expect(isoTime(null)).toBeNull();
    expect(isoTime('not a date')).toBeNull();
  });
});

describe('DataForSEO settings', () => {
  it('refuses a login without a password, and reads the cap', () => {
    expect(() => loadConfig({ DATAFORSEO_LOGIN: 'me' })).toThrow(
      'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD go together',
    );
    expect(loadConfig({}).SEO_DATA_MONTHLY_CAP_USD).toBe(25);
    expect(loadConfig({ SEO_DATA_MONTHLY_CAP_USD: 'none' }).SEO_DATA_MONTHLY_CAP_USD).toBeNull();
    expect(loadConfig({ SEO_DATA_MONTHLY_CAP_USD: '7.5' }).SEO_DATA_MONTHLY_CAP_USD).toBe(7.5);
  });
});
