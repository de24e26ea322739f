import {
  AffectedUrlsExportParamsSchema,
  CrawlComparisonSchema,
  WebsiteParamsSchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { sendCsv } from '../../http/csv';
import { websiteRouteErrors as errors } from '../websites/routes';
import { crawlComparison } from './comparison';
import { exportAffectedUrls, exportMonitoredUrls } from './export';
import { websiteOf } from './service';

/** Deep Analysis over time: the crawl comparison and the CSV exports of the URL lists. */
export const deepAnalysisHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['deep analysis'];
  const guarded = { preHandler: requireAuth };
  const query = () => app.deps.database.query;

  app.get(
    '/on-page-seo/crawl-comparison/:w_guid',
    {
      ...guarded,
      schema: {
        summary: "The website's latest crawl against the one before it: new, fixed and open issues",
        tags,
        security,
        params: WebsiteParamsSchema,
        response: { 200: CrawlComparisonSchema, ...errors },
      },
    },
    async (request) => {
      await websiteOf(query(), organizationOf(callerOf(request)), request.params.w_guid);
      return crawlComparison(query(), request.params.w_guid);
    },
  );

  app.get(
    '/serviceable-url/:w_guid/export.csv',
    {
      ...guarded,
      schema: {
        summary: 'Every monitored URL of the website as CSV, with its page group, score and checks',
        tags,
        security,
        params: WebsiteParamsSchema,
        produces: ['text/csv'],
        response: errors,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportMonitoredUrls(query(), organizationOf(callerOf(request)), request.params.w_guid),
      ),
  );

  app.get(
    '/on-page-seo/affected-urls/:w_guid/:key/export.csv',
    {
      ...guarded,
      schema: {
        summary: 'Every URL failing a check as CSV, with the check’s message',
        tags,
        security,
        params: AffectedUrlsExportParamsSchema,
        produces: ['text/csv'],
        response: errors,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportAffectedUrls(
          query(),
          organizationOf(callerOf(request)),
          request.params.w_guid,
          request.params.key,
        ),
      ),
  );
};
