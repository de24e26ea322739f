import {
  type AddTrackedKeywordsBody,
  AddTrackedKeywordsBodySchema,
  type DeleteTrackedKeywordBody,
  DeleteTrackedKeywordBodySchema,
  TRACKED_KEYWORD_MESSAGES,
  TrackedKeywordsCountSchema,
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

async function listOf(query: QueryFn, organizationId: string, domain: string): Promise<TrackedKeywordsReply> {
  const websiteId = await findWebsiteId(query, organizationId, domain);
  const rows = await query<{
    keyword: string;
    location_name: string;
    language_code: string;
    created_at: Date;
  }>(
    `select keyword, location_name, language_code, created_at from website_keywords
      where website_id = $1 order by position, keyword, location_name, language_code`,
    [websiteId],
  );
  return {
    tracked_keywords: rows.map((row) => ({
      keyword: row.keyword,
      domain,
      location_name: row.location_name,
      language_code: row.language_code,
      c_at: new Date(row.created_at).toISOString(),
    })),
    keywords_no: await keywordsInUse(query, organizationId),
  };
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
  return deps.database.transaction(async (query) => {
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
}

/** `DELETE /api/dfs/tracked-keywords`: the keyword stops being tracked for the domain, in every market. */
export async function deleteTrackedKeyword(
  deps: WebsitesDeps,
  caller: AuthContext,
  body: DeleteTrackedKeywordBody,
): Promise<void> {
  const organizationId = organizationOf(caller);
  const websiteId = await findWebsiteId(deps.database.query, organizationId, body.domain);
  const removed = await deps.database.query(
    'delete from website_keywords where website_id = $1 and keyword = $2 returning keyword',
    [websiteId, body.keyword],
  );
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
};
