import { CHECKUP_MESSAGES, type ReportOverview } from '@sitelens/contracts';
import {
  allChecks,
  type BrowserPool,
  type CheckResult,
  checkMeta,
  FetchRefused,
  type GuardedFetcher,
  PageUnreachableError,
  runCheckup,
} from '@sitelens/engine';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { QueryFn } from '../../db/client';
import { jsonParam } from '../../db/json-param';
import { defineJob } from '../../jobs/define-job';
import { guardedFetcherFor } from '../../platform/fetcher';
import { createSeoDataFromConfig } from '../../providers/seo-data';
import { checkupSeoData } from '../keywords/checkup-data';
import { workerBrowserPool } from './worker-browser';

/** The outside data the engine's provider checks read (only the keyword and backlink source so far). */
type CheckupProviders = { seoData: ReturnType<typeof checkupSeoData> };

/** The section result the API serves: the verdict, the check's texts and its own fields. */
export function sectionResult(result: CheckResult): Record<string, unknown> {
  const meta = checkMeta.get(result.key);
  const texts = {
    how_to_fix: meta?.howToFix ?? '',
    how_to_fix_video: null,
    relevance: meta?.relevance ?? 0,
    recommendation: meta?.recommendation ?? '',
    description: meta?.description ?? '',
  };
  if (result.status === 'skipped') return { status: 'skipped', message: result.reason, ...texts };
  if (result.status === 'error') return { status: 'skipped', message: result.message, error: true, ...texts };
  return { ...result.data, status: result.status, message: result.message, ...texts };
}

const WEIGHT = { passed: 1, warning: 0.5, failed: 0 } as const;

/**
 * The spec's overview from the stored sections: counts and the relevance-weighted score. A section
 * judged neither way (skipped: not applicable, or not judged) counts as not applicable.
 */
export function overviewOf(
  rows: { status: string; result: { relevance?: number } }[],
  allSections: boolean,
): ReportOverview {
  let total = 0;
  let earned = 0;
  const counts = { passed: 0, warning: 0, failed: 0, not_applicable: 0 };
  for (const row of rows) {
    if (!(row.status in WEIGHT)) {
      counts.not_applicable++;
      continue;
    }
    const status = row.status as keyof typeof WEIGHT;
    counts[status]++;
    const relevance = row.result.relevance ?? 0;
    total += relevance;
    earned += relevance * WEIGHT[status];
  }
  return {
    score: total === 0 ? 0 : Math.round((earned / total) * 100),
    ...counts,
    has_all_sections: allSections,
  };
}

/** The guarded fetcher's refusal of a private, loopback or otherwise non-public address, if that is why. */
function refusedAddress(error: unknown): FetchRefused | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof FetchRefused && cause.code === 'forbidden-address') return cause;
  }
  return null;
}

interface Target {
  id: string;
  url: string;
  role: 'main' | 'competitor';
  status: string;
}

/**
 * Runs one report: the main URL, then each competitor, with the same sections. Each section is
 * written once (a retried job keeps what the first attempt wrote); finished targets are skipped.
 */
export const runReportJob = defineJob(
  'checkup.run',
  z.object({ reportId: z.uuid() }),
  async ({ reportId }, { database, logger }) => {
    const config = loadConfig();
    const [report] = await database.query<{ sections: string[]; status: string; organization_id: string }>(
      'select sections, status, organization_id from reports where id = $1',
      [reportId],
    );
    if (report?.status !== 'running') return;
    const targets = await database.query<Target>(
      'select id, url, role, status from report_targets where report_id = $1 order by position',
      [reportId],
    );
    const fetcher = guardedFetcherFor(config);
    const allSections = report.sections.length === allChecks.length;
    // The provider checks read the data source when one is configured, charged to the report's organization.
    const seoData = createSeoDataFromConfig(config, database, logger);
    const providers = seoData.provider
      ? { seoData: checkupSeoData(database, seoData, report.organization_id) }
      : undefined;
    for (const target of targets) {
      if (target.status !== 'running') continue;
      try {
        await checkTarget(
          database.query,
          target,
          report.sections,
          fetcher,
          workerBrowserPool(config.CHROMIUM_PATH, fetcher),
          allSections,
          providers,
        );
      } catch (error) {
        const refused = refusedAddress(error);
        const message = refused
          ? CHECKUP_MESSAGES.refusedAddress(target.url, refused.message)
          : target.role === 'main'
            ? CHECKUP_MESSAGES.cannotAccess(target.url)
            : CHECKUP_MESSAGES.competitorFailed(target.url);
        if (!(error instanceof PageUnreachableError))
          logger.error({ err: error, reportId, url: target.url }, 'checkup failed');
        await database.query(
          `update report_targets set status = 'failed', error = $2, finished_at = now() where id = $1`,
          [target.id, message],
        );
        if (target.role === 'main') {
          await database.query(
            `update reports set status = 'failed', error = $2, finished_at = now() where id = $1`,
            [reportId, message],
          );
          return;
        }
      }
    }
    await database.query(
      `update reports set status = 'done', finished_at = now() where id = $1 and status = 'running'`,
      [reportId],
    );
  },
  { retryLimit: 2, retryDelay: 5, expireInSeconds: 10 * 60, concurrency: 2 },
);

async function checkTarget(
  query: QueryFn,
  target: Target,
  sections: string[],
  fetcher: GuardedFetcher,
  browserPool: BrowserPool,
  allSections: boolean,
  providers?: CheckupProviders,
): Promise<void> {
  const write = (key: string, result: Record<string, unknown>) =>
    query(
      `insert into report_sections (target_id, section_key, status, result) values ($1, $2, $3, $4)
       on conflict (target_id, section_key) do nothing`,
      [target.id, key, result.status, jsonParam(result)],
    );
  // The snapshot section is written after its PNG, so its snapshot_url always resolves.
  let snapshotSection: Record<string, unknown> | null = null;
  const pending: Promise<unknown>[] = [];
  const report = await runCheckup({
    url: target.url,
    sections,
    fetcher,
    browserPool,
    ...(providers ? { providers } : {}),
    onSection: ({ result }) => {
      const stored = sectionResult(result);
      if (result.key === 'mobile-snapshot') snapshotSection = stored;
      else pending.push(write(result.key, stored));
    },
  });
  await Promise.all(pending);
  if (report.screenshots.mobile) {
    await query(
      'insert into report_snapshots (target_id, png) values ($1, $2) on conflict (target_id) do nothing',
      [target.id, report.screenshots.mobile],
    );
  }
  if (snapshotSection) await write('mobile-snapshot', snapshotSection);
  const rows = await query<{ status: string; result: { relevance?: number } }>(
    'select status, result from report_sections where target_id = $1',
    [target.id],
  );
  await query(
    `update report_targets set status = 'done', final_url = $2, overview = $3, finished_at = now() where id = $1`,
    [target.id, report.finalUrl, jsonParam(overviewOf(rows, allSections))],
  );
}
