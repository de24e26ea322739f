import {
  ErrorReplySchema,
  OutageContextQuerySchema,
  OutageContextReplySchema,
  OutageListQuerySchema,
  OutageListReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { listOutages, outageContext } from './service';

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 404: ErrorReplySchema };

/** The outage calls (checkup document 7.4). */
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
};
