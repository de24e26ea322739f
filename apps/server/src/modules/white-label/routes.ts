import {
  ErrorReplySchema,
  ReportTemplateSchema,
  ScheduleInputSchema,
  ScheduleListReplySchema,
  SchedulePatchSchema,
  ScheduleSchema,
  ShareCreatedSchema,
  SharedReportSchema,
  ShareInputSchema,
  ShareListReplySchema,
  ShareSchema,
  ShareTokenParamsSchema,
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
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './schedules';
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
import {
  createShare,
  listShares,
  revokeShare,
  sharedReport,
  sharedReportPdf,
  sharedReportSnapshot,
} from './shares';

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

  const guidParams = z.object({ guid: z.uuid() });

  app.get(
    '/white-label/schedules',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary:
          'Scheduled reports: a website’s latest saved report, branded and e-mailed each week or month',
        response: { 200: ScheduleListReplySchema, ...errors },
      },
    },
    async (request) => ({ schedules: await listSchedules(deps(), callerOf(request)) }),
  );

  app.post(
    '/white-label/schedules',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Schedule a website’s report for a client’s address (sent once per week or month)',
        body: ScheduleInputSchema,
        response: { 201: ScheduleSchema, 409: ErrorReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createSchedule(
        { ...deps(), transaction: app.deps.database.transaction },
        callerOf(request),
        request.body,
      );
    },
  );

  app.patch(
    '/white-label/schedules/:guid',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Change a scheduled report (template, address, frequency, on or off)',
        params: guidParams,
        body: SchedulePatchSchema,
        response: { 200: ScheduleSchema, ...errors },
      },
    },
    async (request) => updateSchedule(deps(), callerOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/white-label/schedules/:guid',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Remove a scheduled report',
        params: guidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSchedule(deps(), callerOf(request), request.params.guid);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/white-label/shares',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Share links to branded reports, newest first (the links themselves are shown once)',
        response: { 200: ShareListReplySchema, ...errors },
      },
    },
    async (request) => ({ shares: await listShares(deps(), callerOf(request)) }),
  );

  app.post(
    '/white-label/shares',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'A read-only link to a branded report for someone without an account; it expires',
        body: ShareInputSchema,
        response: { 201: ShareCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createShare(deps(), callerOf(request), request.body, app.deps.config.PUBLIC_URL);
    },
  );

  app.delete(
    '/white-label/shares/:guid',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Revoke a share link: it stops opening at once',
        params: guidParams,
        response: { 200: ShareSchema, ...errors },
      },
    },
    async (request) => revokeShare(deps(), callerOf(request), request.params.guid),
  );

  const shared = { tags: ['white-label'] };
  const sharedErrors = { 404: ErrorReplySchema, 410: ErrorReplySchema };

  app.get(
    '/shared/report/:token',
    {
      schema: {
        ...shared,
        summary: 'A shared branded report (no session: the token is the key); 410 once expired or revoked',
        params: ShareTokenParamsSchema,
        response: { 200: SharedReportSchema, ...sharedErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return sharedReport(app.deps.database.query, request.params.token);
    },
  );

  app.get(
    '/shared/report/:token/pdf',
    {
      schema: {
        ...shared,
        summary: 'A shared branded report as its PDF (no session)',
        params: ShareTokenParamsSchema,
        response: sharedErrors,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await sharedReportPdf(app.deps.database.query, request.params.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(pdf as never);
    },
  );

  app.get(
    '/shared/report/:token/snapshot',
    {
      schema: {
        ...shared,
        summary: 'A shared report’s mobile snapshot (no session)',
        params: ShareTokenParamsSchema,
        response: sharedErrors,
      },
    },
    async (request, reply) => {
      const png = await sharedReportSnapshot(app.deps.database.query, request.params.token);
      return reply
        .type('image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(png as never);
    },
  );
};
