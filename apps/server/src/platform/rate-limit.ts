import type { Database } from '../db/client';
import { AppError } from '../errors';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

const tooMany = (retryAfter: number) =>
  new AppError('rate_limited', TOO_MANY, { 'retry-after': String(Math.max(1, retryAfter)) });

/** Counts one under `key` in its fixed window; the count now and the seconds the window has left. */
async function countOne(database: Database, key: string, limit: Limit) {
  const [row] = await database.query<{ count: number; retry_after: number }>(
    `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start <= now() - make_interval(secs => $2) then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start <= now() - make_interval(secs => $2) then now() else rate_limits.window_start end
     returning count, ceil(extract(epoch from window_start + make_interval(secs => $2) - now()))::int as retry_after`,
    [key, limit.windowSeconds],
  );
  return row!;
}

/**
 * Counts one attempt under each key (e.g. `domain-setup:org:…`) in a fixed window kept in the
 * database, so every API process shares the count. Over the limit → 429 with Retry-After.
 */
export async function hit(database: Database, keys: string[], limit: Limit): Promise<void> {
  for (const key of keys) {
    const row = await countOne(database, key, limit);
    if (row.count > limit.max) throw tooMany(row.retry_after);
  }
}

/**
 * For limits on failures (wrong passwords): 429 when a key's window already holds `max`, counting
 * nothing; `countFailure` counts one once the attempt failed. An attempt that succeeds costs nothing.
 */
export async function refuseOver(database: Database, keys: string[], limit: Limit): Promise<void> {
  const rows = await database.query<{ retry_after: number }>(
    `select ceil(extract(epoch from window_start + make_interval(secs => $2) - now()))::int as retry_after
       from rate_limits
      where key = any($1::text[]) and count >= $3 and window_start > now() - make_interval(secs => $2)`,
    [keys, limit.windowSeconds, limit.max],
  );
  if (rows.length > 0) throw tooMany(Math.max(...rows.map((row) => row.retry_after)));
}

export async function countFailure(database: Database, keys: string[], limit: Limit): Promise<void> {
  for (const key of keys) await countOne(database, key, limit);
}
