import { z } from 'zod';
import type { QueryFn } from '../db/client';
import { defineJob } from '../jobs/define-job';

/** How long the outbox keeps a mail that has no link still working (what was sent, for support). */
export const OUTBOX_DAYS = 30;
/** Rate-limit windows are an hour at most: a counter a day old counts nothing. */
const RATE_LIMIT_HOURS = 24;

/**
 * Drops what the product no longer needs and should not keep: mails whose links stopped working
 * (a reset's or an invitation's, kept only without SMTP) and every mail past OUTBOX_DAYS, the
 * rate-limit counters of windows long over, and Google consents never completed (their sealed
 * PKCE verifiers). Answers how many rows went, by table.
 */
export async function purgeExpired(
  query: QueryFn,
): Promise<{ mail_outbox: number; rate_limits: number; search_console_oauth_states: number }> {
  const mails = await query(
    `delete from mail_outbox
      where expires_at < now() or created_at < now() - make_interval(days => $1) returning id`,
    [OUTBOX_DAYS],
  );
  const counters = await query(
    `delete from rate_limits where window_start < now() - make_interval(hours => $1) returning key`,
    [RATE_LIMIT_HOURS],
  );
  const consents = await query(
    'delete from search_console_oauth_states where expires_at < now() returning state_hash',
  );
  return {
    mail_outbox: mails.length,
    rate_limits: counters.length,
    search_console_oauth_states: consents.length,
  };
}

/** Every hour, whichever worker takes it. */
export const purgeJob = defineJob(
  'platform.purge',
  z.object({}),
  async (_payload, { database, logger }) => {
    const purged = await purgeExpired(database.query);
    if (Object.values(purged).some((count) => count > 0)) logger.info(purged, 'expired rows purged');
  },
  { cron: '17 * * * *', retryLimit: 1, expireInSeconds: 15 * 60 },
);
