import { Readable } from 'node:stream';
import {
  BrokenLinksQuerySchema,
  BrokenLinksReplySchema,
  BrokenLinksRunSchema,
  ExcludedQuerySchema,
  ExcludedReplySchema,
  LINK_KIND_LABELS,
  LinkPagesReplySchema,
  LinkParamsSchema,
  RecheckBodySchema,
  RunParamsSchema,
  SitemapFeedParamsSchema,
  SitemapFileParamsSchema,
  SitemapRunSchema,
  StartBrokenLinksBodySchema,
  StartSitemapBodySchema,
  ToolRunSchema,
  ToolRunsQuerySchema,
  ToolRunsReplySchema,
} from '@sitelens/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { csvLine, sendCsv } from '../../http/csv';
import { websiteRouteErrors as errors } from '../websites/routes';
import {
  brokenLinksRun,
  excludedUrls,
  exportLinks,
  feedFile,
  linkPages,
  listLinks,
  listRuns,
  recheckLinks,
  type SitemapFileOut,
  sitemapFile,
  sitemapRun,
  startRun,
  type WebmasterToolsDeps,
} from './service';

const depsOf = (app: FastifyInstance): WebmasterToolsDeps => ({
  database: app.deps.database,
  queue: app.deps.queue,
  planLimits: app.deps.services.planLimits,
  config: app.deps.config,
});

const BROKEN_LINKS_CSV_COLUMNS = [
  'URL',
  'Type',
  'Internal',
  'Status',
  'Reason',
  'Redirect chain',
  'Anchor text',
  'Found on (count)',
  'Found on',
];

const sendSitemapFile = (reply: FastifyReply, file: SitemapFileOut, download: boolean) => {
  reply.type(file.name.endsWith('.gz') ? 'application/gzip' : 'application/xml; charset=utf-8');
  if (download) reply.header('content-disposition', `attachment; filename="${file.name}"`);
  return reply.send(file.content);
};

/** Broken Links: a crawl of a site with every link checked (the spec names the route only). */
export const brokenLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['broken links'];
  const guarded = { preHandler: requireAuth };
  const deps = () => depsOf(app);

  app.post(
    '/broken-links',
    {
      ...guarded,
      config: { outgoing: 'toolRun' },
      schema: {
        summary: 'Crawl a tracked website or a URL and check every link (one of the plan’s checkups)',
        tags,
        security,
        body: StartBrokenLinksBodySchema,
        response: { 202: ToolRunSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await startRun(deps(), organizationOf(callerOf(request)), 'broken_links', request.body)),
  );

  app.get(
    '/broken-links',
    {
      ...guarded,
      schema: {
        summary: 'The latest runs for a tracked website, or for the URLs typed in',
        tags,
        security,
        querystring: ToolRunsQuerySchema,
        response: { 200: ToolRunsReplySchema, ...errors },
      },
    },
    async (request) =>
      listRuns(deps(), organizationOf(callerOf(request)), 'broken_links', request.query.w_guid),
  );

  app.get(
    '/broken-links/:guid',
    {
      ...guarded,
      schema: {
        summary: 'A run: its progress, its links counted by kind, and the changes since the previous run',
        tags,
        security,
        params: RunParamsSchema,
        response: { 200: BrokenLinksRunSchema, ...errors },
      },
    },
    async (request) => brokenLinksRun(deps(), organizationOf(callerOf(request)), request.params.guid),
  );

  app.get(
    '/broken-links/:guid/links',
    {
      ...guarded,
      schema: {
        summary: 'The links with a problem (or of one kind), filtered and sorted; keyset pages',
        tags,
        security,
        params: RunParamsSchema,
        querystring: BrokenLinksQuerySchema,
        response: { 200: BrokenLinksReplySchema, ...errors },
      },
    },
    async (request) =>
      listLinks(deps(), organizationOf(callerOf(request)), request.params.guid, request.query),
  );

  app.get(
    '/broken-links/:guid/links/:link_guid/pages',
    {
      ...guarded,
      schema: {
        summary: 'The pages a link is found on, with its anchor text there',
        tags,
        security,
        params: LinkParamsSchema,
        response: { 200: LinkPagesReplySchema, ...errors },
      },
    },
    async (request) =>
      linkPages(deps(), organizationOf(callerOf(request)), request.params.guid, request.params.link_guid),
  );

  app.get(
    '/broken-links/:guid/export.csv',
    {
      ...guarded,
      schema: {
        summary: 'The links of the list’s filters as CSV, each with every page it is found on',
        tags,
        security,
        params: RunParamsSchema,
        querystring: BrokenLinksQuerySchema.omit({
          sort: true,
          order: true,
          limit: true,
          last_evaluated_key: true,
        }),
        produces: ['text/csv'],
        response: errors,
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(callerOf(request));
      const rows = exportLinks(deps(), organizationId, request.params.guid, request.query);
      // The first row is read before answering, so an unknown run is a 404, not an empty file.
      const first = await rows.next();
      async function* lines() {
        yield csvLine(BROKEN_LINKS_CSV_COLUMNS);
        for (let row = first; !row.done; row = await rows.next()) {
          const { link, pages } = row.value;
          yield csvLine([
            link.url,
            LINK_KIND_LABELS[link.kind],
            link.internal,
            link.status,
            link.reason,
            link.redirect_chain.map((hop) => `${hop.status} ${hop.url}`).join(' → '),
            link.anchor,
            link.found_on_count,
            pages.join(' '),
          ]);
        }
      }
      return sendCsv(reply, {
        fileName: `broken-links-${request.params.guid.slice(0, 8)}.csv`,
        body: Readable.from(lines(), { objectMode: false }),
      });
    },
  );

  app.post(
    '/broken-links/:guid/recheck',
    {
      ...guarded,
      config: { outgoing: 'toolRun' },
      schema: {
        summary: 'Check the links given again, or every link with a problem',
        tags,
        security,
        params: RunParamsSchema,
        body: RecheckBodySchema,
        response: { 202: ToolRunSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await recheckLinks(
            deps(),
            organizationOf(callerOf(request)),
            request.params.guid,
            request.body.link_guids,
          ),
        ),
  );
};

/** The Sitemap Generator: a crawl of a site written out as an XML sitemap of its indexable pages. */
export const sitemapGeneratorRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['sitemap generator'];
  const guarded = { preHandler: requireAuth };
  const deps = () => depsOf(app);

  app.post(
    '/sitemap-generator',
    {
      ...guarded,
      config: { outgoing: 'toolRun' },
      schema: {
        summary: 'Crawl a tracked website or a URL and write a sitemap of its indexable pages',
        tags,
        security,
        body: StartSitemapBodySchema,
        response: { 202: ToolRunSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await startRun(deps(), organizationOf(callerOf(request)), 'sitemap', request.body)),
  );

  app.get(
    '/sitemap-generator',
    {
      ...guarded,
      schema: {
        summary: 'The latest sitemaps generated for a tracked website, or for the URLs typed in',
        tags,
        security,
        querystring: ToolRunsQuerySchema,
        response: { 200: ToolRunsReplySchema, ...errors },
      },
    },
    async (request) => listRuns(deps(), organizationOf(callerOf(request)), 'sitemap', request.query.w_guid),
  );

  app.get(
    '/sitemap-generator/:guid',
    {
      ...guarded,
      schema: {
        summary: 'A run: its progress, options, files, counts of what was left out, and a preview',
        tags,
        security,
        params: RunParamsSchema,
        response: { 200: SitemapRunSchema, ...errors },
      },
    },
    async (request) => sitemapRun(deps(), organizationOf(callerOf(request)), request.params.guid),
  );

  app.get(
    '/sitemap-generator/:guid/excluded',
    {
      ...guarded,
      schema: {
        summary: 'The crawled URLs left out of the sitemap, and why; keyset pages',
        tags,
        security,
        params: RunParamsSchema,
        querystring: ExcludedQuerySchema,
        response: { 200: ExcludedReplySchema, ...errors },
      },
    },
    async (request) =>
      excludedUrls(deps(), organizationOf(callerOf(request)), request.params.guid, request.query),
  );

  app.get(
    '/sitemap-generator/:guid/files/:name',
    {
      ...guarded,
      schema: {
        summary: 'Download a file of the sitemap (sitemap.xml, its parts; .gz when compressed)',
        tags,
        security,
        params: SitemapFileParamsSchema,
        produces: ['application/xml', 'application/gzip'],
        response: errors,
      },
    },
    async (request, reply) =>
      sendSitemapFile(
        reply,
        await sitemapFile(
          deps(),
          organizationOf(callerOf(request)),
          request.params.guid,
          request.params.name,
        ),
        true,
      ),
  );

  app.get(
    '/sitemaps/:token/:name',
    {
      schema: {
        summary:
          'The latest sitemap of a tracked website at a stable address (no session: the token is the key)',
        tags,
        params: SitemapFeedParamsSchema,
        produces: ['application/xml', 'application/gzip'],
        response: { 404: errors[404], 400: errors[400] },
      },
    },
    async (request, reply) =>
      sendSitemapFile(reply, await feedFile(deps(), request.params.token, request.params.name), false),
  );
};
