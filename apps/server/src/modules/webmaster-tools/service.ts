import {
  type BrokenLink,
  type BrokenLinksFilters,
  type BrokenLinksReply,
  type BrokenLinksRun,
  type ExcludedReply,
  type LinkKind,
  type LinkPagesReply,
  type SitemapOptions,
  SitemapOptionsSchema,
  type SitemapRun,
  type ToolKind,
  type ToolRun,
  WEBMASTER_MESSAGES,
} from '@sitelens/contracts';
import { normaliseUrl } from '@sitelens/engine';
import type { Config } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import type { Queue } from '../../jobs/queue';
import { checkupsThisPeriod } from '../checkup/service';
import { websiteOf } from '../deep-analysis/service';
import type { PlanLimits } from '../sales/plan-limits';
import { toolRunJob } from './jobs';

export interface WebmasterToolsDeps {
  database: Database;
  queue: Queue;
  planLimits: PlanLimits;
  config: Pick<Config, 'WEBMASTER_MAX_PAGES' | 'PUBLIC_URL'>;
}

/** Runs listed per website (or per organization for typed-in URLs). */
const RUNS_LISTED = 10;
/** Pages listed for one link. */
const PAGES_LISTED = 1000;
/** Fixed problems named in the comparison. */
const FIXED_LISTED = 100;

interface RunRow {
  id: string;
  organization_id: string;
  website_id: string | null;
  tool: ToolKind;
  start_url: string;
  options: SitemapOptions;
  status: ToolRun['status'];
  phase: ToolRun['phase'];
  pages_limit: number;
  capped: boolean;
  result: SitemapRun['result'] | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  pages_crawled: number;
  links_found: number;
  links_checked: number;
  broken_found: number;
}

const RUN_COLUMNS = `r.id, r.organization_id, r.website_id, r.tool, r.start_url, r.options, r.status, r.phase,
  r.pages_limit, r.capped, r.result, r.error, r.created_at, r.finished_at,
  (select count(*)::int from tool_run_urls u where u.run_id = r.id and u.crawl_state = 'done') as pages_crawled,
  (select count(distinct l.to_url)::int from tool_run_links l where l.run_id = r.id) as links_found,
  (select count(*)::int from tool_link_targets t where t.run_id = r.id and t.check_state = 'done') as links_checked,
  (select count(*)::int from tool_link_targets t where t.run_id = r.id and t.kind = 'broken') as broken_found`;

const runOf = (row: RunRow): ToolRun => ({
  guid: row.id,
  tool: row.tool,
  w_guid: row.website_id,
  url: row.start_url,
  status: row.status,
  phase: row.phase,
  pages_crawled: row.pages_crawled,
  pages_limit: row.pages_limit,
  capped: row.capped,
  links_found: row.links_found,
  links_checked: row.links_checked,
  broken_found: row.broken_found,
  error: row.error,
  c_at: row.created_at.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
});

/** The organization's run of the tool; another organization's, or another tool's, answers 404. */
async function runRow(
  query: QueryFn,
  organizationId: string,
  tool: ToolKind,
  runId: string,
): Promise<RunRow> {
  const [row] = await query<RunRow>(
    `select ${RUN_COLUMNS} from tool_runs r where r.id = $1 and r.organization_id = $2 and r.tool = $3`,
    [runId, organizationId, tool],
  );
  if (!row) throw new AppError('not_found', WEBMASTER_MESSAGES.runNotFound);
  return row;
}

/**
 * Starts a run on a tracked website's homepage or on a URL typed in: one of the plan's checkups,
 * counted under the organization's lock, with its job queued in the same transaction.
 */
export async function startRun(
  deps: WebmasterToolsDeps,
  organizationId: string,
  tool: ToolKind,
  body: { w_guid?: string | undefined; url?: string | undefined; options?: SitemapOptions },
): Promise<ToolRun> {
  const runId = await deps.database.transaction(async (query) => {
    const website = body.w_guid ? await websiteOf(query, organizationId, body.w_guid) : null;
    const url = normaliseUrl(website ? website.homepage_url : body.url);
    if (!url) throw fieldError('bad_request', 'url', 'Provide a valid URL');
    await deps.planLimits.withinLimit(query, organizationId, 'seo_analysis_limit', () =>
      checkupsThisPeriod(deps.planLimits, query, organizationId),
    );
    const [running] = await query(
      `select 1 from tool_runs where organization_id = $1 and tool = $2 and start_url = $3 and status = 'running'`,
      [organizationId, tool, url],
    );
    if (running) throw new AppError('conflict', WEBMASTER_MESSAGES.alreadyRunning);
    const options = tool === 'sitemap' ? (body.options ?? SitemapOptionsSchema.parse({})) : {};
    const [run] = await query<{ id: string }>(
      `insert into tool_runs (organization_id, website_id, tool, start_url, host, options, pages_limit)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        organizationId,
        website?.id ?? null,
        tool,
        url,
        new URL(url).hostname,
        JSON.stringify(options),
        deps.config.WEBMASTER_MAX_PAGES,
      ],
    );
    await query('insert into tool_run_urls (run_id, url, depth) values ($1, $2, 0)', [run!.id, url]);
    await deps.queue.send(toolRunJob, { runId: run!.id }, { singletonKey: run!.id, transaction: query });
    return run!.id;
  });
  deps.queue.wake(toolRunJob);
  return runOf(await runRow(deps.database.query, organizationId, tool, runId));
}

/** The latest runs of a tracked website, or of the URLs the organization typed in. */
export async function listRuns(
  deps: WebmasterToolsDeps,
  organizationId: string,
  tool: ToolKind,
  websiteId: string | undefined,
): Promise<{ data: ToolRun[] }> {
  if (websiteId) await websiteOf(deps.database.query, organizationId, websiteId);
  const rows = await deps.database.query<RunRow>(
    `select ${RUN_COLUMNS} from tool_runs r
      where r.organization_id = $1 and r.tool = $2 and r.website_id is not distinct from $3
      order by r.created_at desc limit ${RUNS_LISTED}`,
    [organizationId, tool, websiteId ?? null],
  );
  return { data: rows.map(runOf) };
}

/** The website's completed run before this one, which this one is compared with. */
async function previousRunOf(query: QueryFn, run: RunRow): Promise<{ id: string; created_at: Date } | null> {
  if (!run.website_id) return null;
  const [row] = await query<{ id: string; created_at: Date }>(
    `select id, created_at from tool_runs where website_id = $1 and tool = $2 and status = 'completed'
        and created_at < $3 order by created_at desc limit 1`,
    [run.website_id, run.tool, run.created_at],
  );
  return row ?? null;
}

/** `GET /broken-links/{guid}`: the run, its counts by kind, and what changed since the previous run. */
export async function brokenLinksRun(
  deps: WebmasterToolsDeps,
  organizationId: string,
  runId: string,
): Promise<BrokenLinksRun> {
  const query = deps.database.query;
  const run = await runRow(query, organizationId, 'broken_links', runId);
  const [counts] = await query<BrokenLinksRun['counts']>(
    `select count(*) filter (where kind = 'broken')::int as broken,
            count(*) filter (where kind = 'redirect_loop')::int as redirect_loop,
            count(*) filter (where kind = 'redirect_chain')::int as redirect_chain,
            count(*) filter (where kind = 'redirected')::int as redirected,
            count(*) filter (where kind = 'not_verified')::int as not_verified,
            count(*) filter (where kind = 'ok')::int as ok,
            count(*) filter (where kind = 'broken' and internal)::int as internal_broken,
            count(*) filter (where kind = 'broken' and not internal)::int as external_broken
       from tool_link_targets where run_id = $1`,
    [runId],
  );
  const previous = await previousRunOf(query, run);
  let comparison: BrokenLinksRun['comparison'] = null;
  if (previous && run.status === 'completed') {
    const [changes] = await query<{ new: number; fixed: number }>(
      `select (select count(*)::int from tool_link_targets t where t.run_id = $1 and t.kind <> 'ok'
                 and not exists (select 1 from tool_link_targets p
                                  where p.run_id = $2 and md5(p.url) = md5(t.url) and p.url = t.url and p.kind <> 'ok')) as new,
              (select count(*)::int from tool_link_targets p where p.run_id = $2 and p.kind <> 'ok'
                 and not exists (select 1 from tool_link_targets t
                                  where t.run_id = $1 and md5(t.url) = md5(p.url) and t.url = p.url and t.kind <> 'ok')) as fixed`,
      [runId, previous.id],
    );
    const fixed = await query<{ url: string; kind: LinkKind }>(
      `select p.url, p.kind from tool_link_targets p where p.run_id = $2 and p.kind <> 'ok'
          and not exists (select 1 from tool_link_targets t
                           where t.run_id = $1 and md5(t.url) = md5(p.url) and t.url = p.url and t.kind <> 'ok')
        order by p.url limit ${FIXED_LISTED}`,
      [runId, previous.id],
    );
    comparison = {
      previous_guid: previous.id,
      previous_c_at: previous.created_at.toISOString(),
      new: changes?.new ?? 0,
      fixed: changes?.fixed ?? 0,
      fixed_urls: fixed,
    };
  }
  return { run: runOf(run), counts: counts!, comparison };
}

interface TargetRow {
  id: string;
  seq: string;
  url: string;
  internal: boolean;
  kind: LinkKind;
  status: number | null;
  reason: string | null;
  chain: { url: string; status: number }[];
  anchor: string;
  found_on: string | null;
  found_on_count: number;
  is_new: boolean;
}

/** The column each sort orders by; ties are broken by insertion order. */
const SORT_COLUMN = {
  pages: 't.found_on_count',
  status: 'coalesce(t.status, 0)',
  url: 't.url',
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The filters of the link list and its export, as SQL over `t` (tool_link_targets). */
function linkFilters(runId: string, filters: Partial<BrokenLinksFilters>) {
  const params: unknown[] = [runId];
  const where = [`t.run_id = $1`, `t.check_state = 'done'`];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.kind) where.push(`t.kind = ${param(filters.kind)}`);
  else where.push(`t.kind <> 'ok'`);
  if (filters.scope) where.push(filters.scope === 'internal' ? 't.internal' : 'not t.internal');
  if (filters.status_class === 'no_answer') where.push('t.status is null');
  else if (filters.status_class) {
    const from = Number(filters.status_class[0]) * 100;
    where.push(`t.status between ${from} and ${from + 99}`);
  }
  if (filters.q) {
    const like = param(`%${escapeLike(filters.q)}%`);
    where.push(`(t.url ilike ${like} or t.anchor ilike ${like})`);
  }
  return { where: where.join(' and '), params, param };
}

const keyOf = (sort: keyof typeof SORT_COLUMN, row: TargetRow) =>
  Buffer.from(
    JSON.stringify([
      sort === 'pages' ? row.found_on_count : sort === 'status' ? (row.status ?? 0) : row.url,
      row.seq,
    ]),
  ).toString('base64url');

function parseLinkKey(key: string, sort: keyof typeof SORT_COLUMN): [string | number, string] {
  try {
    const [value, seq] = JSON.parse(Buffer.from(key, 'base64url').toString('utf8')) as [unknown, unknown];
    const valueFits = sort === 'url' ? typeof value === 'string' : Number.isInteger(value);
    if (valueFits && typeof seq === 'string' && /^\d{1,18}$/.test(seq))
      return [value as string | number, seq];
  } catch {}
  throw fieldError('bad_request', 'last_evaluated_key', 'Invalid last_evaluated_key');
}

const linkOf = (row: TargetRow): BrokenLink => ({
  guid: row.id,
  url: row.url,
  internal: row.internal,
  kind: row.kind,
  status: row.status,
  reason: row.reason,
  redirect_chain: row.chain,
  anchor: row.anchor,
  found_on_count: row.found_on_count,
  found_on: row.found_on,
  change: row.kind !== 'ok' && row.is_new ? 'new' : null,
});

/** `GET /broken-links/{guid}/links`: the problems (or one kind), filtered and sorted, by keyset. */
export async function listLinks(
  deps: WebmasterToolsDeps,
  organizationId: string,
  runId: string,
  query: BrokenLinksFilters,
): Promise<BrokenLinksReply> {
  const run = await runRow(deps.database.query, organizationId, 'broken_links', runId);
  const previous = await previousRunOf(deps.database.query, run);
  const { where, params } = linkFilters(runId, query);
  const [total] = await deps.database.query<{ n: number }>(
    `select count(*)::int as n from tool_link_targets t where ${where}`,
    params,
  );
  const page = await linkPage(deps.database.query, runId, previous?.id ?? null, query);
  return { ...page, meta: { ...page.meta, total: total?.n ?? 0 } };
}

/** One keyset page of a run's links, each marked new against the previous run's problems. */
async function linkPage(
  query: QueryFn,
  runId: string,
  previousId: string | null,
  filters: BrokenLinksFilters,
): Promise<{ data: BrokenLink[]; meta: { last_evaluated_key: string | null } }> {
  const { where, params, param } = linkFilters(runId, filters);
  const column = SORT_COLUMN[filters.sort];
  const direction = filters.order === 'asc' ? 'asc' : 'desc';
  let after = '';
  if (filters.last_evaluated_key) {
    const [value, seq] = parseLinkKey(filters.last_evaluated_key, filters.sort);
    after = ` and (${column}, t.seq) ${direction === 'asc' ? '>' : '<'} (${param(value)}, ${param(seq)}::bigint)`;
  }
  const previous = param(previousId);
  const rows = await query<TargetRow>(
    `select t.id, t.seq::text as seq, t.url, t.internal, t.kind, t.status, t.reason, t.chain, t.anchor, t.found_on,
            t.found_on_count,
            (${previous}::uuid is not null and not exists (select 1 from tool_link_targets p
               where p.run_id = ${previous}::uuid and md5(p.url) = md5(t.url) and p.url = t.url and p.kind <> 'ok')) as is_new
       from tool_link_targets t where ${where}${after}
      order by ${column} ${direction}, t.seq ${direction} limit ${param(filters.limit + 1)}`,
    params,
  );
  const shown = rows.slice(0, filters.limit);
  const last = shown.at(-1);
  return {
    data: shown.map(linkOf),
    meta: { last_evaluated_key: rows.length > filters.limit && last ? keyOf(filters.sort, last) : null },
  };
}

/** Every link matching the filters, a batch at a time, for the CSV export: the run is read once. */
export async function* exportLinks(
  deps: WebmasterToolsDeps,
  organizationId: string,
  runId: string,
  filters: Partial<BrokenLinksFilters>,
): AsyncGenerator<{ link: BrokenLink; pages: string[] }> {
  const run = await runRow(deps.database.query, organizationId, 'broken_links', runId);
  const previousId = (await previousRunOf(deps.database.query, run))?.id ?? null;
  let key: string | undefined;
  for (;;) {
    const page = await linkPage(deps.database.query, runId, previousId, {
      ...filters,
      sort: 'url',
      order: 'asc',
      limit: 200,
      ...(key ? { last_evaluated_key: key } : {}),
    });
    const pages = await deps.database.query<{ to_url: string; urls: string[] }>(
      `select l.to_url, array_agg(u.url order by u.seq) as urls from tool_run_links l
         join tool_run_urls u on u.id = l.from_id
        where l.run_id = $1 and md5(l.to_url) = any(array(select md5(x) from unnest($2::text[]) as x))
          and l.to_url = any($2::text[])
        group by l.to_url`,
      [runId, page.data.map((link) => link.url)],
    );
    const foundOn = new Map(pages.map((row) => [row.to_url, row.urls]));
    for (const link of page.data) yield { link, pages: foundOn.get(link.url) ?? [] };
    if (!page.meta.last_evaluated_key) return;
    key = page.meta.last_evaluated_key;
  }
}

/** `GET /broken-links/{guid}/links/{link_guid}/pages`: the pages a link is found on, with its anchor there. */
export async function linkPages(
  deps: WebmasterToolsDeps,
  organizationId: string,
  runId: string,
  linkId: string,
): Promise<LinkPagesReply> {
  await runRow(deps.database.query, organizationId, 'broken_links', runId);
  const [target] = await deps.database.query<{ url: string; found_on_count: number }>(
    'select url, found_on_count from tool_link_targets where id = $1 and run_id = $2',
    [linkId, runId],
  );
  if (!target) throw new AppError('not_found', 'Link not found');
  const rows = await deps.database.query<{ url: string; anchor: string }>(
    `select u.url, l.anchor from tool_run_links l join tool_run_urls u on u.id = l.from_id
      where l.run_id = $1 and md5(l.to_url) = md5($2) and l.to_url = $2 order by u.seq limit ${PAGES_LISTED}`,
    [runId, target.url],
  );
  return { data: rows, meta: { total: target.found_on_count } };
}

/** `POST /broken-links/{guid}/recheck`: the rows given (or every problem row) are asked again. */
export async function recheckLinks(
  deps: WebmasterToolsDeps,
  organizationId: string,
  runId: string,
  linkIds: string[] | undefined,
): Promise<ToolRun> {
  await deps.database.transaction(async (query) => {
    const [run] = await query<{ status: string }>(
      `select status from tool_runs where id = $1 and organization_id = $2 and tool = 'broken_links' for update`,
      [runId, organizationId],
    );
    if (!run) throw new AppError('not_found', WEBMASTER_MESSAGES.runNotFound);
    if (run.status === 'running') throw new AppError('conflict', WEBMASTER_MESSAGES.runNotFinished);
    const reset = await query(
      `update tool_link_targets set check_state = 'pending'
        where run_id = $1 and check_state = 'done'
          and (case when $2::uuid[] is null then kind <> 'ok' else id = any($2::uuid[]) end) returning id`,
      [runId, linkIds ?? null],
    );
    if (linkIds && reset.length < new Set(linkIds).size) throw new AppError('not_found', 'Link not found');
    await query(
      `update tool_runs set status = 'running', phase = 'checking_links', job_id = null, error = null,
              finished_at = null where id = $1`,
      [runId],
    );
    await deps.queue.send(toolRunJob, { runId }, { transaction: query });
  });
  deps.queue.wake(toolRunJob);
  return runOf(await runRow(deps.database.query, organizationId, 'broken_links', runId));
}

/** The stable address of a website's latest sitemap (its token is made when a sitemap is written). */
async function feedUrlOf(deps: WebmasterToolsDeps, run: RunRow): Promise<string | null> {
  if (!run.website_id || !run.result?.files.length) return null;
  const [feed] = await deps.database.query<{ token: string }>(
    'select token from sitemap_feeds where website_id = $1',
    [run.website_id],
  );
  return feed ? `${deps.config.PUBLIC_URL}/api/sitemaps/${feed.token}/${run.result.files[0]!.name}` : null;
}

/** `GET /sitemap-generator/{guid}`. */
export async function sitemapRun(
  deps: WebmasterToolsDeps,
  organizationId: string,
  runId: string,
): Promise<SitemapRun> {
  const run = await runRow(deps.database.query, organizationId, 'sitemap', runId);
  return {
    run: runOf(run),
    options: SitemapOptionsSchema.parse(run.options),
    result:
      run.result && run.status === 'completed'
        ? { ...run.result, feed_url: await feedUrlOf(deps, run) }
        : null,
  };
}

/** `GET /sitemap-generator/{guid}/excluded`: what was left out and why, by keyset. */
export async function excludedUrls(
  deps: WebmasterToolsDeps,
  organizationId: string,
  runId: string,
  query: { reason?: string | undefined; limit: number; last_evaluated_key?: string | undefined },
): Promise<ExcludedReply> {
  await runRow(deps.database.query, organizationId, 'sitemap', runId);
  let after = 0;
  if (query.last_evaluated_key) {
    const text = Buffer.from(query.last_evaluated_key, 'base64url').toString('utf8');
    if (!/^x\d{1,18}$/.test(text))
      throw fieldError('bad_request', 'last_evaluated_key', 'Invalid last_evaluated_key');
    after = Number(text.slice(1));
  }
  const rows = await deps.database.query<{
    seq: string;
    url: string;
    exclusion: string;
    status_code: number | null;
  }>(
    `select seq::text as seq, url, exclusion, status_code from tool_run_urls
      where run_id = $1 and exclusion is not null and ($2::text is null or exclusion = $2) and seq > $3
      order by seq limit $4`,
    [runId, query.reason ?? null, after, query.limit + 1],
  );
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    data: shown.map((row) => ({
      url: row.url,
      reason: row.exclusion as ExcludedReply['data'][number]['reason'],
      status: row.status_code,
    })),
    meta: {
      last_evaluated_key:
        rows.length > query.limit && last ? Buffer.from(`x${last.seq}`).toString('base64url') : null,
    },
  };
}

export interface SitemapFileOut {
  content: Buffer;
  name: string;
}

/** `GET /sitemap-generator/{guid}/files/{name}`: one file the run wrote. */
export async function sitemapFile(
  deps: WebmasterToolsDeps,
  organizationId: string,
  runId: string,
  name: string,
): Promise<SitemapFileOut> {
  await runRow(deps.database.query, organizationId, 'sitemap', runId);
  const [file] = await deps.database.query<{ content: Buffer }>(
    'select content from sitemap_files where run_id = $1 and name = $2',
    [runId, name],
  );
  if (!file) throw new AppError('not_found', 'File not found');
  return { content: file.content, name };
}

/** `GET /sitemaps/{token}/{name}`: a file of the website's latest sitemap, for search engines and scripts. */
export async function feedFile(
  deps: WebmasterToolsDeps,
  token: string,
  name: string,
): Promise<SitemapFileOut> {
  const [file] = await deps.database.query<{ content: Buffer }>(
    `select f.content from sitemap_feeds s
       join lateral (select id from tool_runs r where r.website_id = s.website_id and r.tool = 'sitemap'
                      and r.status = 'completed' order by r.created_at desc limit 1) latest on true
       join sitemap_files f on f.run_id = latest.id and f.name = $2
      where s.token = $1`,
    [token, name],
  );
  if (!file) throw new AppError('not_found', 'File not found');
  return { content: file.content, name };
}
