import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createDataForSeo } from './dataforseo';
import { createSeoData, type SeoData } from './metered';
import { TokenBucket } from './token-bucket';

export { type Answer, answerSource, type SeoData } from './metered';

/** Requests reach the provider a few ms apart from when they left; pacing 3 % under its limit absorbs that. */
const HEADROOM = 0.97;

// One bucket per process and rate: the API and the jobs of a process share DataForSEO's pace.
const buckets = new Map<number, TokenBucket>();

/** The process's pace for a provider that allows `rate` requests a second. */
export const bucketFor = (rate: number) =>
  buckets.get(rate) ?? buckets.set(rate, new TokenBucket(rate * HEADROOM)).get(rate)!;

/** The keyword and backlink data source the operator configured (DataForSEO), or none. */
export function createSeoDataFromConfig(config: Config, database: Database, logger: Logger): SeoData {
  const provider =
    config.DATAFORSEO_LOGIN && config.DATAFORSEO_PASSWORD
      ? createDataForSeo({
          login: config.DATAFORSEO_LOGIN,
          password: config.DATAFORSEO_PASSWORD,
          baseUrl: config.DATAFORSEO_API_URL,
          bucket: bucketFor(config.DATAFORSEO_RATE_PER_SECOND),
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
