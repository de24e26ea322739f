import type { Database } from '../db/client';
import { AppError } from '../errors';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt under each key (e.g. `sign-in:ip:1.2.3.4`, `sign-in:email:a@b.c`) in a fixed
 * window kept in the database, so every API process shares the count. Over the limit → 429 with
 * Retry-After.
 */
export async function hit(database: Database, keys: string[], limit: Limit): Promise<void> {
  for (const key of keys) {
    const [row] = await database.query<{ count: number; retry_after: number }>(
      `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
       on conflict (key) do update set
         count = case when rate_limits.window_start <= now() - make_interval(secs => $2) then 1 else rate_limits.count + 1 end,
         window_start = case when rate_limits.window_start <= now() - make_interval(secs => $2) then now() else rate_limits.window_start end
       returning count, ceil(extract(epoch from window_start + make_interval(secs => $2) - now()))::int as retry_after`,
      [key, limit.windowSeconds],
    );
    if (row && row.count > limit.max) {
      throw new AppError('rate_limited', 'Too many attempts. Please wait a moment and try again.', {
        'retry-after': String(Math.max(1, row.retry_after)),
      });
    }
  }
}
