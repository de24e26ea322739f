import {
  type AddServiceableUrlsBody,
  type AnalysisProcess,
  DEEP_ANALYSIS_AUDIT_MESSAGES,
  DEEP_ANALYSIS_MESSAGES,
  type ImportSitemapBody,
  PAGE_GROUP_MESSAGES,
  type Rendering,
  type ServiceableUrl,
  type ServiceableUrlsReply,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import { normaliseUrl } from '@sitelens/engine';
import type { Database, QueryFn } from '../../db/client';
import type { ProcessType } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import type { Queue } from '../../jobs/queue';
import type { PlanLimits } from '../sales/plan-limits';
import { lockOrganization, lockWebsite } from '../websites/service';
import { deepAnalysisJob } from './jobs';

export interface DeepAnalysisDeps {
  database: Database;
  queue: Queue;
  planLimits: PlanLimits;
}

interface WebsiteRow {
  id: string;
  domain: string;
  homepage_url: string;
  status: string;
  import_sitemaps_started_at: Date | null;
}

/** The organization's website; another organization's id answers 404 like an unknown one. */
export async function websiteOf(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
): Promise<WebsiteRow> {
  const [row] = await query<WebsiteRow>(
    'select id, domain, homepage_url, status, import_sitemaps_started_at from websites where id = $1 and organization_id = $2',
    [websiteId, organizationId],
  );
  if (!row) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
  return row;
}

interface ProcessRow {
  id: string;
  website_id: string;
  type: ProcessType;
  status: 'running' | 'completed' | 'failed';
  subprocesses_count: number;
  created_at: Date;
  error: string | null;
  completed: number;
  failed: number;
  timeout: number;
}

/** The process's counts: URLs judged since it started, those that did not answer, and timeouts. */
const PROCESS_SELECT = `
  select p.id, p.website_id, p.type, p.status, p.subprocesses_count, p.created_at, p.error,
         coalesce(c.completed, 0)::int as completed, coalesce(c.failed, 0)::int as failed,
         coalesce(c.timeout, 0)::int as timeout
    from analysis_processes p
    left join lateral (
      select count(*) filter (where u.error is null) as completed,
             count(*) filter (where u.error is not null and u.error not ilike '%timed out%') as failed,
             count(*) filter (where u.error ilike '%timed out%') as timeout
        from serviceable_urls u
       where u.website_id = p.website_id and u.crawl_state = 'done' and u.analysed_at >= p.created_at
         and p.type in ('on_page_seo_batch_url_analysis', 'on_page_seo_url_analysis')) c on true`;

const processOf = (row: ProcessRow): AnalysisProcess => ({
  guid: row.id,
  w_guid: row.website_id,
  process_type: row.type,
  status: row.status,
  subprocesses_count: row.subprocesses_count,
  completed: Math.min(row.completed, row.subprocesses_count || row.completed),
  failed: row.failed,
  timeout: row.timeout,
  c_at: new Date(row.created_at).toISOString(),
  error: row.error,
});

/** `GET /api/on-page-seo/active`: the website's running processes, of one type when asked. */
export async function activeProcesses(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  type?: ProcessType,
): Promise<AnalysisProcess[]> {
  await websiteOf(deps.database.query, organizationId, websiteId);
  const rows = await deps.database.query<ProcessRow>(
    `${PROCESS_SELECT} where p.website_id = $1 and p.status = 'running' and ($2::text is null or p.type = $2)
      order by p.created_at`,
    [websiteId, type ?? null],
  );
  return rows.map(processOf);
}

/** Starts a process in the transaction that prepares its rows; its job is queued there too. */
async function startProcess(
  deps: DeepAnalysisDeps,
  query: QueryFn,
  target: {
    organizationId: string;
    websiteId: string;
    type: ProcessType;
    count: number;
    sitemapUrls?: string[];
  },
): Promise<string> {
  const [row] = await query<{ id: string }>(
    `insert into analysis_processes (organization_id, website_id, type, subprocesses_count, sitemap_urls)
     values ($1, $2, $3, $4, $5) returning id`,
    [
      target.organizationId,
      target.websiteId,
      target.type,
      target.count,
      JSON.stringify(target.sitemapUrls ?? []),
    ],
  );
  await deps.queue.send(deepAnalysisJob, { processId: row!.id }, { transaction: query });
  return row!.id;
}

/**
 * The plan's dp_max_urls (monitored URLs per website); a plan without Deep Analysis answers 403
 * 'This feature is disabled for your current plan!'.
 */
async function requireDeepAnalysis(
  deps: DeepAnalysisDeps,
  query: QueryFn,
  organizationId: string,
): Promise<number> {
  await deps.planLimits.requireBelow(query, organizationId, 'dp_max_urls', 0);
  return deps.planLimits.limit(query, organizationId, 'dp_max_urls');
}

/** A website is a Deep Analysis domain once it has monitored URLs or has run a process. */
const IN_DEEP_ANALYSIS = `(exists (select 1 from serviceable_urls u where u.website_id = w.id)
  or exists (select 1 from analysis_processes p where p.website_id = w.id))`;

/**
 * dp_max_domains: a website that is not in Deep Analysis yet may start only while the
 * organization's other Deep Analysis domains are fewer than the plan allows, else 403 'Looks like
 * you've hit your domain limit!'. Counted under the organization's lock, so two starts at once
 * cannot both take the last place.
 */
async function requireDomainRoom(
  deps: DeepAnalysisDeps,
  query: QueryFn,
  organizationId: string,
  websiteId: string,
): Promise<void> {
  await lockOrganization(query, organizationId);
  const [row] = await query<{ started: boolean; others: number }>(
    `select (select ${IN_DEEP_ANALYSIS} from websites w where w.id = $2) as started,
            (select count(*)::int from websites w where w.organization_id = $1 and w.id <> $2
                and ${IN_DEEP_ANALYSIS}) as others`,
    [organizationId, websiteId],
  );
  if (row?.started) return;
  await deps.planLimits.requireBelow(query, organizationId, 'dp_max_domains', row?.others ?? 0, {
    message: () => DEEP_ANALYSIS_MESSAGES.domainLimit,
  });
}

/** The website's running crawl (a batch or a single URL), which picks up URLs marked pending. */
async function runningCrawl(query: QueryFn, websiteId: string): Promise<string | null> {
  const [row] = await query<{ id: string }>(
    `select id from analysis_processes where website_id = $1 and status = 'running'
        and type in ('import_sitemaps', 'on_page_seo_batch_url_analysis', 'on_page_seo_url_analysis')
      order by created_at limit 1`,
    [websiteId],
  );
  return row?.id ?? null;
}

/**
 * `POST /api/import-sitemap`: the website goes to importing_sitemaps and the import starts
 * (then the batch analysis of what it imported). An import already running is answered as is.
 */
export async function importSitemap(deps: DeepAnalysisDeps, organizationId: string, body: ImportSitemapBody) {
  const processId = await deps.database.transaction(async (query) => {
    await websiteOf(query, organizationId, body.w_guid);
    await requireDeepAnalysis(deps, query, organizationId);
    await requireDomainRoom(deps, query, organizationId, body.w_guid);
    await lockWebsite(query, body.w_guid);
    const [running] = await query<{ id: string }>(
      `select id from analysis_processes where website_id = $1 and type = 'import_sitemaps' and status = 'running'`,
      [body.w_guid],
    );
    if (running) return running.id;
    await query(
      `update websites set status = 'importing_sitemaps', import_sitemaps_started_at = now(), updated_at = now()
        where id = $1`,
      [body.w_guid],
    );
    return startProcess(deps, query, {
      organizationId,
      websiteId: body.w_guid,
      type: 'import_sitemaps',
      count: 0,
      sitemapUrls: body.sitemap_urls,
    });
  });
  deps.queue.wake(deepAnalysisJob);
  return importStatus(deps, organizationId, body.w_guid, processId);
}

/** `GET /api/import-sitemap?w_guid=`: the website's status and its running imports. */
export async function importStatus(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  _processId?: string,
) {
  const website = await websiteOf(deps.database.query, organizationId, websiteId);
  const [count] = await deps.database.query<{ n: number }>(
    'select count(*)::int as n from serviceable_urls where website_id = $1',
    [websiteId],
  );
  return {
    status: website.status,
    import_sitemaps_started_at: website.import_sitemaps_started_at
      ? new Date(website.import_sitemaps_started_at).toISOString()
      : null,
    discovered_urls: count?.n ?? 0,
    active: await activeProcesses(deps, organizationId, websiteId, 'import_sitemaps'),
    rendering: await renderingOf(deps.database.query, websiteId),
  };
}

/** Share of a page's words that only scripts add, above which the page counts as rendered by JavaScript. */
const SCRIPT_RENDERED_PCT = 50;

/**
 * Whether the site is rendered by JavaScript, from the pages Chromium rendered (a sample of each
 * template): most of them show most of their words only after scripts ran. Said plainly, so an
 * empty-looking crawl is not taken for an empty site.
 */
export async function renderingOf(query: QueryFn, websiteId: string): Promise<Rendering> {
  const [row] = await query<{ sampled: number; javascript_pages: number }>(
    `select count(*)::int as sampled,
            count(*) filter (where (r.data->>'js_only_words_pct')::numeric >= $2)::int as javascript_pages
       from url_check_results r join serviceable_urls u on u.id = r.url_id
      where r.website_id = $1 and r.check_key = 'js-rendering-parity' and r.status <> 'skipped' and u.browser`,
    [websiteId, SCRIPT_RENDERED_PCT],
  );
  const sampled = row?.sampled ?? 0;
  const pages = row?.javascript_pages ?? 0;
  const rendered = sampled > 0 && pages * 2 > sampled;
  return {
    sampled,
    javascript_pages: pages,
    rendered_by_javascript: rendered,
    message: rendered ? DEEP_ANALYSIS_MESSAGES.renderedByJavascript(pages, sampled) : null,
  };
}

const started = (processId: string) => ({
  process_guid: processId,
  message: DEEP_ANALYSIS_MESSAGES.analysisStarted,
  description: DEEP_ANALYSIS_MESSAGES.checkLater,
});

/**
 * `POST /api/on-page-seo/batch` (every URL again), `/url` (one URL) and `/domain` (the origin's
 * checks and the crawl-wide pass). A crawl already running takes the URLs marked pending.
 */
export async function startAnalysis(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  type: 'on_page_seo_batch_url_analysis' | 'on_page_seo_url_analysis' | 'on_page_seo_domain_analysis',
  urlId?: string,
) {
  const processId = await deps.database.transaction(async (query) => {
    await websiteOf(query, organizationId, websiteId);
    await requireDeepAnalysis(deps, query, organizationId);
    await lockWebsite(query, websiteId);
    if (type === 'on_page_seo_domain_analysis') {
      const [running] = await query<{ id: string }>(
        `select id from analysis_processes where website_id = $1 and status = 'running' and type = $2`,
        [websiteId, type],
      );
      return running?.id ?? startProcess(deps, query, { organizationId, websiteId, type, count: 0 });
    }
    const marked = await query(
      `update serviceable_urls set crawl_state = 'pending'
        where website_id = $1 and crawl_state = 'done' and ($2::uuid is null or id = $2) returning id`,
      [websiteId, urlId ?? null],
    );
    if (urlId && marked.length === 0) {
      const [exists] = await query('select 1 from serviceable_urls where id = $1 and website_id = $2', [
        urlId,
        websiteId,
      ]);
      if (!exists) throw new AppError('not_found', DEEP_ANALYSIS_MESSAGES.urlNotFound);
    }
    const running = await runningCrawl(query, websiteId);
    if (running) {
      await query(
        'update analysis_processes set subprocesses_count = subprocesses_count + $2 where id = $1',
        [running, marked.length],
      );
      return running;
    }
    const [pending] = await query<{ n: number }>(
      `select count(*)::int as n from serviceable_urls where website_id = $1 and crawl_state <> 'done'`,
      [websiteId],
    );
    return startProcess(deps, query, { organizationId, websiteId, type, count: pending?.n ?? 0 });
  });
  deps.queue.wake(deepAnalysisJob);
  return started(processId);
}

/** A monitored URL as the lists select it (`URL_COLUMNS`), and as the API shows it (`urlOf`). */
export interface UrlRow {
  id: string;
  website_id: string;
  cluster_id: string | null;
  url: string;
  status_code: number | null;
  score: number | null;
  passed: number | null;
  warning: number | null;
  failed: number | null;
  not_applicable: number | null;
  analysed_at: Date | null;
  depth: number | null;
  in_sitemap: boolean;
  source: 'sitemap' | 'manual' | 'link';
  browser: boolean;
  blocked_by_robots: boolean;
  redirect_to: string | null;
  error: string | null;
  file_type: string | null;
  file_bytes: number | string | null;
  seq: number | string;
}

export const URL_COLUMNS = `id, website_id, cluster_id, url, status_code, score, passed, warning, failed, not_applicable,
  analysed_at, depth, in_sitemap, source, browser, blocked_by_robots, redirect_to, error, file_type, file_bytes, seq`;

export const urlOf = (row: UrlRow): ServiceableUrl => ({
  guid: row.id,
  w_guid: row.website_id,
  cluster_guid: row.cluster_id,
  url: row.url,
  status_code: row.status_code,
  // A file is given no check, so it has no on-page result.
  on_page_seo:
    row.analysed_at && row.file_type === null
      ? {
          score: row.score,
          passed: row.passed ?? 0,
          warning: row.warning ?? 0,
          failed: row.failed ?? 0,
          not_applicable: row.not_applicable ?? 0,
          c_at: new Date(row.analysed_at).toISOString(),
        }
      : null,
  depth: row.depth,
  in_sitemap: row.in_sitemap,
  source: row.source,
  browser: row.browser,
  blocked_by_robots: row.blocked_by_robots,
  redirect_to: row.redirect_to,
  error: row.error,
  file:
    row.file_type === null
      ? null
      : { content_type: row.file_type, bytes: row.file_bytes === null ? null : Number(row.file_bytes) },
});

/**
 * How a URL list pages: the column it is ordered by, read from a row and written into an opaque
 * `last_evaluated_key` (prefixed, so one list's key is not taken for another's).
 */
interface Keyset {
  of(row: UrlRow): string;
  pattern: RegExp;
  prefix: string;
}

/** Insertion order (`seq`): the monitored-URL and page-group lists. */
export const BY_SEQ: Keyset = { of: (row) => String(row.seq), pattern: /^\d{1,18}$/, prefix: 'u' };
/** URL id: the failing-check index's last column (the affected-URL list). */
export const BY_URL_ID: Keyset = {
  of: (row) => row.id,
  pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  prefix: 'a',
};

function parseKey(key: string, keyset: Keyset): string {
  const text = Buffer.from(key, 'base64url').toString('utf8');
  const value = text.slice(keyset.prefix.length);
  if (!text.startsWith(keyset.prefix) || !keyset.pattern.test(value))
    throw fieldError('bad_request', 'last_evaluated_key', DEEP_ANALYSIS_AUDIT_MESSAGES.invalidKey);
  return value;
}

/**
 * A page of URLs by keyset: `fetch` reads up to `limit` rows after the key `after` (null: from the
 * start) in the keyset's order, from an index at any depth, where OFFSET would count.
 */
export async function urlPage(
  page: { limit: number; last_evaluated_key?: string | undefined },
  fetch: (after: string | null, limit: number) => Promise<UrlRow[]>,
  keyset: Keyset = BY_SEQ,
): Promise<ServiceableUrlsReply> {
  const after = page.last_evaluated_key ? parseKey(page.last_evaluated_key, keyset) : null;
  const rows = await fetch(after, page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    data: shown.map(urlOf),
    meta: {
      last_evaluated_key:
        rows.length > page.limit && last
          ? Buffer.from(keyset.prefix + keyset.of(last)).toString('base64url')
          : null,
    },
  };
}

/** A page group of the website; another website's, or one removed, answers 404. */
export async function requireGroup(query: QueryFn, websiteId: string, clusterId: string): Promise<void> {
  const [group] = await query(
    'select 1 from url_clusters where id = $1 and website_id = $2 and not dismissed',
    [clusterId, websiteId],
  );
  if (!group) throw new AppError('not_found', PAGE_GROUP_MESSAGES.notFound);
}

/** `GET /api/serviceable-url`: the website's URLs in the order they were added, a page at a time. */
export async function listUrls(
  deps: DeepAnalysisDeps,
  organizationId: string,
  query: { w_guid: string; limit: number; last_evaluated_key?: string | undefined },
): Promise<ServiceableUrlsReply> {
  await websiteOf(deps.database.query, organizationId, query.w_guid);
  return urlPage(query, (after, limit) =>
    deps.database.query<UrlRow>(
      `select ${URL_COLUMNS} from serviceable_urls
        where website_id = $1 and ($2::bigint is null or seq > $2::bigint)
        order by seq limit $3`,
      [query.w_guid, after, limit],
    ),
  );
}

/** `GET /api/serviceable-url/{w_guid}/count`. */
export async function countUrls(deps: DeepAnalysisDeps, organizationId: string, websiteId: string) {
  await websiteOf(deps.database.query, organizationId, websiteId);
  const [row] = await deps.database.query<{ count: number; analyzed: number }>(
    `select count(*)::int as count, count(analysed_at)::int as analyzed from serviceable_urls where website_id = $1`,
    [websiteId],
  );
  const max = await deps.planLimits.limit(deps.database.query, organizationId, 'dp_max_urls');
  return {
    count: row?.count ?? 0,
    analyzed: row?.analyzed ?? 0,
    dp_max_urls: Math.max(0, max),
    rendering: await renderingOf(deps.database.query, websiteId),
  };
}

/** A typed-in URL as the crawl stores it, when it belongs to the website's domain (www ignored). */
function ownUrl(input: string, domain: string): string | null {
  const url = normaliseUrl(/^https?:\/\//i.test(input) ? input : `https://${input}`);
  if (!url) return null;
  return new URL(url).hostname.replace(/^www\./, '') === domain ? url : null;
}

/**
 * `POST /api/serviceable-url/{w_guid}`: URLs of the website's domain to monitor. Every URL must
 * belong to the domain; the plan's dp_max_urls is checked under the organization's lock in the
 * transaction that inserts. New URLs are analysed at once (by the running crawl, if any).
 */
export async function addUrls(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  body: AddServiceableUrlsBody,
  /** `POST /serviceable-url/{w}/cluster/{c}`: the URLs go to this page group, those monitored already too. */
  clusterId?: string,
): Promise<{ data: ServiceableUrl[] }> {
  const rows = await deps.database.transaction(async (query) => {
    await lockOrganization(query, organizationId);
    const website = await websiteOf(query, organizationId, websiteId);
    if (clusterId) await requireGroup(query, websiteId, clusterId);
    const urls = body.urls.map((input) => ownUrl(input, website.domain));
    if (urls.length === 0 || urls.some((url) => url === null))
      throw fieldError('bad_request', 'urls', DEEP_ANALYSIS_MESSAGES.urlsFromDomain(website.domain));
    const unique = [...new Set(urls as string[])];
    const existing = await query<{ url: string }>(
      `select url from serviceable_urls
        where website_id = $1 and md5(url) = any(array(select md5(x) from unnest($2::text[]) as x))
          and url = any($2::text[])`,
      [websiteId, unique],
    );
    const fresh = unique.filter((url) => !existing.some((row) => row.url === url));
    const [used] = await query<{ n: number }>(
      'select count(*)::int as n from serviceable_urls where website_id = $1',
      [websiteId],
    );
    const max = await requireDeepAnalysis(deps, query, organizationId);
    if (fresh.length > 0) await requireDomainRoom(deps, query, organizationId, websiteId);
    if ((used?.n ?? 0) + fresh.length > max)
      throw fieldError('forbidden', 'urls', DEEP_ANALYSIS_MESSAGES.urlsLimitExceeded);
    // A user's choice of group is kept: grouping after a crawl leaves pinned URLs where they are.
    const moved = clusterId
      ? await query<UrlRow>(
          `update serviceable_urls set cluster_id = $3, cluster_pinned = true
            where website_id = $1 and md5(url) = any(array(select md5(x) from unnest($2::text[]) as x))
              and url = any($2::text[])
            returning ${URL_COLUMNS}`,
          [websiteId, unique, clusterId],
        )
      : [];
    const inserted = await query<UrlRow>(
      `insert into serviceable_urls (organization_id, website_id, url, source, cluster_id, cluster_pinned)
       select $1, $2, u.url, 'manual', $4::uuid, $4::uuid is not null from unnest($3::text[]) as u(url)
       on conflict (website_id, md5(url)) do nothing returning ${URL_COLUMNS}`,
      [organizationId, websiteId, fresh, clusterId ?? null],
    );
    if (inserted.length > 0) {
      await query(
        `update websites set status = 'completed', updated_at = now()
          where id = $1 and status in ('new', 'waiting_for_user_input')`,
        [websiteId],
      );
      await lockWebsite(query, websiteId);
      const running = await runningCrawl(query, websiteId);
      if (running)
        await query(
          'update analysis_processes set subprocesses_count = subprocesses_count + $2 where id = $1',
          [running, inserted.length],
        );
      else
        await startProcess(deps, query, {
          organizationId,
          websiteId,
          type: 'on_page_seo_batch_url_analysis',
          count: inserted.length,
        });
    }
    return [...moved, ...inserted];
  });
  deps.queue.wake(deepAnalysisJob);
  return { data: rows.map(urlOf) };
}

/** `DELETE /api/serviceable-url/{w_guid}/{url_guid}`: its results and links go with it. */
export async function deleteUrl(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  urlId: string,
) {
  await websiteOf(deps.database.query, organizationId, websiteId);
  const removed = await deps.database.query(
    'delete from serviceable_urls where id = $1 and website_id = $2 returning id',
    [urlId, websiteId],
  );
  if (removed.length === 0) throw new AppError('not_found', DEEP_ANALYSIS_MESSAGES.urlNotFound);
}
