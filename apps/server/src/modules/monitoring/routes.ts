import {
  ErrorReplySchema,
  LoadingTimeCheckBodySchema,
  LoadingTimeCheckReplySchema,
  LoadingTimeQuerySchema,
  LoadingTimeReplySchema,
  OutageContextQuerySchema,
  OutageContextReplySchema,
  OutageListQuerySchema,
  OutageListReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { listOutages, loadingTime, outageContext, requestPageLoad } from './service';

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 404: ErrorReplySchema };

/** The loading-time and outage calls (checkup document 7.4). */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['monitoring'], security: [{ bearer: [] }] };
  const organization = (request: Parameters<typeof callerOf>[0]) => organizationOf(callerOf(request));

  app.get(
    '/outage/list',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: "A tracked website's outages, over and under way, between two days (the last 30 by default)",
        querystring: OutageListQuerySchema,
        response: { 200: OutageListReplySchema, ...errors },
      },
    },
    async (request) => listOutages(app.deps.database.query, organization(request), request.query),
  );

  app.get(
    '/outage/context',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: "An outage's failed checks: region, ping or loading_time, value and error",
        querystring: OutageContextQuerySchema,
        response: { 200: OutageContextReplySchema, ...errors },
      },
    },
    async (request) => outageContext(app.deps.database.query, organization(request), request.query.guid),
  );

  app.get(
    '/loading-time',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: "A tracked website's page loads at one of its regions, by hour or by day",
        querystring: LoadingTimeQuerySchema,
        response: { 200: LoadingTimeReplySchema, ...errors },
      },
    },
    async (request) => loadingTime(app.deps.database.query, organization(request), request.query),
  );

  app.post(
    '/loading-time',
    {
      preHandler: requireAuth,
      config: { outgoing: 'pageLoad' },
      schema: {
        ...schema,
        summary: 'Load the page now at a region, or at each of the website’s regions',
        body: LoadingTimeCheckBodySchema,
        response: { 202: LoadingTimeCheckReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return requestPageLoad(app.deps.database.query, organization(request), request.body);
    },
  );
};
