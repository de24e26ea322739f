import {
  type AddTrackedKeywordsBody,
  AddTrackedKeywordsBodySchema,
  type CompetitorPosition,
  type DeleteTrackedKeywordBody,
  DeleteTrackedKeywordBodySchema,
  type PositionTrendQuery,
  PositionTrendQuerySchema,
  type PositionTrendReply,
  PositionTrendReplySchema,
  TRACKED_KEYWORD_MESSAGES,
  TrackedKeywordsCountSchema,
  type TrackedKeywordsLocationBody,
  TrackedKeywordsLocationBodySchema,
  type TrackedKeywordsOverviewReply,
  TrackedKeywordsOverviewReplySchema,
  TrackedKeywordsQuerySchema,
  type TrackedKeywordsReply,
  TrackedKeywordsReplySchema,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { QueryFn } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { type AuthContext, callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { trackKeywordsJob } from '../keywords/tracking';
import { websiteRouteErrors, websitesDepsOf } from './routes';
import {
  insertKeywords,
  keywordsInUse,
  lockOrganization,
  requireRoomForKeywords,
  type WebsitesDeps,
} from './service';

// The keyword tracker's calls of the checkup document (7.3), on the websites' own keyword rows.

/** The organization's website of that domain; another organization's domain is 404 like an unknown one. */
async function findWebsiteId(query: QueryFn, organizationId: string, domain: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    'select id from websites where organization_id = $1 and domain = $2',
    [organizationId, domain],
  );
  if (!row) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
  return row.id;
}

interface TrackedRow {
  keyword: string;
  location_name: string;
  language_code: string;
  created_at: Date;
  search_volume: number | null;
  cpc: number | null;
  retry_at: Date | null;
  last_error: string | null;
  checked_on: string | null;
  pos: number | null;
  url: string | null;
  results_read: number | null;
  results_count: number | null;
  competitors: CompetitorPosition[] | null;
  prev_on: string | null;
  prev_pos: number | null;
}

/** Each keyword with its latest check and the one before (our own history, keyword_positions). */
async function trackedRows(query: QueryFn, websiteId: string): Promise<TrackedRow[]> {
  return query<TrackedRow>(
    `select wk.keyword, wk.location_name, wk.language_code, wk.created_at, wk.search_volume, wk.cpc, wk.retry_at, wk.last_error,
            latest.day::text as checked_on, latest.pos, latest.url, latest.results_read,
            latest.results_count::float8 as results_count,
            latest.competitors, previous.day::text as prev_on, previous.pos as prev_pos
       from website_keywords wk
       left join lateral (
         select day, pos, url, results_read, results_count, competitors from keyword_positions p
          where p.website_id = wk.website_id and p.keyword = wk.keyword
            and p.location_name = wk.location_name and p.language_code = wk.language_code
          order by day desc limit 1) latest on true
       left join lateral (
         select day, pos from keyword_positions p
          where p.website_id = wk.website_id and p.keyword = wk.keyword
            and p.location_name = wk.location_name and p.language_code = wk.language_code
            and p.day < latest.day
          order by day desc limit 1) previous on true
      where wk.website_id = $1
      order by wk.position, wk.keyword, wk.location_name, wk.language_code`,
    [websiteId],
  );
}

async function listOf(query: QueryFn, organizationId: string, domain: string): Promise<TrackedKeywordsReply> {
  const websiteId = await findWebsiteId(query, organizationId, domain);
  const rows = await trackedRows(query, websiteId);
  return {
    tracked_keywords: rows.map((row) => ({
      keyword: row.keyword,
      domain,
      location_name: row.location_name,
      language_code: row.language_code,
      c_at: new Date(row.created_at).toISOString(),
      vol: row.search_volume,
      cpc: row.cpc,
      ...(row.checked_on === null
        ? {}
        : {
            pos: row.pos,
            url: row.url,
            td_count: row.results_read ?? 0,
            r_no: row.results_count,
            competitors: row.competitors ?? [],
            checked_on: row.checked_on,
          }),
      ...(row.prev_on === null ? {} : { prev_pos: row.prev_pos }),
      ...(row.retry_at === null
        ? {}
        : {
            retry_at: new Date(row.retry_at).toISOString(),
            ...(row.last_error === null ? {} : { retry_reason: row.last_error }),
          }),
    })),
    keywords_no: await keywordsInUse(query, organizationId),
  };
}

/** Positions above the top 100 are compared as 101: entering the top 100 is a gain, leaving it a loss. */
const UNRANKED = 101;

/** `GET /api/dfs/tracked-keywords/overview?domain=`: the tiles, from our own history. */
export async function trackedKeywordsOverview(
  deps: WebsitesDeps,
  caller: AuthContext,
  domain: string,
): Promise<TrackedKeywordsOverviewReply> {
  const query = deps.database.query;
  const rows = await trackedRows(query, await findWebsiteId(query, organizationOf(caller), domain));
  const overview = { increased: 0, unchanged: 0, dropped: 0, pending: 0 };
  const ranked: number[] = [];
  for (const row of rows) {
    if (row.checked_on === null) {
      overview.pending += 1;
      continue;
    }
    if (row.pos !== null) ranked.push(Math.min(row.pos, 100));
    if (row.prev_on === null) continue;
    const now = row.pos ?? UNRANKED;
    const before = row.prev_pos ?? UNRANKED;
    if (now < before) overview.increased += 1;
    else if (now > before) overview.dropped += 1;
    else overview.unchanged += 1;
  }
  const average = ranked.length ? ranked.reduce((a, b) => a + b, 0) / ranked.length : null;
  return { avg_pos: average === null ? null : Math.round(average * 10) / 10, ...overview };
}

/** The trend chart's default window: the last 12 months. */
const TREND_DAYS = 365;

/** `GET /api/dfs/keyword-position-tracker`: one tracked keyword's checked days, oldest first. */
export async function positionTrend(
  deps: WebsitesDeps,
  caller: AuthContext,
  query: PositionTrendQuery,
): Promise<PositionTrendReply> {
  const websiteId = await findWebsiteId(deps.database.query, organizationOf(caller), query.domain);
  const end = query.end_date ?? new Date().toISOString().slice(0, 10);
  const start =
    query.start_date ??
    new Date(Date.parse(`${end}T00:00:00Z`) - TREND_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await deps.database.query<{ day: string; pos: number | null }>(
    `select day::text as day, pos from keyword_positions
      where website_id = $1 and keyword = $2 and location_name = $3 and language_code = $4
        and day between $5 and $6
      order by day`,
    [websiteId, query.phrase, query.location, query.language, start, end],
  );
  return { data: rows.map((row) => ({ pos: row.pos, c_at: row.day })) };
}

/**
 * `PATCH /api/dfs/tracked-keywords/location`: the domain's keywords move to another market (one
 * already tracked there stays once) and the website's market follows. Positions are per market, so
 * the moved keywords start again with no position.
 */
export async function moveTrackedKeywords(
  deps: WebsitesDeps,
  caller: AuthContext,
  body: TrackedKeywordsLocationBody,
): Promise<TrackedKeywordsReply> {
  const organizationId = organizationOf(caller);
  const reply = await deps.database.transaction(async (query) => {
    const websiteId = await findWebsiteId(query, organizationId, body.domain);
    await query(
      `update website_keywords wk set location_name = $2, language_code = $3, retry_at = null, last_error = null
        where website_id = $1
          and not exists (select 1 from website_keywords other
                           where other.website_id = wk.website_id and other.keyword = wk.keyword
                             and other.location_name = $2 and other.language_code = $3)`,
      [websiteId, body.location_name, body.language_code],
    );
    await query(
      'delete from website_keywords where website_id = $1 and (location_name <> $2 or language_code <> $3)',
      [websiteId, body.location_name, body.language_code],
    );
    await query(
      `update websites set settings = settings || jsonb_build_object('location_name', $2::text, 'language_code', $3::text)
        where id = $1`,
      [websiteId, body.location_name, body.language_code],
    );
    return listOf(query, organizationId, body.domain);
  });
  await checkSoon(deps);
  return reply;
}

/** New keywords are checked now rather than at the next hourly run. */
async function checkSoon(deps: WebsitesDeps): Promise<void> {
  await deps.queue.send(trackKeywordsJob, {}, { singletonKey: 'added-keywords' });
}

/** `GET /api/dfs/tracked-keywords?domain=`: the domain's keywords, and the organization's count. */
export async function listTrackedKeywords(
  deps: WebsitesDeps,
  caller: AuthContext,
  domain: string,
): Promise<TrackedKeywordsReply> {
  return listOf(deps.database.query, organizationOf(caller), domain);
}

/** `GET /api/dfs/tracked-keywords/count`: the organization's tracked keywords. */
export async function countTrackedKeywords(deps: WebsitesDeps, caller: AuthContext) {
  return { keywords_no: await keywordsInUse(deps.database.query, organizationOf(caller)) };
}

/**
 * `POST /api/dfs/tracked-keywords/batch`: adds the keywords the domain does not track yet in that
 * market. max_keywords is checked under the organization's lock, in the transaction that inserts,
 * so concurrent adds count one by one (as `createWebsite` does).
 */
export async function addTrackedKeywords(
  deps: WebsitesDeps,
  caller: AuthContext,
  body: AddTrackedKeywordsBody,
): Promise<TrackedKeywordsReply> {
  const organizationId = organizationOf(caller);
  const reply = await deps.database.transaction(async (query) => {
    await lockOrganization(query, organizationId);
    const websiteId = await findWebsiteId(query, organizationId, body.domain);
    const existing = await query<{ keyword: string; position: number }>(
      `select keyword, position from website_keywords
        where website_id = $1 and location_name = $2 and language_code = $3`,
      [websiteId, body.location_name, body.language_code],
    );
    const tracked = new Set(existing.map((row) => row.keyword));
    const fresh = body.keywords.filter((keyword) => !tracked.has(keyword));
    if (fresh.length > 0) {
      await requireRoomForKeywords(deps, query, organizationId, fresh.length);
      const [last] = await query<{ position: number | null }>(
        'select max(position) as position from website_keywords where website_id = $1',
        [websiteId],
      );
      await insertKeywords(query, { websiteId, organizationId, ...body }, fresh, (last?.position ?? -1) + 1);
    }
    return listOf(query, organizationId, body.domain);
  });
  await checkSoon(deps);
  return reply;
}

/** `DELETE /api/dfs/tracked-keywords`: the keyword stops being tracked for the domain, in every market. */
export async function deleteTrackedKeyword(
  deps: WebsitesDeps,
  caller: AuthContext,
  body: DeleteTrackedKeywordBody,
): Promise<void> {
  const organizationId = organizationOf(caller);
  const websiteId = await findWebsiteId(deps.database.query, organizationId, body.domain);
  const removed = await deps.database.transaction(async (query) => {
    await query('delete from keyword_positions where website_id = $1 and keyword = $2', [
      websiteId,
      body.keyword,
    ]);
    return query('delete from website_keywords where website_id = $1 and keyword = $2 returning keyword', [
      websiteId,
      body.keyword,
    ]);
  });
  if (removed.length === 0) throw fieldError('not_found', 'keyword', TRACKED_KEYWORD_MESSAGES.notTracked);
}

const errors = websiteRouteErrors;

/** The tracked-keyword calls (checkup document 7.3) for the organization's websites. */
export const trackedKeywordRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['tracked keywords'];
  const deps = () => websitesDepsOf(app);
  const guarded = { preHandler: requireAuth };

  app.get(
    '/dfs/tracked-keywords',
    {
      ...guarded,
      schema: {
        summary: "A tracked website's keywords, and the organization's tracked-keyword count",
        tags,
        security,
        querystring: TrackedKeywordsQuerySchema,
        response: { 200: TrackedKeywordsReplySchema, ...errors },
      },
    },
    async (request) => listTrackedKeywords(deps(), callerOf(request), request.query.domain),
  );

  app.get(
    '/dfs/tracked-keywords/count',
    {
      ...guarded,
      schema: {
        summary: "The organization's tracked keywords (what max_keywords limits)",
        tags,
        security,
        response: { 200: TrackedKeywordsCountSchema, ...errors },
      },
    },
    async (request) => countTrackedKeywords(deps(), callerOf(request)),
  );

  app.post(
    '/dfs/tracked-keywords/batch',
    {
      ...guarded,
      schema: {
        summary: 'Track keywords of a website in a market; ones already tracked are ignored',
        tags,
        security,
        body: AddTrackedKeywordsBodySchema,
        response: { 201: TrackedKeywordsReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addTrackedKeywords(deps(), callerOf(request), request.body)),
  );

  app.delete(
    '/dfs/tracked-keywords',
    {
      ...guarded,
      schema: {
        summary: 'Stop tracking a keyword of a website',
        tags,
        security,
        body: DeleteTrackedKeywordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTrackedKeyword(deps(), callerOf(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/dfs/tracked-keywords/overview',
    {
      ...guarded,
      schema: {
        summary: "A tracked website's keywords: average position, and how many went up, down or stayed",
        tags,
        security,
        querystring: TrackedKeywordsQuerySchema,
        response: { 200: TrackedKeywordsOverviewReplySchema, ...errors },
      },
    },
    async (request) => trackedKeywordsOverview(deps(), callerOf(request), request.query.domain),
  );

  app.get(
    '/dfs/keyword-position-tracker',
    {
      ...guarded,
      schema: {
        summary: "A tracked keyword's daily positions (the last 12 months by default)",
        tags,
        security,
        querystring: PositionTrendQuerySchema,
        response: { 200: PositionTrendReplySchema, ...errors },
      },
    },
    async (request) => positionTrend(deps(), callerOf(request), request.query),
  );

  app.patch(
    '/dfs/tracked-keywords/location',
    {
      ...guarded,
      schema: {
        summary: "Move a website's tracked keywords (and its market) to another location and language",
        tags,
        security,
        body: TrackedKeywordsLocationBodySchema,
        response: { 200: TrackedKeywordsReplySchema, ...errors },
      },
    },
    async (request) => moveTrackedKeywords(deps(), callerOf(request), request.body),
  );
};
