import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeDataForSeo } from '../../test/dataforseo-server';
import { createDataForSeo, isoTime } from './dataforseo';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('lets `limit` calls go at once, then the next one a window after the first was answered', async () => {
    const limiter = new RateLimiter(3, 300);
    const started = performance.now();
    const order: number[] = [];
    const left: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        limiter.run(async () => {
          order.push(i);
          left.push(performance.now() - started);
          await sleep(50); // the answer takes 50 ms
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(left.slice(0, 3).every((ms) => ms < 40)).toBe(true);
    // Answered at about 50 ms, the first three hold the window until about 350 ms.
    expect(left[3]).toBeGreaterThanOrEqual(345);
    expect(left[4]).toBeGreaterThanOrEqual(345);
    expect(left[4]).toBeLessThan(1_000);
  });

  it('keeps a call that is still waiting for its answer in the window, however long it takes', async () => {
    const limiter = new RateLimiter(1, 100);
    const started = performance.now();
    const slow = limiter.run(() => sleep(400));
    let second = 0;
    await limiter.run(async () => {
      second = performance.now() - started;
    });
    await slow;
    expect(second).toBeGreaterThanOrEqual(495);
  });

  it("gives an aborted wait's turn to the next caller, and says why it stopped", async () => {
    const limiter = new RateLimiter(1, 200);
    const first = limiter.run(() => sleep(10));
    const controller = new AbortController();
    const aborted = limiter.run(async () => 'ran', controller.signal);
    const next = limiter.run(async () => 'next ran');
    controller.abort(new Error('the job was cancelled'));
    await expect(aborted).rejects.toThrow('the job was cancelled');
    await first;
    expect(await next).toBe('next ran');
  });

  it('a failed call still holds its place in the window', async () => {
    const limiter = new RateLimiter(1, 150);
    const started = performance.now();
    await expect(limiter.run(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await limiter.run(async () => {});
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it("keeps bursts of calls within a provider's sliding-window rate limit: none refused", async () => {
    const fake = await startFakeDataForSeo({ rateLimit: 20, rateWindowMs: 1_000, latencyMs: 20 });
    try {
      const provider = createDataForSeo({
        login: fake.login,
        password: fake.password,
        baseUrl: fake.url,
        limiter: new RateLimiter(20, 1_000),
        attempts: 1,
      });
      const started = performance.now();
      await Promise.all(Array.from({ length: 50 }, () => provider.backlinksSummary('shop.example')));
      expect(fake.rateLimited).toBe(0);
      expect(fake.received).toBe(50);
      // 20 at once, 20 more a second after their answers, the last 10 a second later: about 2 s.
      const seconds = (performance.now() - started) / 1000;
      expect(seconds).toBeGreaterThan(2);
      expect(seconds).toBeLessThan(6);
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
    expect(loadConfig({})).toMatchObject({
      DATAFORSEO_RATE_LIMIT: 1_000,
      DATAFORSEO_RATE_WINDOW_SECONDS: 60,
    });
    expect(() => loadConfig({ DATAFORSEO_RATE_LIMIT: '0' })).toThrow('DATAFORSEO_RATE_LIMIT');
  });
});
