import {
  CompetitorOverviewsQuerySchema,
  ErrorReplySchema,
  OverviewRowSchema,
  OverviewsQuerySchema,
  ReportDomainListReplySchema,
  ReportQuerySchema,
  ReportSchema,
  ReportStructureQuerySchema,
  ReportStructureSchema,
  SaveReportBodySchema,
  SectionParamsSchema,
  SectionQuerySchema,
  SectionReplySchema,
  StartReportBodySchema,
  StartReportReplySchema,
  UrlListQuerySchema,
  UrlListReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireAuth } from '../../http/authenticate';
import {
  type CheckupDeps,
  overviews,
  readReport,
  readSection,
  readSnapshot,
  reportDomains,
  reportPdf,
  reportUrls,
  saveReport,
  startReport,
  structure,
} from './service';

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 404: ErrorReplySchema };

/** The analysis service of the spec (checkup document, 7.1). */
export const checkupRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['checkup'];
  const deps = (): CheckupDeps => ({
    database: app.deps.database,
    queue: app.deps.queue,
    planLimits: app.deps.services.planLimits,
  });

  app.get(
    '/report/sections',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'The report structure: categories and their sections',
        tags,
        security,
        querystring: ReportStructureQuerySchema,
        response: { 200: ReportStructureSchema, ...errors },
      },
    },
    async (request) => structure(request.query.fields),
  );

  for (const path of ['/report', '/report/background'] as const) {
    app.post(
      path,
      {
        preHandler: requireAuth,
        config: { outgoing: 'checkup' },
        schema: {
          summary:
            path === '/report'
              ? 'Start a checkup; read its sections as they arrive'
              : 'Start a checkup in the background',
          tags,
          security,
          body: StartReportBodySchema,
          response: { 201: StartReportReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await startReport(deps(), callerOf(request), request.body)),
    );
  }

  app.get(
    '/report/v2',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          'A report: status, overview, competitors, important fixes; with include=results, every section',
        tags,
        security,
        querystring: ReportQuerySchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) =>
      readReport(deps(), callerOf(request), request.query.guid, request.query.url, request.query.include),
  );

  app.post(
    '/report/v2/save',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Save a finished report to the archive',
        tags,
        security,
        body: SaveReportBodySchema,
        response: { 201: z.object({ saved: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await saveReport(deps(), callerOf(request), request.body.guid);
      return reply.code(201).send({ saved: true as const });
    },
  );

  app.get(
    '/report/v2/overviews',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Archived report overviews in a date range',
        tags,
        security,
        querystring: OverviewsQuerySchema,
        response: { 200: z.array(OverviewRowSchema), ...errors },
      },
    },
    async (request) => overviews(deps(), callerOf(request), request.query),
  );

  app.get(
    '/report/v2/competitor-overviews',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Overviews of competitors checked alongside reports, by URL and date range',
        tags,
        security,
        querystring: CompetitorOverviewsQuerySchema,
        response: { 200: z.array(OverviewRowSchema), ...errors },
      },
    },
    async (request) =>
      overviews(deps(), callerOf(request), request.query, 'competitor', request.query.urls.split(',')),
  );

  app.get(
    '/report/v2/domains',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Domains with saved reports (the white-label report choice)',
        tags,
        security,
        response: { 200: ReportDomainListReplySchema, ...errors },
      },
    },
    async (request) => reportDomains(deps(), callerOf(request)),
  );

  app.get(
    '/report/v2/urls',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'URLs of a domain with saved reports, 50 at a time',
        tags,
        security,
        querystring: UrlListQuerySchema,
        response: { 200: UrlListReplySchema, ...errors },
      },
    },
    async (request) => reportUrls(deps(), callerOf(request), request.query.domain, request.query.next_token),
  );

  app.get(
    '/report/:guid/pdf',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'The finished report as a PDF',
        tags,
        security,
        params: z.object({ guid: z.uuid() }),
        querystring: SectionQuerySchema,
        response: { 404: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await reportPdf(
        deps(),
        callerOf(request),
        request.params.guid,
        request.query.url,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf as never);
    },
  );

  app.get(
    '/report/:guid/snapshot',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'The mobile screenshot of the main URL or of `url`',
        tags,
        security,
        params: z.object({ guid: z.uuid() }),
        querystring: SectionQuerySchema,
        response: { 404: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      const png = await readSnapshot(deps(), callerOf(request), request.params.guid, request.query.url);
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=86400')
        .send(png as never);
    },
  );

  app.get(
    '/report/:guid/:section',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'One section’s result; waits up to 25 s while it is computed, then 202 to retry',
        tags,
        security,
        params: SectionParamsSchema,
        querystring: SectionQuerySchema,
        response: { 200: SectionReplySchema, 202: z.object({ status: z.literal('pending') }), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await readSection(
        deps(),
        callerOf(request),
        request.params.guid,
        request.params.section,
        request.query.url,
        app.deps.config.CHECKUP_SECTION_WAIT_MS,
      );
      if (!answer.ready)
        return reply
          .code(202)
          .header('retry-after', '1')
          .send({ status: 'pending' as const });
      return answer.reply;
    },
  );
};
