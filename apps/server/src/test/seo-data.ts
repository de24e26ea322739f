import pino from 'pino';
import { createDataForSeo } from '../providers/seo-data/dataforseo';
import { createSeoData } from '../providers/seo-data/metered';
import { RateLimiter } from '../providers/seo-data/rate-limiter';
import { type Account, type TestApp, trialApp } from './app';
import type { FakeDataForSeo } from './dataforseo-server';
import { createTestDatabase } from './db';

/**
 * The app with the real DataForSEO adapter and cost control pointed at a DataForSEO-shaped server,
 * as the config builds them but with 10 ms retry pauses instead of 1 s, and a team member on a trial.
 */
export async function seoDataApp(
  fake: FakeDataForSeo,
  options: { login?: string; capUsd?: number | null } = {},
): Promise<{ t: TestApp; account: Account }> {
  const database = await createTestDatabase();
  const provider = createDataForSeo({
    login: options.login ?? fake.login,
    password: fake.password,
    baseUrl: fake.url,
    limiter: new RateLimiter(1_000, 1_000),
    backoffMs: 10,
  });
  const seoData = createSeoData({
    database,
    logger: pino({ level: 'silent' }),
    provider,
    monthlyCapUsd: options.capUsd === undefined ? 25 : options.capUsd,
    cacheSeconds: 3600,
  });
  return trialApp({}, { seoData }, database);
}
