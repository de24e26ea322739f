import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeDataForSeo } from '../../test/dataforseo-server';
import { createDataForSeo, isoTime } from './dataforseo';
import { bucketFor } from './index';
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
    const bucket = new TokenBucket(10, 3); // 3 calls in any 300 ms
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = performance.now();
      await bucket.take();
      waits.push(performance.now() - before);
    }
    expect(waits.slice(0, 3).every((ms) => ms < 20)).toBe(true);
    expect(waits[3]).toBeGreaterThanOrEqual(280);
  });

  it("keeps a burst of calls within a provider's sliding-window rate limit: none refused", async () => {
    const fake = await startFakeDataForSeo({ ratePerSecond: 20 });
    try {
      const provider = createDataForSeo({
        login: fake.login,
        password: fake.password,
        baseUrl: fake.url,
        bucket: bucketFor(20),
        attempts: 1,
      });
      const started = performance.now();
      await Promise.all(Array.from({ length: 30 }, () => provider.backlinksSummary('shop.example')));
      expect(fake.rateLimited).toBe(0);
      // 30 calls at 20 a second (less 3 %) take about 1.5 s: paced, not serialised behind each other.
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await fake.close();
    }
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
