import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createDataForSeo } from './dataforseo';
import { createSeoData, type SeoData } from './metered';
import { RateLimiter } from './rate-limiter';

export { type Answer, answerSource, type SeoData } from './metered';

// One limiter per process and limit: the API and the jobs of a process share DataForSEO's allowance.
const limiters = new Map<string, RateLimiter>();

/** The process's limiter for a provider that allows `limit` calls in any `windowSeconds`. */
export function limiterFor(limit: number, windowSeconds: number): RateLimiter {
  const key = `${limit}/${windowSeconds}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new RateLimiter(limit, windowSeconds * 1000);
    limiters.set(key, limiter);
  }
  return limiter;
}

/** The keyword and backlink data source the operator configured (DataForSEO), or none. */
export function createSeoDataFromConfig(config: Config, database: Database, logger: Logger): SeoData {
  const provider =
    config.DATAFORSEO_LOGIN && config.DATAFORSEO_PASSWORD
      ? createDataForSeo({
          login: config.DATAFORSEO_LOGIN,
          password: config.DATAFORSEO_PASSWORD,
          baseUrl: config.DATAFORSEO_API_URL,
          limiter: limiterFor(config.DATAFORSEO_RATE_LIMIT, config.DATAFORSEO_RATE_WINDOW_SECONDS),
        })
      : null;
  return createSeoData({
    database,
    logger,
    provider,
    monthlyCapUsd: config.SEO_DATA_MONTHLY_CAP_USD,
    cacheSeconds: Math.round(config.SEO_DATA_CACHE_HOURS * 3600),
  });
}
