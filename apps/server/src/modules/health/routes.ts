import { ErrorReplySchema, HealthReplySchema } from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from './service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and readiness: the database and the job queue',
        tags: ['system'],
        response: { 200: HealthReplySchema, 503: HealthReplySchema, 500: ErrorReplySchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.deps.database, app.deps.queue);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
