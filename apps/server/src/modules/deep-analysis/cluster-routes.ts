import {
  AddServiceableUrlsBodySchema,
  AddServiceableUrlsReplySchema,
  CreatePageGroupBodySchema,
  PageGroupParamsSchema,
  PageGroupSchema,
  ServiceableUrlsReplySchema,
  UpdatePageGroupBodySchema,
  URL_PAGE_SIZE,
  WebsiteParamsSchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { websiteRouteErrors as errors } from '../websites/routes';
import {
  createGroup,
  deleteGroup,
  groupScreenshot,
  listGroups,
  listGroupUrls,
  updateGroup,
} from './clusters';
import { depsOf } from './routes';
import { addUrls } from './service';

const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(URL_PAGE_SIZE),
  last_evaluated_key: z.string().max(200).optional(),
});

/** Page groups (dashboard document 7, "Serviceable URLs and clusters"). */
export const pageGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['deep analysis'];
  const guarded = { preHandler: requireAuth };
  const deps = () => depsOf(app);

  app.get(
    '/url-cluster/:w_guid',
    {
      ...guarded,
      schema: {
        summary: "The website's page groups, largest first (then by title)",
        tags,
        security,
        params: WebsiteParamsSchema,
        response: { 200: z.array(PageGroupSchema), ...errors },
      },
    },
    async (request) => listGroups(deps(), organizationOf(callerOf(request)), request.params.w_guid),
  );

  app.post(
    '/url-cluster',
    {
      ...guarded,
      schema: {
        summary: 'Make a page group (engagement defaults to medium)',
        tags,
        security,
        body: CreatePageGroupBodySchema,
        response: { 201: z.object({ guid: z.uuid() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createGroup(deps(), organizationOf(callerOf(request)), request.body)),
  );

  app.patch(
    '/url-cluster/:w_guid/:cluster_guid',
    {
      ...guarded,
      schema: {
        summary: "Change a page group's title, description and engagement",
        tags,
        security,
        params: PageGroupParamsSchema,
        body: UpdatePageGroupBodySchema,
        response: { 200: PageGroupSchema, ...errors },
      },
    },
    async (request) =>
      updateGroup(
        deps(),
        organizationOf(callerOf(request)),
        request.params.w_guid,
        request.params.cluster_guid,
        request.body,
      ),
  );

  app.delete(
    '/url-cluster/:w_guid/:cluster_guid',
    {
      ...guarded,
      schema: {
        summary: 'Remove a page group; its URLs stay monitored, in no group',
        tags,
        security,
        params: PageGroupParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteGroup(
        deps(),
        organizationOf(callerOf(request)),
        request.params.w_guid,
        request.params.cluster_guid,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/url-cluster/:w_guid/:cluster_guid/screenshot',
    {
      ...guarded,
      schema: {
        summary: "Chromium's screenshot of the page group's first sample URL (PNG)",
        tags,
        security,
        params: PageGroupParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const png = await groupScreenshot(
        deps(),
        organizationOf(callerOf(request)),
        request.params.w_guid,
        request.params.cluster_guid,
      );
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  );

  app.get(
    '/serviceable-url/:w_guid/cluster/:cluster_guid',
    {
      ...guarded,
      schema: {
        summary: "A page group's URLs, 25 a page (keyset: pass meta.last_evaluated_key back)",
        tags,
        security,
        params: PageGroupParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ServiceableUrlsReplySchema, ...errors },
      },
    },
    async (request) =>
      listGroupUrls(deps(), organizationOf(callerOf(request)), request.params, request.query),
  );

  app.post(
    '/serviceable-url/:w_guid/cluster/:cluster_guid',
    {
      ...guarded,
      schema: {
        summary: "Put URLs of the website's domain in a page group: new ones are monitored, others move",
        tags,
        security,
        params: PageGroupParamsSchema,
        body: AddServiceableUrlsBodySchema,
        response: { 201: AddServiceableUrlsReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addUrls(
            deps(),
            organizationOf(callerOf(request)),
            request.params.w_guid,
            request.body,
            request.params.cluster_guid,
          ),
        ),
  );
};
