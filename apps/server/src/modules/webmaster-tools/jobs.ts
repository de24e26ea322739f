import { CHECKUP_MESSAGES, type SitemapOptions, type ToolKind, type ToolPhase } from '@sitelens/contracts';
import {
  cachingLookup,
  checkLinkTarget,
  createPoliteness,
  engineFetch,
  mapLimit,
  normaliseUrl,
  rememberSilentHosts,
  runCrawl,
} from '@sitelens/engine';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { guardedFetcherFor } from '../../platform/fetcher';
import { createToolCrawlStore } from './crawl-store';
import { writeRunSitemap } from './sitemap';

/** A runner that has not said it is alive for this long is taken to be dead: another may resume. */
const RUNNER_SILENCE = '2 minutes';
/** Link targets asked at once (the per-host limit applies on top), and per batch saved. */
const LINK_CONCURRENCY = 10;
const LINK_BATCH = 100;
/** Runs kept per website and tool (the latest and the one it is compared with), and per organization for typed-in URLs. */
const KEEP_PER_WEBSITE = 2;
const KEEP_TYPED = 5;

export interface RunRow {
  id: string;
  organization_id: string;
  website_id: string | null;
  tool: ToolKind;
  start_url: string;
  host: string;
  options: SitemapOptions;
  phase: ToolPhase;
  pages_limit: number;
}

/**
 * Runs a webmaster tool: the crawl, then the link checks (Broken Links) or the sitemap (Sitemap
 * Generator). Each phase resumes from the database, so a retried job finishes what a killed one
 * started; a re-check starts at the link checks.
 */
export const toolRunJob = defineJob(
  'webmaster-tools.run',
  z.object({ runId: z.uuid() }),
  async ({ runId }, { database, jobId, logger }) => {
    const run = await takeRun(database, runId, jobId);
    if (!run) return;
    try {
      if (run.phase === 'queued' || run.phase === 'crawling') {
        await setPhase(database, run.id, 'crawling');
        await crawl(database, run);
        const unreachable = await startPageFailure(database.query, run);
        if (unreachable) {
          await failRun(database, run.id, unreachable);
          return;
        }
        if (run.tool === 'broken_links')
          await database.transaction(async (query) => {
            await collectTargets(query, run.id);
            await query(`update tool_runs set phase = 'checking_links' where id = $1`, [run.id]);
          });
        else await setPhase(database, run.id, 'writing_sitemap');
      }
      if (run.tool === 'broken_links') await checkTargets(database, run.id);
      else await writeRunSitemap(database, run);
      await database.transaction(async (query) => {
        await query(
          `update tool_runs set status = 'completed', phase = 'completed', finished_at = now() where id = $1`,
          [run.id],
        );
        await pruneRuns(query, run);
      });
    } catch (error) {
      // A killed worker never gets here: its job comes back and resumes. An error is the run's end.
      logger.error({ err: error, runId }, 'webmaster tool run failed');
      await failRun(database, run.id, `The run stopped: ${(error as Error).message}`);
    }
  },
  { expireInSeconds: 6 * 3600, retryLimit: 5, retryDelay: 5 },
);

const failRun = (database: Database, runId: string, error: string) =>
  database.query(
    `update tool_runs set status = 'failed', phase = 'failed', error = $2, finished_at = now() where id = $1`,
    [runId, error],
  );

/**
 * Why the run's first page could not be read, or null when it was. A site that does not resolve,
 * refuses, times out, fails TLS, answers 5xx or forbids the crawl on its first page was not
 * checked at all: "0 links, none broken" would be a verdict without a measurement. A redirect is
 * followed to the page it leads to on the site.
 */
async function startPageFailure(
  query: QueryFn,
  run: Pick<RunRow, 'id' | 'start_url'>,
): Promise<string | null> {
  let url = run.start_url;
  for (let hop = 0; hop < 10; hop++) {
    const [page] = await query<{
      status_code: number | null;
      error: string | null;
      blocked_by_robots: boolean;
      final_url: string | null;
      redirected: boolean;
      crawl_state: string;
    }>(
      `select status_code, error, blocked_by_robots, final_url, crawl_state,
              coalesce(jsonb_array_length(redirects), 0) > 0 as redirected
         from tool_run_urls where run_id = $1 and md5(url) = md5($2) and url = $2`,
      [run.id, url],
    );
    // A redirect to another site, or a page the crawl did not reach: nothing more to judge here.
    if (page?.crawl_state !== 'done') return null;
    const cause = pageFailureCause(page);
    if (cause) return CHECKUP_MESSAGES.cannotAccessBecause(run.start_url, cause);
    if (!page.redirected || !page.final_url) return null;
    const next = normaliseUrl(page.final_url);
    if (!next || next === url) return null;
    url = next;
  }
  return null;
}

function pageFailureCause(page: {
  status_code: number | null;
  error: string | null;
  blocked_by_robots: boolean;
}): string | null {
  if (page.error) return page.error;
  if (page.blocked_by_robots) return 'its robots.txt forbids crawling this page';
  if (page.status_code !== null && page.status_code >= 500)
    return `it answered with HTTP ${page.status_code}`;
  return null;
}

async function takeRun(database: Database, runId: string, jobId: string): Promise<RunRow | null> {
  const [row] = await database.query<RunRow>(
    `update tool_runs set job_id = $2, heartbeat_at = now()
      where id = $1 and status = 'running'
        and (job_id is null or job_id = $2 or heartbeat_at < now() - interval '${RUNNER_SILENCE}')
      returning id, organization_id, website_id, tool, start_url, host, options, phase, pages_limit`,
    [runId, jobId],
  );
  return row ?? null;
}

const setPhase = (database: Database, runId: string, phase: ToolPhase) =>
  database.query('update tool_runs set phase = $2 where id = $1', [runId, phase]);

/** The crawl with Deep Analysis's crawler: links and answers only, no page checks, no browser. */
async function crawl(database: Database, run: RunRow): Promise<void> {
  // What an earlier runner had taken when it died is handed out again.
  await database.query(
    `update tool_run_urls set crawl_state = 'pending' where run_id = $1 and crawl_state = 'taken'`,
    [run.id],
  );
  const fetcher = guardedFetcherFor(loadConfig(), { keepAlive: true, lookup: cachingLookup() });
  try {
    await runCrawl({
      site: run.host,
      store: createToolCrawlStore(database, { id: run.id, pagesLimit: run.pages_limit }),
      fetcher,
      checks: [],
      browser: null,
    });
  } finally {
    await fetcher.close();
  }
}

/**
 * Every distinct link target of the crawled pages, once, with where it is found. An internal page
 * the crawl fetched cleanly (no redirect, no error) is judged from that answer, not asked again.
 */
async function collectTargets(query: QueryFn, runId: string): Promise<void> {
  await query(
    `insert into tool_link_targets (run_id, url, internal)
     select $1, to_url, bool_or(internal) from tool_run_links where run_id = $1 group by to_url order by min(to_url)
     on conflict (run_id, md5(url)) do nothing`,
    [runId],
  );
  await query(
    `update tool_link_targets t set found_on_count = c.n, anchor = c.anchor, found_on = c.first
       from (select l.to_url, count(*)::int as n, (array_agg(l.anchor order by u.seq))[1] as anchor,
                    (array_agg(u.url order by u.seq))[1] as first
               from tool_run_links l join tool_run_urls u on u.id = l.from_id
              where l.run_id = $1 group by l.to_url) c
      where t.run_id = $1 and md5(t.url) = md5(c.to_url) and t.url = c.to_url`,
    [runId],
  );
  await query(
    `update tool_link_targets t
        set check_state = 'done', status = u.status_code, kind = case when u.status_code >= 400 then 'broken' else 'ok' end
       from tool_run_urls u
      where t.run_id = $1 and t.internal and t.check_state = 'pending' and u.run_id = $1
        and md5(u.url) = md5(t.url) and u.url = t.url
        and u.crawl_state = 'done' and u.error is null and not u.blocked_by_robots
        and coalesce(jsonb_array_length(u.redirects), 0) = 0 and u.status_code between 200 and 599
        and u.status_code <> 429`,
    [runId],
  );
}

/** Internal targets robots.txt forbids: not verified, and never requested, in a run or a re-check. */
const leaveForbiddenTargets = (query: QueryFn, runId: string) =>
  query(
    `update tool_link_targets t
        set check_state = 'done', kind = 'not_verified', status = null, chain = '[]',
            reason = 'robots.txt forbids crawling it: not requested'
       from tool_run_urls u
      where t.run_id = $1 and t.internal and t.check_state = 'pending' and u.run_id = $1
        and md5(u.url) = md5(t.url) and u.url = t.url
        and u.blocked_by_robots`,
    [runId],
  );

/** Asks every target still pending, a batch at a time, each host no more than the crawl would be. */
async function checkTargets(database: Database, runId: string): Promise<void> {
  // Each host name resolved once; a host that did not answer is asked no more (its links: not verified).
  const fetcher = guardedFetcherFor(loadConfig(), { keepAlive: true, lookup: cachingLookup() });
  const fetch = createPoliteness().wrap(rememberSilentHosts(engineFetch(fetcher)));
  try {
    await leaveForbiddenTargets(database.query, runId);
    for (;;) {
      const targets = await database.query<{ id: string; url: string; internal: boolean }>(
        `select id, url, internal from tool_link_targets where run_id = $1 and check_state = 'pending' order by seq limit $2`,
        [runId, LINK_BATCH],
      );
      if (targets.length === 0) return;
      await database.query('update tool_runs set heartbeat_at = now() where id = $1', [runId]);
      const verdicts = await mapLimit(targets, LINK_CONCURRENCY, async (target) => ({
        id: target.id,
        ...(await checkLinkTarget(fetch, target.url, target.internal)),
      }));
      await database.query(
        `update tool_link_targets t set check_state = 'done', kind = v.kind, status = v.status, reason = v.reason,
                chain = v.chain
           from jsonb_to_recordset($2::jsonb) as v(id uuid, kind text, status int, reason text, chain jsonb)
          where t.run_id = $1 and t.id = v.id`,
        [runId, JSON.stringify(verdicts)],
      );
    }
  } finally {
    await fetcher.close();
  }
}

/** Keeps the latest runs of a website (this one and the one it is compared with), and a few typed-in ones. */
async function pruneRuns(query: QueryFn, run: RunRow): Promise<void> {
  if (run.website_id)
    await query(
      `delete from tool_runs where id in (
         select id from tool_runs where website_id = $1 and tool = $2 and status <> 'running'
          order by created_at desc offset $3)`,
      [run.website_id, run.tool, KEEP_PER_WEBSITE],
    );
  else
    await query(
      `delete from tool_runs where id in (
         select id from tool_runs where organization_id = $1 and website_id is null and tool = $2
            and status <> 'running' order by created_at desc offset $3)`,
      [run.organization_id, run.tool, KEEP_TYPED],
    );
}
