import { z } from 'zod';
import type { QueryFn } from '../../db/client';
import { defineJob } from '../../jobs/define-job';

/** Raw results are kept this long; older hours are read from their hourly aggregate. */
export const RAW_HOURS = 48;
/** Aggregates (and outages) are kept this long. */
const KEPT_MONTHS = 13;

/**
 * Rolls the last complete hours of raw results into hourly aggregates and the last complete days
 * of hourly ones into daily aggregates (recomputed, so a run repeated or a late result changes
 * nothing twice), then deletes raw results older than 48 hours and aggregates and outages older
 * than 13 months.
 */
export async function rollUp(query: QueryFn): Promise<void> {
  await query(
    `insert into monitor_rollups (website_id, region, "check", period, at, checks, failures, min_ms, max_ms, avg_ms, avg_bytes)
     select website_id, region, "check", 'hour', date_trunc('hour', checked_at), count(*), count(*) filter (where not ok),
            min(value_ms), max(value_ms), avg(value_ms), avg(bytes)
       from monitor_results
      where checked_at >= date_trunc('hour', now()) - interval '3 hours' and checked_at < date_trunc('hour', now())
      group by 1, 2, 3, 5
     on conflict (website_id, region, "check", period, at) do update
        set checks = excluded.checks, failures = excluded.failures, min_ms = excluded.min_ms,
            max_ms = excluded.max_ms, avg_ms = excluded.avg_ms, avg_bytes = excluded.avg_bytes`,
  );
  await query(
    `insert into monitor_rollups (website_id, region, "check", period, at, checks, failures, min_ms, max_ms, avg_ms, avg_bytes)
     select website_id, region, "check", 'day', date_trunc('day', at), sum(checks), sum(failures), min(min_ms), max(max_ms),
            sum(avg_ms * checks) / nullif(sum(checks) filter (where avg_ms is not null), 0),
            sum(avg_bytes * checks) / nullif(sum(checks) filter (where avg_bytes is not null), 0)
       from monitor_rollups
      where period = 'hour' and at >= date_trunc('day', now()) - interval '2 days' and at < date_trunc('day', now())
      group by 1, 2, 3, 5
     on conflict (website_id, region, "check", period, at) do update
        set checks = excluded.checks, failures = excluded.failures, min_ms = excluded.min_ms,
            max_ms = excluded.max_ms, avg_ms = excluded.avg_ms, avg_bytes = excluded.avg_bytes`,
  );
  await query('delete from monitor_results where checked_at < now() - make_interval(hours => $1)', [
    RAW_HOURS,
  ]);
  await query('delete from monitor_rollups where at < now() - make_interval(months => $1)', [KEPT_MONTHS]);
  await query('delete from outages where ended_at < now() - make_interval(months => $1)', [KEPT_MONTHS]);
}

/** Hourly, a few minutes past the hour, when the hour's results are in. */
export const monitorRollupJob = defineJob(
  'monitoring.rollup',
  z.object({}),
  async (_payload, { database }) => rollUp(database.query),
  {
    cron: '5 * * * *',
    retryLimit: 1,
  },
);
