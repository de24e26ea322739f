import {
  CHECKUP_MESSAGES,
  type OverviewRow,
  type Report,
  type ReportOverview,
  type ReportStructure,
  type SectionReply,
  type StartReportBody,
  type StartReportReply,
} from '@sitelens/contracts';
import { allChecks, reportStructure } from '@sitelens/engine';
import type { Database, QueryFn } from '../../db/client';
import type { ReportStatus } from '../../db/schema/checkup';
import { AppError } from '../../errors';
import { type AuthContext, organizationOf } from '../../http/authenticate';
import type { Queue } from '../../jobs/queue';
import type { PlanLimits } from '../sales/plan-limits';
import { schemeForBareAddress } from './bare-address';
import { overviewOf, runReportJob } from './jobs';
import { OVERVIEWS, type OverviewsSqlRow, overviewRow } from './overviews-query';
import { type ReportPdfInput, renderReportPdf } from './report-pdf';

export interface CheckupDeps {
  database: Database;
  queue: Queue;
  planLimits: PlanLimits;
}

/** How long `GET /report/{guid}/{section}` waits for a section still being computed. */
export const SECTION_WAIT_MS = 25_000;
const POLL_MS = 250;

const sectionKeys = new Set(allChecks.map((check) => check.key));

/** `GET /api/report/sections`: the engine's catalogue; `fields` narrows each section's fields. */
export function structure(fields?: string): ReportStructure {
  const wanted = fields
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return {
    categories: reportStructure().map((category) => ({
      key: category.key,
      title: category.title,
      sections: category.sections.map((section) =>
        wanted?.length
          ? (Object.fromEntries(
              Object.entries(section).filter(([name]) => name === 'key' || wanted.includes(name)),
            ) as typeof section)
          : section,
      ),
    })),
  };
}

/** The URL as the report stores and compares it: parsed and re-serialised. */
const normalise = (url: string) => new URL(url).href;

/**
 * `POST /api/report`: checks the plan's limits, writes the report and its targets, and queues the
 * job; the caller gets the guid at once and reads sections as they arrive.
 */
export async function startReport(
  deps: CheckupDeps,
  caller: AuthContext,
  body: Required<Omit<StartReportBody, 'https_assumed' | 'competitors_https_assumed'>> &
    Pick<StartReportBody, 'https_assumed' | 'competitors_https_assumed'>,
  /** Set when a tracked website's wizard starts it: the report then belongs to that website. */
  origin: { websiteId: string; source: string } | null = null,
): Promise<StartReportReply> {
  const organizationId = organizationOf(caller);
  const unknown = body.sections.filter((key) => !sectionKeys.has(key));
  if (unknown.length > 0) {
    throw new AppError('bad_request', `sections: unknown section ${unknown.map((k) => `"${k}"`).join(', ')}`);
  }
  // Bare addresses (typed without a scheme) are checked over http where https cannot connect.
  const assumed = (address: string, flag: boolean | undefined) =>
    flag ? schemeForBareAddress(normalise(address)) : { url: normalise(address), note: null };
  const [main, ...rivals] = await Promise.all([
    assumed(body.url, body.https_assumed),
    ...body.competitors.map((c, i) => assumed(c, body.competitors_https_assumed?.[i])),
  ]);
  const url = main!.url;
  const notes = [main!, ...rivals].flatMap((scheme) => (scheme.note ? [scheme.note] : []));
  const sections = body.sections.length ? [...new Set(body.sections)] : [...sectionKeys];
  // Empty entries are dropped by the schema; duplicates and the main URL itself are not competitors.
  const competitors = [...new Set(rivals.map((rival) => rival.url))].filter((c) => c !== url);

  const guid = await deps.database.transaction(async (query) => {
    if (competitors.length > 0)
      await deps.planLimits.requireBelow(query, organizationId, 'max_competitors', competitors.length - 1);
    await deps.planLimits.withinLimit(query, organizationId, 'seo_analysis_limit', () =>
      checkupsThisPeriod(deps.planLimits, query, organizationId),
    );
    const [report] = await query<{ id: string }>(
      `insert into reports (organization_id, user_id, url, sections, website_id, source)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        organizationId,
        caller.userId,
        url,
        JSON.stringify(sections),
        origin?.websiteId ?? null,
        origin?.source ?? null,
      ],
    );
    const targets = [url, ...competitors];
    for (const [position, target] of targets.entries()) {
      await query('insert into report_targets (report_id, url, role, position) values ($1, $2, $3, $4)', [
        report!.id,
        target,
        position === 0 ? 'main' : 'competitor',
        position,
      ]);
    }
    // One job per report, queued with its rows: a report never waits for a job that was not sent.
    // A retried job finds the sections already written and keeps them.
    await deps.queue.send(
      runReportJob,
      { reportId: report!.id },
      { singletonKey: report!.id, transaction: query },
    );
    return report!.id;
  });
  deps.queue.wake(runReportJob);
  return { guid, url, competitor_urls: competitors, sections, scheme_note: notes.join(' ') || null };
}

/**
 * The checkups the organization used this billing period: its reports, and the runs of the
 * webmaster tools (Broken Links, the Sitemap Generator), which count as checkups.
 */
export async function checkupsThisPeriod(
  planLimits: CheckupDeps['planLimits'],
  query: QueryFn,
  organizationId: string,
): Promise<number> {
  const plan = await planLimits.ofOrganization(query, organizationId);
  const since = plan.periodStartedAt ?? new Date(0);
  const [row] = await query<{ count: string }>(
    `select (select count(*) from reports where organization_id = $1 and created_at >= $2)
          + (select count(*) from tool_runs where organization_id = $1 and created_at >= $2) as count`,
    [organizationId, since],
  );
  return Number(row?.count ?? 0);
}

interface ReportRow {
  id: string;
  url: string;
  sections: string[];
  status: ReportStatus;
  error: string | null;
  created_at: Date;
}

interface TargetRow {
  id: string;
  url: string;
  role: 'main' | 'competitor';
  status: ReportStatus;
  error: string | null;
  overview: ReportOverview | null;
}

async function findReport(query: QueryFn, organizationId: string, guid: string): Promise<ReportRow> {
  const [report] = await query<ReportRow>(
    'select id, url, sections, status, error, created_at from reports where id = $1 and organization_id = $2',
    [guid, organizationId],
  );
  if (!report) throw new AppError('not_found', CHECKUP_MESSAGES.noReport);
  return report;
}

async function targetsOf(query: QueryFn, reportId: string): Promise<TargetRow[]> {
  return query<TargetRow>(
    'select id, url, role, status, error, overview from report_targets where report_id = $1 order by position',
    [reportId],
  );
}

function targetFor(targets: TargetRow[], url?: string): TargetRow {
  const wanted = url ? safeNormalise(url) : null;
  const target = wanted ? targets.find((t) => t.url === wanted) : targets.find((t) => t.role === 'main');
  if (!target) throw new AppError('not_found', CHECKUP_MESSAGES.noReport);
  return target;
}

function safeNormalise(url: string): string | null {
  try {
    return normalise(url);
  } catch {
    return null;
  }
}

export type SectionAnswer = { ready: true; reply: SectionReply } | { ready: false };

/**
 * `GET /api/report/{guid}/{section}`: the section's result for the main URL or `url`, waiting up
 * to 25 s while it is being computed. A target that could not be checked answers 404 with why.
 */
export async function readSection(
  deps: CheckupDeps,
  caller: AuthContext,
  guid: string,
  section: string,
  url?: string,
  waitMs = SECTION_WAIT_MS,
): Promise<SectionAnswer> {
  const organizationId = organizationOf(caller);
  const report = await findReport(deps.database.query, organizationId, guid);
  if (!report.sections.includes(section)) throw new AppError('not_found', CHECKUP_MESSAGES.noReport);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const target = targetFor(await targetsOf(deps.database.query, report.id), url);
    const [row] = await deps.database.query<{ result: Record<string, unknown> }>(
      'select result from report_sections where target_id = $1 and section_key = $2',
      [target.id, section],
    );
    if (row) {
      return {
        ready: true,
        reply: {
          ...passRateOf(await passRates(deps.database.query, [section]), section),
          result: withSnapshot(row.result, section, guid, target.url) as SectionReply['result'],
        },
      };
    }
    if (target.status === 'failed')
      throw new AppError('not_found', target.error ?? CHECKUP_MESSAGES.noReport);
    if (target.status === 'done') throw new AppError('not_found', CHECKUP_MESSAGES.noReport);
    if (Date.now() >= deadline) return { ready: false };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The mobile snapshot's address, served by `GET /api/report/{guid}/snapshot`. */
function withSnapshot(result: Record<string, unknown>, section: string, guid: string, url: string) {
  if (section !== 'mobile-snapshot' || result.status === 'skipped') return result;
  return { ...result, snapshot_url: `/api/report/${guid}/snapshot?url=${encodeURIComponent(url)}` };
}

type PassRate = Pick<SectionReply, 'top_100_pass_rate' | 'pass_rate_sample'>;

/**
 * The latest measured pass rate of each of `sections` (of every section without it), in one query,
 * with the sites it was measured on.
 */
async function passRates(query: QueryFn, sections: string[] | null = null): Promise<Map<string, PassRate>> {
  const rows = await query<{
    section_key: string;
    rate: number;
    sites: number;
    measured_on: string;
    sample_name: string | null;
  }>(
    `select distinct on (section_key) section_key, rate, sites, measured_on::text as measured_on, sample_name
       from pass_rates
      where ($1::text[] is null or section_key = any($1::text[]))
      order by section_key, measured_on desc`,
    [sections],
  );
  return new Map(
    rows.map((row) => [
      row.section_key,
      {
        top_100_pass_rate: Number(row.rate),
        pass_rate_sample: { name: row.sample_name, sites: row.sites, measured_on: row.measured_on },
      },
    ]),
  );
}

/** A section's pass rate and its sample, or none measured. */
const passRateOf = (rates: Map<string, PassRate>, section: string): PassRate =>
  rates.get(section) ?? { top_100_pass_rate: null, pass_rate_sample: null };

/** Every stored section reply of a finished report, by target URL and section key. */
async function allResults(query: QueryFn, guid: string): Promise<NonNullable<Report['results']>> {
  const [rows, rates] = await Promise.all([
    query<{ url: string; section_key: string; result: Record<string, unknown> }>(
      `select t.url, s.section_key, s.result
         from report_sections s join report_targets t on t.id = s.target_id
        where t.report_id = $1 and t.status = 'done'`,
      [guid],
    ),
    passRates(query),
  ]);
  const results: NonNullable<Report['results']> = {};
  for (const row of rows) {
    results[row.url] ??= {};
    results[row.url]![row.section_key] = {
      ...passRateOf(rates, row.section_key),
      result: withSnapshot(row.result, row.section_key, guid, row.url) as SectionReply['result'],
    };
  }
  return results;
}

/** The PNG of a target's mobile snapshot. */
export async function readSnapshot(
  deps: CheckupDeps,
  caller: AuthContext,
  guid: string,
  url?: string,
): Promise<Buffer> {
  return snapshotOf(deps.database.query, organizationOf(caller), guid, url);
}

/** The PNG of the mobile snapshot of report `guid` (its main URL, or `url`) of the organization. */
export async function snapshotOf(query: QueryFn, organizationId: string, guid: string, url?: string) {
  const report = await findReport(query, organizationId, guid);
  const target = targetFor(await targetsOf(query, report.id), url);
  const [row] = await query<{ png: Buffer | Uint8Array }>(
    'select png from report_snapshots where target_id = $1',
    [target.id],
  );
  if (!row) throw new AppError('not_found', 'No snapshot for this url');
  return Buffer.from(row.png);
}

/**
 * `GET /api/report/v2`: a report with its overview, competitors and important fixes; with
 * `include=results` and once it has finished, every section's reply too.
 */
export async function readReport(
  deps: CheckupDeps,
  caller: AuthContext,
  guid: string,
  url?: string,
  include?: 'results',
): Promise<Report> {
  return reportOf(deps.database.query, organizationOf(caller), guid, url, include);
}

/** The report `guid` of the organization as `GET /report/v2` answers it (also for a shared report). */
export async function reportOf(
  query: QueryFn,
  organizationId: string,
  guid: string,
  url?: string,
  include?: 'results',
): Promise<Report> {
  const report = await findReport(query, organizationId, guid);
  const targets = await targetsOf(query, report.id);
  const main = targetFor(targets, url);
  const fixes = await query<{
    section_key: string;
    result: { relevance?: number; recommendation?: string };
  }>(`select section_key, result from report_sections where target_id = $1 and status = 'failed'`, [main.id]);
  return {
    guid: report.id,
    url: main.url,
    status: main.role === 'main' ? report.status : main.status,
    error: main.error ?? report.error,
    created_at: new Date(report.created_at).toISOString(),
    sections: report.sections,
    overview: main.overview,
    competitor_guids: [],
    competitor_urls: targets.filter((t) => t.role === 'competitor').map((t) => t.url),
    competitors: targets
      .filter((t) => t.role === 'competitor')
      .map((t) => ({ url: t.url, status: t.status, error: t.error, overview: t.overview })),
    important_fixes: fixes
      .map((f) => ({
        section_key: f.section_key,
        relevance: f.result.relevance ?? 0,
        recommendation: f.result.recommendation ?? '',
      }))
      .filter((f) => f.relevance > 0 && f.recommendation.trim() !== '')
      .sort((a, b) => b.relevance - a.relevance),
    ...(include === 'results' && report.status !== 'running'
      ? { results: await allResults(query, report.id) }
      : {}),
  };
}

/** `POST /api/report/v2/save`: marks the report saved; its overviews are the server's own. */
export async function saveReport(deps: CheckupDeps, caller: AuthContext, guid: string): Promise<void> {
  const organizationId = organizationOf(caller);
  await findReport(deps.database.query, organizationId, guid);
  await deps.database.query('update reports set saved_at = coalesce(saved_at, now()) where id = $1', [guid]);
}

/** Archived overview rows of finished reports (main URLs), newest first, for a date range. */
export async function overviews(
  deps: CheckupDeps,
  caller: AuthContext,
  range: { url?: string; start_date: string; end_date: string },
  role: 'main' | 'competitor' = 'main',
  urls?: string[],
): Promise<OverviewRow[]> {
  const organizationId = organizationOf(caller);
  const wanted =
    urls?.map(safeNormalise).filter((u): u is string => u !== null) ??
    (range.url ? [safeNormalise(range.url)] : null);
  const rows = await deps.database.query<OverviewsSqlRow>(OVERVIEWS, [
    organizationId,
    role,
    range.start_date,
    range.end_date,
    wanted,
  ]);
  return rows.map(overviewRow);
}

const URL_PAGE = 50;
/** Domains the white-label cascader lists at most. */
const DOMAIN_LIST_MAX = 1000;

/** `GET /api/report/v2/domains`: the hosts (without www.) of the organization's finished reports. */
export async function reportDomains(deps: CheckupDeps, caller: AuthContext): Promise<{ domains: string[] }> {
  const rows = await deps.database.query<{ domain: string }>(
    `select distinct domain from (
       select regexp_replace(lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\\.', '') as domain
         from reports where organization_id = $1 and status = 'done') d
      where domain is not null order by domain limit $2`,
    [organizationOf(caller), DOMAIN_LIST_MAX],
  );
  return { domains: rows.map((row) => row.domain) };
}

/**
 * LIKE patterns (for `url like any(…)`) of the URLs on `domain` and on its www. host, any port.
 * The domain's own % and _ match only themselves.
 */
export function domainUrlPatterns(domain: string): string[] {
  const host = domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return [`%://${host}/%`, `%://${host}:%`, `%://www.${host}/%`, `%://www.${host}:%`];
}

/** `GET /api/report/v2/urls`: URLs with finished reports on a domain, 50 at a time. */
export async function reportUrls(
  deps: CheckupDeps,
  caller: AuthContext,
  domain: string,
  nextToken?: string,
): Promise<{ urls: string[]; next_token: string | null }> {
  const organizationId = organizationOf(caller);
  const offset = nextToken ? Number(Buffer.from(nextToken, 'base64url').toString()) : 0;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new AppError('bad_request', 'next_token: Not a token this list gave');
  const rows = await deps.database.query<{ url: string }>(
    `select distinct url from reports
      where organization_id = $1 and status = 'done'
        and (url like any($2::text[]))
      order by url limit $3 offset $4`,
    [organizationId, domainUrlPatterns(domain), URL_PAGE + 1, offset],
  );
  const more = rows.length > URL_PAGE;
  return {
    urls: rows.slice(0, URL_PAGE).map((r) => r.url),
    next_token: more ? Buffer.from(String(offset + URL_PAGE)).toString('base64url') : null,
  };
}

/** The guid of the latest finished report whose main URL is `url`, or null. */
export async function latestReportGuid(query: QueryFn, organizationId: string, url: string) {
  const wanted = safeNormalise(url) ?? url;
  const [row] = await query<{ id: string }>(
    `select id from reports where organization_id = $1 and md5(url) = md5($2) and url = $2 and status = 'done'
      order by created_at desc limit 1`,
    [organizationId, wanted],
  );
  return row?.id ?? null;
}

/** `GET /api/report/{guid}/pdf`: the finished report as a PDF a client can be sent. */
export async function reportPdf(deps: CheckupDeps, caller: AuthContext, guid: string, url?: string) {
  return reportPdfOf(deps.database.query, organizationOf(caller), guid, url);
}

/** The finished report as a PDF, with a white-label template's branding when one is given. */
export async function reportPdfOf(
  query: QueryFn,
  organizationId: string,
  guid: string,
  url?: string,
  branding?: ReportPdfInput['branding'],
): Promise<{ pdf: Buffer; fileName: string }> {
  const { input, fileName } = await reportDocument(query, organizationId, guid, url);
  return { pdf: await renderReportPdf({ ...input, branding }), fileName };
}

/**
 * The finished report `guid` of the organization (its main URL, or `url` among its targets) as the
 * report renderers take it: its checks by category with their scores, the issues to fix, the
 * competitors and the mobile snapshot. 404 when it is not finished.
 */
export async function reportDocument(
  query: QueryFn,
  organizationId: string,
  guid: string,
  url?: string,
): Promise<{ input: ReportPdfInput; fileName: string }> {
  const report = await findReport(query, organizationId, guid);
  const targets = await targetsOf(query, report.id);
  const main = targetFor(targets, url);
  if (main.status !== 'done' || !main.overview) throw new AppError('not_found', CHECKUP_MESSAGES.noReport);
  const rows = await query<{ section_key: string; result: Record<string, unknown> }>(
    'select section_key, result from report_sections where target_id = $1',
    [main.id],
  );
  const byKey = new Map(rows.map((row) => [row.section_key, row.result]));
  const [snapshot] = await query<{ png: Buffer | Uint8Array }>(
    'select png from report_snapshots where target_id = $1',
    [main.id],
  );
  const titles = new Map(allChecks.map((check) => [check.key, check.title]));
  const categories = reportStructure()
    .map((category) => {
      const checks = category.sections
        .filter((section) => byKey.has(section.key))
        .map((section) => {
          const result = byKey.get(section.key)!;
          return {
            key: section.key,
            title: section.title,
            status: result.status as 'passed' | 'warning' | 'failed' | 'skipped',
            message: String(result.message ?? ''),
            recommendation: String(result.recommendation ?? ''),
            relevance: Number(result.relevance ?? 0),
            data: result,
          };
        });
      return { key: category.key, title: category.title, checks };
    })
    .filter((category) => category.checks.length > 0)
    .map((category) => ({
      ...category,
      score: overviewOf(
        category.checks.map((c) => ({ status: c.status, result: { relevance: c.relevance } })),
        false,
      ).score,
    }));
  const fixes = categories
    .flatMap((c) => c.checks)
    .filter((check) => check.status === 'failed' && check.relevance > 0 && check.recommendation.trim())
    .sort((a, b) => b.relevance - a.relevance)
    .map((check) => ({
      section_key: check.key,
      title: titles.get(check.key) ?? check.key,
      relevance: check.relevance,
      recommendation: check.recommendation,
    }));
  const input: ReportPdfInput = {
    url: main.url,
    createdAt: new Date(report.created_at),
    overview: main.overview,
    categories: categories.map(({ key, title, score, checks }) => ({
      key,
      title,
      score,
      checks: checks.map(({ relevance: _relevance, ...check }) => check),
    })),
    importantFixes: fixes,
    competitors: targets
      .filter((t) => t.role === 'competitor')
      .map((t) => ({ url: t.url, score: t.overview?.score ?? null, error: t.error })),
    snapshotPng: snapshot ? Buffer.from(snapshot.png) : null,
  };
  const host = new URL(main.url).hostname;
  return {
    input,
    fileName: `seo-checkup-${host}-${new Date(report.created_at).toISOString().slice(0, 10)}.pdf`,
  };
}
