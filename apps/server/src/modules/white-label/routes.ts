import {
  ErrorReplySchema,
  ReportTemplateSchema,
  TemplateInputSchema,
  TemplateListReplySchema,
  TemplateParamsSchema,
  TemplatePatchSchema,
  WHITE_LABEL_MESSAGES,
  WhiteLabelPdfQuerySchema,
  WhiteLabelPdfReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireAuth } from '../../http/authenticate';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  pdfReply,
  templateLogo,
  updateTemplate,
  type WhiteLabelDeps,
  whiteLabelPdf,
} from './service';

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 404: ErrorReplySchema };

/**
 * A template body carries its logo as base64: 1 MiB of file is 1,398,104 characters. The limit is
 * enforced while the body is read; the decoded file is held to exactly 1 MiB after.
 */
const TEMPLATE_BODY_LIMIT = 1_500_000;
const templateBody = {
  bodyLimit: TEMPLATE_BODY_LIMIT,
  config: { bodyTooLargeMessage: WHITE_LABEL_MESSAGES.logoTooLarge },
};

/** White-label report templates and the branded PDF (spec 7.5). */
export const whiteLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['white-label'], security: [{ bearer: [] }] };
  const deps = (): WhiteLabelDeps => ({
    query: app.deps.database.query,
    planLimits: app.deps.services.planLimits,
  });

  app.get(
    '/white-label/template',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'The templates: the built-in one, then the organization’s; and whether the plan allows them',
        response: { 200: TemplateListReplySchema, ...errors },
      },
    },
    async (request) => listTemplates(deps(), callerOf(request)),
  );

  app.post(
    '/white-label/template',
    {
      preHandler: requireAuth,
      ...templateBody,
      schema: {
        ...schema,
        summary:
          'Create a template (name, header, footer, logo as a data URL of a PNG, GIF or JPEG up to 1 MiB)',
        body: TemplateInputSchema,
        response: { 201: ReportTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createTemplate(deps(), callerOf(request), request.body);
    },
  );

  app.patch(
    '/white-label/template/:guid',
    {
      preHandler: requireAuth,
      ...templateBody,
      schema: {
        ...schema,
        summary: 'Change a template; base64_logo only when the logo changed (null removes it)',
        params: TemplateParamsSchema,
        body: TemplatePatchSchema,
        response: { 200: ReportTemplateSchema, ...errors },
      },
    },
    async (request) => updateTemplate(deps(), callerOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/white-label/template/:guid',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Delete a template',
        params: TemplateParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTemplate(deps(), callerOf(request), request.params.guid);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/white-label/template/:guid/logo',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'The template’s logo (PNG)',
        params: TemplateParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const png = await templateLogo(deps(), callerOf(request), request.params.guid);
      return reply
        .type('image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(png as never);
    },
  );

  app.get(
    '/white-label/pdf',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary:
          'A saved report as a PDF branded with a template (report_guid, else the latest of report_url); output_type=pdf answers the document itself',
        querystring: WhiteLabelPdfQuerySchema,
        response: { 200: WhiteLabelPdfReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await whiteLabelPdf(deps(), callerOf(request), request.query);
      if (request.query.output_type === 'json') return pdfReply(result);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${result.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(result.pdf as never);
    },
  );
};
