import {
  ErrorReplySchema,
  HealthReplySchema,
  type LivenessReply,
  LivenessReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERSION } from '../../version';
import { checkHealth, sharedReadiness } from './service';

const tags = ['system'];

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built once: every liveness answer is the same bytes, with no query behind them. A string sent
  // as JSON goes out as it is, without the serializer.
  const alive = JSON.stringify({ status: 'ok', version: VERSION } satisfies LivenessReply);
  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Liveness: the process answers (no database, no queue)',
        tags,
        response: { 200: LivenessReplySchema },
      },
    },
    async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(alive as unknown as LivenessReply),
  );

  const readiness = sharedReadiness(() => checkHealth(app.deps.database, app.deps.queue));
  for (const url of ['/health/ready', '/health']) {
    app.get(
      url,
      {
        schema: {
          summary:
            url === '/health'
              ? 'Readiness, as /health/ready (kept for probes that ask here)'
              : 'Readiness: the database and the job queue, checked at most once a second',
          tags,
          response: { 200: HealthReplySchema, 503: HealthReplySchema, 500: ErrorReplySchema },
        },
      },
      async (_request, reply) => {
        const health = await readiness();
        return reply.code(health.status === 'ok' ? 200 : 503).send(health);
      },
    );
  }
};
