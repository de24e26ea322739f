import {
  AiActiveQuerySchema,
  AiDomainQuerySchema,
  AiStartBodySchema,
  ContentAnalysisSchema,
  ErrorReplySchema,
  LlmStatusSchema,
  VisibilityAnalysisSchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { websiteRouteErrors } from '../websites/routes';
import { type AiDeps, activeAnalysis, latestAnalysis, llmStatus, startAnalysis } from './service';

// 503: no language model is configured (llm_not_configured).
const errors = { ...websiteRouteErrors, 503: ErrorReplySchema };

/** AI content analysis and LLM visibility analysis (dashboard document 7, "AI and LLM analysis"). */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['ai analysis'];
  const guarded = { preHandler: requireAuth };
  const deps = (): AiDeps => ({
    database: app.deps.database,
    queue: app.deps.queue,
    llm: app.deps.services.llm,
  });

  for (const [path, kind, schema, name] of [
    ['/content-analysis', 'content', ContentAnalysisSchema, 'content analysis'],
    ['/visibility-analysis', 'visibility', VisibilityAnalysisSchema, 'LLM visibility analysis'],
  ] as const) {
    app.get(
      path,
      {
        ...guarded,
        schema: {
          summary: `The domain's latest finished ${name} (404: none yet)`,
          tags,
          security,
          querystring: AiDomainQuerySchema,
          response: { 200: schema, ...errors },
        },
      },
      async (request) =>
        latestAnalysis(deps(), organizationOf(callerOf(request)), kind, request.query.domain),
    );

    app.get(
      `${path}/active`,
      {
        ...guarded,
        schema: {
          summary: `The domain's ${name} under way, or the one process_guid names (404: none)`,
          tags,
          security,
          querystring: AiActiveQuerySchema,
          response: { 200: schema, ...errors },
        },
      },
      async (request) =>
        activeAnalysis(
          deps(),
          organizationOf(callerOf(request)),
          kind,
          request.query.domain,
          request.query.process_guid,
        ),
    );

    app.post(
      path,
      {
        ...guarded,
        schema: {
          summary: `Start a ${name} of a tracked website's domain (or answer the one under way)`,
          tags,
          security,
          body: AiStartBodySchema,
          response: { 200: schema, 202: schema, ...errors },
        },
      },
      async (request, reply) => {
        const started = await startAnalysis(
          deps(),
          organizationOf(callerOf(request)),
          kind,
          request.body.domain,
        );
        return reply.code(started.created ? 202 : 200).send(started.analysis);
      },
    );
  }

  app.get(
    '/llm/status',
    {
      ...guarded,
      schema: {
        summary: "Whether a language model is configured, and the organization's tokens this month",
        tags,
        security,
        response: { 200: LlmStatusSchema, ...errors },
      },
    },
    async (request) => llmStatus(deps(), organizationOf(callerOf(request))),
  );
};
