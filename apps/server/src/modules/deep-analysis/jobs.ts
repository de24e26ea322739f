import {
  CHECKUP_MESSAGES,
  type CrawlSettings,
  DEFAULT_CRAWL_SETTINGS,
  type WebsiteSettings,
} from '@sitelens/contracts';
import {
  allChecks,
  cachingLookup,
  collectSitemapUrls,
  engineFetch,
  normaliseUrl,
  runCheckup,
  runCrawl,
} from '@sitelens/engine';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import type { ProcessType } from '../../db/schema';
import { defineJob } from '../../jobs/define-job';
import { guardedFetcherFor } from '../../platform/fetcher';
import { workerBrowserPool } from '../checkup/worker-browser';
import { createPlanLimits } from '../sales/plan-limits';
import { lockWebsite } from '../websites/service';
import { groupUrls } from './clusters';
import { recordSnapshot } from './comparison';
import { createDatabaseCrawlStore } from './crawl-store';
import { verifyExternalLinks } from './external-links';
import { runSiteChecks } from './site-checks';

/** A runner that has not said it is alive for this long is taken to be dead: another may resume. */
const RUNNER_SILENCE = '2 minutes';
/** Sitemap files and their URLs are read at most this long before the import gives up. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

interface ProcessRow {
  id: string;
  organization_id: string;
  website_id: string;
  type: ProcessType;
  status: string;
  sitemap_urls: string[];
  follow_up_id: string | null;
}

interface WebsiteRow {
  domain: string;
  homepage_url: string;
  sitemap_urls: string[];
  settings: WebsiteSettings;
}

export const crawlSettingsOf = (settings: WebsiteSettings): CrawlSettings => ({
  ...DEFAULT_CRAWL_SETTINGS,
  ...settings.crawl,
});

/**
 * Runs a Deep Analysis process (spec: Processes): a sitemap import (followed by the batch analysis
 * of what it imported), a batch or single-URL analysis (the crawl), or a domain analysis. Its
 * state is in the database: a retried job resumes where the last attempt stopped, and a second job
 * for a process that has a live runner returns at once.
 */
export const deepAnalysisJob = defineJob(
  'deep-analysis.process',
  z.object({ processId: z.uuid() }),
  async ({ processId }, { database, jobId, logger }) => {
    const process = await takeProcess(database, processId, jobId);
    if (!process) return;
    try {
      if (process.type === 'import_sitemaps') {
        const batchId = await importSitemaps(database, process, jobId);
        if (batchId) await crawlSiteOrFail(database, { ...process, id: batchId });
      } else if (process.type === 'on_page_seo_domain_analysis') await analyseDomain(database, process);
      else if (process.type === 'on_page_seo_batch_url_analysis') await crawlSiteOrFail(database, process);
      else await crawlProcess(database, process);
    } catch (error) {
      logger.error({ err: error, processId }, 'deep analysis process failed');
      throw error;
    }
  },
  // A crawl of 50,000 URLs takes hours; a dead worker's job comes back through worker liveness.
  { expireInSeconds: 12 * 3600, retryLimit: 5, retryDelay: 5 },
);

/** This job becomes the process's runner, unless a live one has it. */
async function takeProcess(database: Database, processId: string, jobId: string): Promise<ProcessRow | null> {
  // An import that finished hands its job on to the batch it started: a retried job resumes that.
  const [followUp] = await database.query<{ follow_up_id: string | null }>(
    'select follow_up_id from analysis_processes where id = $1',
    [processId],
  );
  const [row] = await database.query<ProcessRow>(
    `update analysis_processes set job_id = $2, heartbeat_at = now()
      where id = $1 and status = 'running'
        and (job_id is null or job_id = $2 or heartbeat_at < now() - interval '${RUNNER_SILENCE}')
      returning id, organization_id, website_id, type, status, sitemap_urls, follow_up_id`,
    [followUp?.follow_up_id ?? processId, jobId],
  );
  return row ?? null;
}

const completeProcess = (query: QueryFn, processId: string) =>
  query(`update analysis_processes set status = 'completed', finished_at = now() where id = $1`, [processId]);

async function websiteOf(query: QueryFn, websiteId: string): Promise<WebsiteRow> {
  const [row] = await query<WebsiteRow>(
    'select domain, homepage_url, sitemap_urls, settings from websites where id = $1',
    [websiteId],
  );
  if (!row) throw new Error(`website ${websiteId} is gone`);
  return row;
}

/** The crawl's fetcher: the server's policy, connections kept alive. */
/** A crawl's fetcher: connections kept alive, and each host name resolved once for the crawl. */
const fetcher = () => guardedFetcherFor(loadConfig(), { keepAlive: true, lookup: cachingLookup() });

/** The plan's dp_max_urls for the organization (0: Deep Analysis not in the plan). */
async function urlLimitOf(database: Database, organizationId: string): Promise<number> {
  const config = loadConfig();
  const limits = createPlanLimits({ billing: config.BILLING_PROVIDER, defaultPlanCode: config.DEFAULT_PLAN });
  return Math.max(0, await limits.limit(database.query, organizationId, 'dp_max_urls'));
}

/** Where a website's sitemaps are when neither the request nor the setup named any. */
const COMMON_SITEMAPS = ['/sitemap.xml', '/sitemap_index.xml'];

/**
 * Imports the URLs of the website's sitemaps, at most dp_max_urls in all, with the homepage as
 * the crawl's start. No URL found: the website waits for the user's URLs. Otherwise the batch
 * analysis it starts is returned, to run under the same job.
 */
async function importSitemaps(
  database: Database,
  process: ProcessRow,
  jobId: string,
): Promise<string | null> {
  const website = await websiteOf(database.query, process.website_id);
  const roots = process.sitemap_urls.length
    ? process.sitemap_urls
    : website.sitemap_urls.length
      ? website.sitemap_urls
      : COMMON_SITEMAPS.map((path) => new URL(path, website.homepage_url).href);
  const max = await urlLimitOf(database, process.organization_id);
  const [used] = await database.query<{ n: number }>(
    'select count(*)::int as n from serviceable_urls where website_id = $1',
    [process.website_id],
  );
  const room = Math.max(0, max - (used?.n ?? 0));
  const own = guardedFetcherFor(loadConfig());
  const found = await collectSitemapUrls(engineFetch(own), roots, {
    site: website.domain,
    maxUrls: room,
    signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
  });
  await own.close();
  return database.transaction(async (query) => {
    await storeImportedUrls(query, process, website.homepage_url, found.urls, room);
    if (found.urls.length === 0) {
      await query(`update websites set status = 'waiting_for_user_input', updated_at = now() where id = $1`, [
        process.website_id,
      ]);
      await completeProcess(query, process.id);
      return null;
    }
    await query(`update websites set status = 'completed', updated_at = now() where id = $1`, [
      process.website_id,
    ]);
    const batchId = await startBatch(query, process, jobId);
    await query(
      `update analysis_processes set status = 'completed', finished_at = now(), follow_up_id = $2,
              subprocesses_count = $3 where id = $1`,
      [process.id, batchId, found.urls.length],
    );
    return batchId;
  });
}

/**
 * Stores a website's sitemap URLs and makes the homepage the crawl's start (click depth 0), listed
 * in a sitemap or not, while dp_max_urls leaves room. Nothing found: nothing stored.
 */
export async function storeImportedUrls(
  query: QueryFn,
  target: { organization_id: string; website_id: string },
  homepageUrl: string,
  urls: readonly string[],
  room: number,
): Promise<void> {
  for (let start = 0; start < urls.length; start += 5000)
    await query(
      `insert into serviceable_urls (organization_id, website_id, url, source, in_sitemap)
       select $1, $2, u.url, 'sitemap', true from unnest($3::text[]) as u(url)
       on conflict (website_id, md5(url)) do update set in_sitemap = true`,
      [target.organization_id, target.website_id, urls.slice(start, start + 5000)],
    );
  const homepage = normaliseUrl(homepageUrl);
  if (urls.length === 0 || !homepage) return;
  if (urls.includes(homepage))
    await query(
      'update serviceable_urls set depth = 0 where website_id = $1 and md5(url) = md5($2) and url = $2',
      [target.website_id, homepage],
    );
  else if (urls.length < room)
    await query(
      `insert into serviceable_urls (organization_id, website_id, url, source, depth)
       values ($1, $2, $3, 'link', 0) on conflict (website_id, md5(url)) do update set depth = 0`,
      [target.organization_id, target.website_id, homepage],
    );
}

/** A batch analysis of every pending URL, run by `jobId`. */
async function startBatch(query: QueryFn, process: ProcessRow, jobId: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    `insert into analysis_processes (organization_id, website_id, type, job_id, heartbeat_at, subprocesses_count)
     values ($1, $2, 'on_page_seo_batch_url_analysis', $3, now(),
             (select count(*) from serviceable_urls where website_id = $2 and crawl_state <> 'done'))
     returning id`,
    [process.organization_id, process.website_id, jobId],
  );
  return row!.id;
}

/**
 * The crawl: what is pending for the website is fetched and judged, then the crawl-wide checks run.
 * URLs added meanwhile (typed in, or found by links after the crawl ran dry) are crawled before
 * the process completes; the check and the completion share the website's lock with those adds.
 */
export async function crawlProcess(
  database: Database,
  process: Pick<ProcessRow, 'id' | 'website_id' | 'organization_id'>,
  /** `sitelens crawl` sets its own cap; a website's crawl has its plan's. */
  limits: { maxUrls?: number } = {},
) {
  // What an earlier runner had taken when it died is handed out again.
  await database.query(
    `update serviceable_urls set crawl_state = 'pending' where website_id = $1 and crawl_state = 'taken'`,
    [process.website_id],
  );
  const website = await websiteOf(database.query, process.website_id);
  const settings = crawlSettingsOf(website.settings);
  const maxUrls = limits.maxUrls ?? (await urlLimitOf(database, process.organization_id));
  const own = fetcher();
  const config = loadConfig();
  try {
    for (;;) {
      await runCrawl({
        site: website.domain,
        store: createDatabaseCrawlStore(database, {
          websiteId: process.website_id,
          organizationId: process.organization_id,
          processId: process.id,
          followLinks: settings.follow_links,
          maxUrls,
        }),
        fetcher: own,
        checks: allChecks,
        politeness: settings.urls_per_second ? { urlsPerSecond: settings.urls_per_second } : {},
        browser:
          settings.browser_sample > 0
            ? {
                pool: workerBrowserPool(config.CHROMIUM_PATH, guardedFetcherFor(config)),
                sample: settings.browser_sample,
              }
            : null,
      });
      // The pages are done: their links to other sites are verified now, each once, within a budget.
      await verifyExternalLinks(database, process, engineFetch(own));
      await runSiteChecks(database, process.website_id);
      await groupUrls(database, process.website_id);
      const done = await database.transaction(async (query) => {
        await lockWebsite(query, process.website_id);
        const [left] = await query<{ n: number }>(
          `select count(*)::int as n from serviceable_urls where website_id = $1 and crawl_state <> 'done'`,
          [process.website_id],
        );
        if ((left?.n ?? 0) > 0) return false;
        await completeProcess(query, process.id);
        await recordSnapshot(query, process.website_id, process.id);
        return true;
      });
      if (done) return;
    }
  } finally {
    await own.close();
  }
}

/** Bytes of the homepage read to know the site answers, before the crawl of every URL starts. */
const HOMEPAGE_PROBE_BYTES = 64 * 1024;

/**
 * A crawl of every URL (a batch) starts by reading the homepage. A site that does not resolve,
 * refuses, times out, fails TLS or answers 5xx there is not crawled: the process fails with the
 * cause, and the URLs keep the last crawl's results (done again, as they were), so the figures
 * stay those of a crawl that reached the site.
 */
async function crawlSiteOrFail(
  database: Database,
  process: Pick<ProcessRow, 'id' | 'website_id' | 'organization_id'>,
) {
  const website = await websiteOf(database.query, process.website_id);
  const failure = await homepageFailure(website.homepage_url);
  if (!failure) return crawlProcess(database, process);
  await database.transaction(async (query) => {
    await lockWebsite(query, process.website_id);
    await query(
      `update analysis_processes set status = 'failed', error = $2, finished_at = now() where id = $1`,
      [process.id, failure],
    );
    await query(
      `update serviceable_urls set crawl_state = 'done'
        where website_id = $1 and crawl_state <> 'done' and analysed_at is not null`,
      [process.website_id],
    );
  });
}

/** Why the homepage could not be read (the checkup's "We cannot access…" with the cause), or null. */
async function homepageFailure(homepageUrl: string): Promise<string | null> {
  const own = guardedFetcherFor(loadConfig());
  try {
    const answer = await own.fetchPage(homepageUrl, {
      method: 'GET',
      maxBytes: HOMEPAGE_PROBE_BYTES,
      truncate: true,
      followRedirects: true,
    });
    return answer.status >= 500
      ? CHECKUP_MESSAGES.cannotAccessBecause(homepageUrl, `it answered with HTTP ${answer.status}`)
      : null;
  } catch (error) {
    return CHECKUP_MESSAGES.cannotAccessBecause(homepageUrl, (error as Error).message);
  } finally {
    await own.close();
  }
}

/** The domain analysis: the origin's checks judged again, then the crawl-wide pass. */
async function analyseDomain(database: Database, process: ProcessRow): Promise<void> {
  const website = await websiteOf(database.query, process.website_id);
  const own = fetcher();
  try {
    const origin = new URL(website.homepage_url).origin;
    const report = await runCheckup({
      url: website.homepage_url,
      fetcher: own,
      checks: allChecks.filter((check) => check.scope === 'origin'),
      browser: false,
    });
    const store = createDatabaseCrawlStore(database, {
      websiteId: process.website_id,
      organizationId: process.organization_id,
      processId: process.id,
      followLinks: false,
      maxUrls: 0,
    });
    await store.completeOrigin?.(origin, report.results);
  } finally {
    await own.close();
  }
  await runSiteChecks(database, process.website_id);
  await database.transaction((query) => recordSnapshot(query, process.website_id, process.id));
  await completeProcess(database.query, process.id);
}
