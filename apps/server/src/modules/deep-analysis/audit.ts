import {
  type AffectedCluster,
  type AffectedCounts,
  type AffectedUrlsReply,
  ALL_CLUSTERS,
  DEEP_ANALYSIS_AUDIT_MESSAGES as AUDIT,
  type AuditDomainReport,
  type AuditUrlReport,
  DEEP_ANALYSIS_MESSAGES,
  type DomainChecksReply,
  type FailedCheck,
  type FailedChecksReply,
  impactOf,
  priorityOf,
  type ReportStructure,
  type SectionResult,
  type SeoTest,
  UNGROUPED_CLUSTER,
} from '@sitelens/contracts';
import { allChecks, CATEGORIES, type CheckMeta, type CheckResult, checkMeta } from '@sitelens/engine';
import type { QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import { overviewOf, sectionResult } from '../checkup/jobs';
import { structure } from '../checkup/service';
import { BY_URL_ID, requireGroup, URL_COLUMNS, type UrlRow, urlPage, websiteOf } from './service';
import { asResult } from './site-checks';

/** Report order of the checks, to list results and break ties the way the report shows them. */
const ORDER = new Map(allChecks.map((check, position) => [check.key, position]));
const byReportOrder = (a: string, b: string) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0);

/** Checks judged per URL (stored in url_check_results): the page checks and the crawl-wide [C] ones. */
export const URL_CHECK_KEYS = allChecks.filter((check) => check.scope !== 'origin').map((check) => check.key);

/** The check of `key`; an unknown one answers 404 'Unknown test type' (spec 8). */
export function checkOf(key: string): CheckMeta {
  const meta = checkMeta.get(key);
  if (!meta) throw new AppError('not_found', AUDIT.unknownTest);
  return meta;
}

interface StoredResult {
  check_key: string;
  status: string;
  message: string;
  data: Record<string, unknown>;
}

const render = (result: CheckResult) => sectionResult(result) as SectionResult;

/** Section results by key in report order; a result of a check the engine no longer has is left out. */
function sectionsOf(rows: readonly StoredResult[]): Record<string, SectionResult> {
  const results: Record<string, SectionResult> = {};
  for (const row of [...rows].sort((a, b) => byReportOrder(a.check_key, b.check_key)))
    if (checkMeta.has(row.check_key) && !(row.check_key in results))
      results[row.check_key] = render(asResult(row.check_key, row));
  return results;
}

/** Spec 9: failed sections with relevance above 0 and a recommendation, most relevant first. */
function importantFixesOf(results: Record<string, SectionResult>, tieBreak?: (key: string) => number) {
  return Object.entries(results)
    .filter(([, r]) => r.status === 'failed' && r.relevance > 0 && r.recommendation.trim() !== '')
    .map(([key, r]) => ({ section_key: key, relevance: r.relevance, recommendation: r.recommendation }))
    .sort(
      (a, b) =>
        b.relevance - a.relevance ||
        (tieBreak ? tieBreak(b.section_key) - tieBreak(a.section_key) : 0) ||
        byReportOrder(a.section_key, b.section_key),
    );
}

const overviewFor = (results: Record<string, SectionResult>) =>
  overviewOf(
    Object.values(results).map((result) => ({ status: result.status, result })),
    allChecks.every((check) => check.key in results),
  );

const iso = (date: Date | string) => new Date(date).toISOString();

/** `GET /api/on-page-seo/audit/structure`: the checkup's structure, which lists every check Deep Analysis runs. */
export function auditStructure(): ReportStructure {
  return structure();
}

/**
 * `GET /api/on-page-seo/audit/url/{w_guid}/{url_guid}`: the URL's page and crawl checks, and the
 * [S] checks of its origin (which count in its score, as the crawl scores it). A URL never
 * analysed has no report.
 */
export async function urlReport(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
  urlId: string,
): Promise<AuditUrlReport> {
  await websiteOf(query, organizationId, websiteId);
  const [url] = await query<UrlRow>(
    `select ${URL_COLUMNS} from serviceable_urls where id = $1 and website_id = $2`,
    [urlId, websiteId],
  );
  if (!url) throw new AppError('not_found', DEEP_ANALYSIS_MESSAGES.urlNotFound);
  if (!url.analysed_at) throw new AppError('not_found', AUDIT.noReport);
  const rows = await query<StoredResult>(
    `select check_key, status, message, data from url_check_results where url_id = $1
     union all
     select check_key, status, message, data from site_check_results where website_id = $2 and origin = $3`,
    [urlId, websiteId, new URL(url.url).origin],
  );
  const results = sectionsOf(rows);
  const overview = overviewFor(results);
  return {
    guid: url.id,
    w_guid: url.website_id,
    cluster_guid: url.cluster_id,
    url: url.url,
    score: overview.score,
    created_at: iso(url.analysed_at),
    sections: Object.keys(results),
    overview,
    important_fixes: importantFixesOf(results),
    results,
  };
}

/**
 * The origin whose [S] checks stand for the website: the homepage's when it was judged, else the
 * one judged last (a homepage that redirects to another host has its results under that host).
 */
async function siteOrigin(
  query: QueryFn,
  websiteId: string,
): Promise<{ origin: string | null; url: string }> {
  const [website] = await query<{ homepage_url: string }>('select homepage_url from websites where id = $1', [
    websiteId,
  ]);
  const homepage = website?.homepage_url ?? '';
  const [row] = await query<{ origin: string }>(
    `select origin from site_check_results where website_id = $1 group by origin
      order by (origin = $2) desc, max(created_at) desc, origin limit 1`,
    [websiteId, URL.canParse(homepage) ? new URL(homepage).origin : ''],
  );
  return { origin: row?.origin ?? null, url: homepage };
}

async function originResults(query: QueryFn, websiteId: string, origin: string | null) {
  if (!origin) return [];
  return query<StoredResult & { created_at: Date }>(
    `select check_key, status, message, data, created_at from site_check_results where website_id = $1 and origin = $2`,
    [websiteId, origin],
  );
}

/** A page or crawl check over the website's URLs: its worst status and what it says of the counts. */
function aggregateResult(key: string, counts: AffectedCounts, analysed: number): CheckResult {
  if (counts.failed > 0)
    return { key, status: 'failed', message: AUDIT.failsOn(counts.failed, analysed), data: {} };
  if (counts.warning > 0)
    return { key, status: 'warning', message: AUDIT.warnsOn(counts.warning, analysed), data: {} };
  if (counts.passed > 0) return { key, status: 'passed', message: AUDIT.passesOn(analysed), data: {} };
  return { key, status: 'skipped', reason: AUDIT.notChecked };
}

/**
 * `GET /api/on-page-seo/audit/domain/{w_guid}`: the website as a whole, in the URL report's shape
 * so one screen renders both.
 *
 * - The origin's checks ([S], `site_check_results` of the homepage's origin, see `siteOrigin`) are
 *   section results as judged.
 * - Every page and crawl check is one section result too: its status is the worst any analysed
 *   URL got (failed on one URL is failed for the site, as a broken page is a broken site), its
 *   message says on how many URLs, and `affected_urls` counts the URLs that fail, warn, pass or
 *   were not judged (one count per check and status over the website's range of the check index).
 * - `overview.score` and `score` are the average score of the analysed URLs (each already counts
 *   its origin's checks), rounded; the overview's counts are those of the section results, so the
 *   sidebar's per-category counts add up to them.
 * - Important fixes follow spec 9 over those results; at equal relevance, the check failing on
 *   more URLs first.
 *
 * Nothing analysed yet (no URL, no origin check) answers 404 'No report found'.
 */
export async function domainReport(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
): Promise<AuditDomainReport> {
  await websiteOf(query, organizationId, websiteId);
  const { origin, url } = await siteOrigin(query, websiteId);
  const [site, [urls], counted] = await Promise.all([
    originResults(query, websiteId, origin),
    query<{ analyzed: number; score: number | null; last: Date | null }>(
      `select count(*)::int as analyzed, round(avg(score))::int as score, max(analysed_at) as last
         from serviceable_urls where website_id = $1 and analysed_at is not null`,
      [websiteId],
    ),
    query<{ check_key: string; status: keyof AffectedCounts; n: number }>(
      `select check_key, status, count(*)::int as n from url_check_results where website_id = $1
        group by check_key, status`,
      [websiteId],
    ),
  ]);
  const analyzed = urls?.analyzed ?? 0;
  if (analyzed === 0 && site.length === 0) throw new AppError('not_found', AUDIT.noReport);

  const counts = new Map<string, AffectedCounts>();
  for (const row of counted) {
    const entry = counts.get(row.check_key) ?? { failed: 0, warning: 0, passed: 0, skipped: 0 };
    if (row.status in entry) entry[row.status] += row.n;
    counts.set(row.check_key, entry);
  }
  const own = sectionsOf(site);
  const results: AuditDomainReport['results'] = {};
  for (const check of allChecks) {
    const judged = own[check.key];
    if (check.scope === 'origin') {
      if (judged) results[check.key] = { ...judged, scope: 'origin' };
      continue;
    }
    const affected = counts.get(check.key);
    if (!affected) continue;
    results[check.key] = {
      ...render(aggregateResult(check.key, affected, analyzed)),
      scope: check.scope,
      affected_urls: affected,
    };
  }
  const overview = { ...overviewFor(results), score: urls?.score ?? 0 };
  const dates = [urls?.last, ...site.map((row) => row.created_at)].filter((d): d is Date => !!d);
  const latest = dates.reduce((a, b) => (new Date(a) > new Date(b) ? a : b));
  return {
    guid: websiteId,
    url,
    origin,
    score: overview.score,
    created_at: iso(latest),
    analyzed_urls: analyzed,
    sections: Object.keys(results),
    overview,
    important_fixes: importantFixesOf(results, (key) => counts.get(key)?.failed ?? 0),
    results,
  };
}

/**
 * The SQL narrowing URLs to a page group by their `column`: nothing for every URL, `is null` for
 * those in no group, else the group's id as the next parameter.
 */
function groupFilter(column: string, cluster: string | undefined, params: unknown[]): string {
  if (!cluster || cluster === ALL_CLUSTERS) return '';
  if (cluster === UNGROUPED_CLUSTER) return ` and ${column} is null`;
  params.push(cluster);
  return ` and ${column} = $${params.length}::uuid`;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Every page and crawl check failing on at least one URL of the website (of one page group, or
 * of `ungrouped` URLs), by impact score: relevance × the share of analysed URLs it fails on.
 * One pass over the failing rows: a range of the failing-check index (website, check, 'failed') per
 * check, joined to the website's URLs for the analysis date and the page group.
 * Reused by the Audit overview; the caller has checked the website and the group. `clusterId` is a
 * page group's id or `ungrouped` (UNGROUPED_CLUSTER); without it, every URL.
 */
export async function failedChecks(
  query: QueryFn,
  websiteId: string,
  clusterId?: string,
): Promise<FailedCheck[]> {
  return (await failedChecksWithCount(query, websiteId, clusterId)).data;
}

async function failedChecksWithCount(
  query: QueryFn,
  websiteId: string,
  clusterId?: string,
): Promise<FailedChecksReply> {
  const countParams: unknown[] = [websiteId];
  const countFilter = groupFilter('u.cluster_id', clusterId, countParams);
  const params: unknown[] = [websiteId, URL_CHECK_KEYS];
  const filter = groupFilter('u.cluster_id', clusterId, params);
  const [[count], rows] = await Promise.all([
    query<{ n: number }>(
      `select count(*)::int as n from serviceable_urls u
        where u.website_id = $1 and u.analysed_at is not null${countFilter}`,
      countParams,
    ),
    query<{
      check_key: string;
      affected: number;
      last_found: Date | null;
      sample_id: string;
      sample_url: string;
    }>(
      `select f.check_key, f.affected, f.last_found, s.id as sample_id, s.url as sample_url
         from (select r.check_key, count(*)::int as affected, max(u.analysed_at) as last_found,
                      min(r.url_id::text)::uuid as sample_id
                 from url_check_results r join serviceable_urls u on u.id = r.url_id
                where r.website_id = $1 and r.check_key = any($2::text[]) and r.status = 'failed'
                  and u.website_id = $1${filter}
                group by r.check_key) f
         join serviceable_urls s on s.id = f.sample_id`,
      params,
    ),
  ]);
  const analyzed = count?.n ?? 0;
  const data = rows.map((row): FailedCheck => {
    const meta = checkOf(row.check_key);
    const share = row.affected / Math.max(analyzed, row.affected);
    const impactScore = round(meta.relevance * share, 2);
    return {
      test_key: row.check_key,
      title: meta.title,
      relevance: meta.relevance,
      priority: priorityOf(meta.relevance),
      affected_urls: row.affected,
      share: round(share, 4),
      impact_score: impactScore,
      impact: impactOf(impactScore),
      last_found: row.last_found ? iso(row.last_found) : null,
      sample_url: row.sample_url,
      sample_url_guid: row.sample_id,
    };
  });
  data.sort(
    (a, b) =>
      b.impact_score - a.impact_score ||
      b.relevance - a.relevance ||
      b.affected_urls - a.affected_urls ||
      byReportOrder(a.test_key, b.test_key),
  );
  return { data, meta: { analyzed_urls: analyzed } };
}

/** `GET /api/on-page-seo/website-failed-checks/{w_guid}[?cluster_guid=]`. */
export async function websiteFailedChecks(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
  clusterId?: string,
): Promise<FailedChecksReply> {
  await websiteOf(query, organizationId, websiteId);
  if (clusterId && clusterId !== UNGROUPED_CLUSTER) await requireGroup(query, websiteId, clusterId);
  return failedChecksWithCount(query, websiteId, clusterId);
}

/**
 * `GET /api/on-page-seo/domain-checks/{w_guid}`: the origin's [S] checks. Warnings go with the
 * failures (they need work; the list shows failures first), checks that could not run in
 * `skipped`; each list by relevance, then report order.
 */
export async function domainChecks(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
): Promise<DomainChecksReply> {
  await websiteOf(query, organizationId, websiteId);
  const { origin } = await siteOrigin(query, websiteId);
  const rows = (await originResults(query, websiteId, origin)).filter((row) => checkMeta.has(row.check_key));
  const severity: Record<string, number> = { failed: 0, warning: 1 };
  const checks = rows
    .map((row) => {
      const meta = checkOf(row.check_key);
      return {
        test_key: row.check_key,
        title: meta.title,
        status: row.status as DomainChecksReply['passed'][number]['status'],
        message: row.message,
        relevance: meta.relevance,
        priority: priorityOf(meta.relevance),
        recommendation: meta.recommendation,
      };
    })
    .sort(
      (a, b) =>
        (severity[a.status] ?? 2) - (severity[b.status] ?? 2) ||
        b.relevance - a.relevance ||
        byReportOrder(a.test_key, b.test_key),
    );
  return {
    origin,
    failed: checks.filter((check) => check.status === 'failed' || check.status === 'warning'),
    passed: checks.filter((check) => check.status === 'passed'),
    skipped: checks.filter((check) => check.status === 'skipped'),
  };
}

const CATEGORY_TITLES = new Map<string, string>(CATEGORIES.map((category) => [category.key, category.title]));

const seoTestOf = (meta: CheckMeta): SeoTest => ({
  key: meta.key,
  title: meta.title,
  description: meta.description,
  recommendation: meta.recommendation,
  seo_issue: CATEGORY_TITLES.get(meta.category) ?? meta.category,
  category: meta.category,
  scope: meta.scope,
  relevance: meta.relevance,
  priority: priorityOf(meta.relevance),
  how_to_fix: { video: null, html: meta.howToFix },
});

/** `GET /api/on-page-seo/seo-test`: every check's details, in report order. */
export const seoTests = (): SeoTest[] => allChecks.map(seoTestOf);

/** `GET /api/on-page-seo/seo-test/{key}`. */
export const seoTest = (key: string): SeoTest => seoTestOf(checkOf(key));

/**
 * `GET /api/on-page-seo/affected-clusters/{w_guid}/{key}`: the page groups with URLs failing the
 * check, most affected first; URLs in no group come under the pseudo-group `ungrouped`.
 */
export async function affectedClusters(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
  key: string,
): Promise<AffectedCluster[]> {
  await websiteOf(query, organizationId, websiteId);
  checkOf(key);
  const rows = await query<{
    cluster_id: string | null;
    title: string | null;
    affected: number;
    sample_url: string;
  }>(
    `select a.cluster_id, c.title, a.affected, s.url as sample_url
       from (select u.cluster_id, count(*)::int as affected, min(r.url_id::text)::uuid as sample_id
               from url_check_results r join serviceable_urls u on u.id = r.url_id
              where r.website_id = $1 and r.check_key = $2 and r.status = 'failed' and u.website_id = $1
              group by u.cluster_id) a
       join serviceable_urls s on s.id = a.sample_id
       left join url_clusters c on c.id = a.cluster_id
      order by a.affected desc, (a.cluster_id is null), c.title, a.cluster_id`,
    [websiteId, key],
  );
  return rows.map((row) => ({
    guid: row.cluster_id ?? UNGROUPED_CLUSTER,
    title: row.cluster_id ? (row.title ?? '') : AUDIT.ungrouped,
    affected_urls: row.affected,
    sample_url: row.sample_url,
  }));
}

/**
 * `GET /api/on-page-seo/affected-urls/{w_guid}/{cluster_guid}/{key}`: the URLs failing the check
 * (in a page group, `ungrouped` or `all`), a page at a time by URL id. The ids come from one range
 * of the failing-check index (website, check, 'failed', url id), so a page costs the same at any depth.
 */
export async function affectedUrls(
  query: QueryFn,
  organizationId: string,
  params: { w_guid: string; cluster_guid: string; key: string },
  page: { limit: number; last_evaluated_key?: string | undefined },
): Promise<AffectedUrlsReply> {
  await websiteOf(query, organizationId, params.w_guid);
  checkOf(params.key);
  const cluster = params.cluster_guid;
  if (cluster !== ALL_CLUSTERS && cluster !== UNGROUPED_CLUSTER)
    await requireGroup(query, params.w_guid, cluster);
  return urlPage(
    page,
    (after, limit) => {
      const values: unknown[] = [params.w_guid, params.key, limit];
      // The group is read per failing row in index order (a primary-key probe), so the scan stops at
      // the page's last URL instead of joining every failing URL of the website first.
      const filter = groupFilter(
        '(select c.cluster_id from serviceable_urls c where c.id = r.url_id)',
        cluster,
        values,
      );
      let keyset = '';
      if (after) {
        values.push(after);
        keyset = ` and r.url_id > $${values.length}::uuid`;
      }
      return query<UrlRow>(
        `select ${URL_COLUMNS} from serviceable_urls where id in (
           select r.url_id from url_check_results r
            where r.website_id = $1 and r.check_key = $2 and r.status = 'failed'${keyset}${filter}
            order by r.url_id limit $3)
          order by id`,
        values,
      );
    },
    BY_URL_ID,
  );
}
