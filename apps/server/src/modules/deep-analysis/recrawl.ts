import {
  DEEP_ANALYSIS_HISTORY_MESSAGES,
  DEFAULT_CRAWL_SETTINGS,
  RECRAWL_TASK,
  type ScheduledTasksReplySchema,
  type WebsiteSettings,
} from '@sitelens/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { createPlanLimits } from '../sales/plan-limits';
import { lockWebsite } from '../websites/service';
import { crawlSettingsOf, deepAnalysisJob } from './jobs';
import { type DeepAnalysisDeps, startAnalysis } from './service';

/** The minute of every hour (UTC) the re-crawl job looks for websites due. */
const RECRAWL_MINUTE = 23;
const DAY_SECONDS = 86_400;

/** A website's re-crawl interval in days; settings saved before the field existed have the default. */
const RECRAWL_DAYS = `coalesce((w.settings->'crawl'->>'recrawl_days')::int, ${DEFAULT_CRAWL_SETTINGS.recrawl_days})`;

/**
 * Websites due for a re-crawl: re-crawls asked for (recrawl_days > 0), URLs to crawl, nothing
 * running, and no crawl of every URL (a batch, or an import and the batch it starts) started within
 * recrawl_days, whether the schedule or a user started it. The plan is asked separately.
 */
const DUE = `
  select w.id, w.organization_id from websites w
   where ${RECRAWL_DAYS} > 0
     and exists (select 1 from serviceable_urls u where u.website_id = w.id)
     and not exists (select 1 from analysis_processes p where p.website_id = w.id and p.status = 'running')
     and not exists (select 1 from analysis_processes p
                      where p.website_id = w.id and p.type in ('import_sitemaps', 'on_page_seo_batch_url_analysis')
                        and p.created_at > now() - make_interval(days => ${RECRAWL_DAYS}))`;

/** The caller's transaction as a database: a service that opens its own transaction runs in it. */
const within = (database: Database, query: QueryFn): Database => ({
  ...database,
  query: (statement, params) => query(typeof statement === 'string' ? statement : statement.text, params),
  transaction: (work) => work(query),
});

/**
 * Starts a batch analysis (as `POST /on-page-seo/batch` does, through the same service) for every
 * website due whose plan still has Deep Analysis. Each website is judged again under its row lock,
 * in the transaction that starts its batch: two runs at once start one batch, a second run none.
 * One website's failure is logged and the others go on.
 */
export async function startDueRecrawls(
  deps: DeepAnalysisDeps,
  logger?: Pick<Logger, 'error'>,
): Promise<{ websiteId: string; processId: string }[]> {
  const candidates = await deps.database.query<{ id: string; organization_id: string }>(
    `${DUE} order by w.id`,
  );
  const started: { websiteId: string; processId: string }[] = [];
  for (const website of candidates) {
    try {
      const processId = await deps.database.transaction(async (query) => {
        await lockWebsite(query, website.id);
        const [due] = await query(`${DUE} and w.id = $1`, [website.id]);
        if (!due) return null;
        if ((await deps.planLimits.limit(query, website.organization_id, 'dp_max_urls')) <= 0) return null;
        const reply = await startAnalysis(
          { ...deps, database: within(deps.database, query) },
          website.organization_id,
          website.id,
          'on_page_seo_batch_url_analysis',
        );
        return reply.process_guid;
      });
      if (processId) started.push({ websiteId: website.id, processId });
    } catch (error) {
      logger?.error({ err: error, websiteId: website.id }, 'scheduled re-crawl not started');
    }
  }
  // The batches' jobs became visible at their commits.
  if (started.length > 0) deps.queue.wake(deepAnalysisJob);
  return started;
}

/** Hourly: the re-crawls of the websites due (settings.crawl.recrawl_days). */
export const recrawlJob = defineJob(
  'deep-analysis.recrawl',
  z.object({}),
  async (_payload, { database, logger, queue }) => {
    const config = loadConfig();
    const started = await startDueRecrawls(
      {
        database,
        queue,
        planLimits: createPlanLimits({
          billing: config.BILLING_PROVIDER,
          defaultPlanCode: config.DEFAULT_PLAN,
        }),
      },
      logger,
    );
    if (started.length > 0) logger.info({ websites: started.length }, 're-crawls started');
  },
  { cron: `${RECRAWL_MINUTE} * * * *`, retryLimit: 1, expireInSeconds: 15 * 60 },
);

/** The first run of the hourly job at or after `time`. */
function nextRunAt(time: Date): Date {
  const tick = new Date(time);
  tick.setUTCMinutes(RECRAWL_MINUTE, 0, 0);
  if (tick < time) tick.setUTCHours(tick.getUTCHours() + 1);
  return tick;
}

type ScheduledTask = z.infer<typeof ScheduledTasksReplySchema>[number];

/**
 * The website's re-crawl as a scheduled task: none when re-crawls are off (recrawl_days 0) or there
 * is nothing to crawl. `last_run_at` is the start of the last crawl of every URL (scheduled or not:
 * either one resets the interval); `next_run_at` the hourly run that finds it due, later while
 * another process of the website is still running.
 */
export async function recrawlTask(
  query: QueryFn,
  websiteId: string,
  settings: WebsiteSettings,
): Promise<ScheduledTask | null> {
  const days = crawlSettingsOf(settings).recrawl_days;
  if (days <= 0) return null;
  const [row] = await query<{ monitored: boolean; last: Date | null }>(
    `select exists (select 1 from serviceable_urls where website_id = $1) as monitored,
            (select max(created_at) from analysis_processes
              where website_id = $1 and type in ('import_sitemaps', 'on_page_seo_batch_url_analysis')) as last`,
    [websiteId],
  );
  if (!row?.monitored) return null;
  const last = row.last ? new Date(row.last) : null;
  const due = last ? new Date(last.getTime() + days * DAY_SECONDS * 1000) : new Date();
  const now = new Date();
  return {
    task: RECRAWL_TASK,
    description: DEEP_ANALYSIS_HISTORY_MESSAGES.recrawlTask(days),
    interval_seconds: days * DAY_SECONDS,
    last_run_at: last ? last.toISOString() : null,
    next_run_at: nextRunAt(due > now ? due : now).toISOString(),
  };
}
