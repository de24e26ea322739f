import {
  CreateWebsiteBodySchema,
  CreateWebsiteInBackgroundBodySchema,
  CreateWebsiteReplySchema,
  DomainSetupQuerySchema,
  DomainSetupSchema,
  ErrorReplySchema,
  FaviconsReplySchema,
  ImportantFixesReplySchema,
  LOCATION_OPTIONS,
  LocationsReplySchema,
  OnPageSeoScoreSchema,
  RegionsReplySchema,
  ScheduledTasksReplySchema,
  StartDomainSetupBodySchema,
  TrackEventBodySchema,
  UpdateWebsiteBodySchema,
  UpdateWebsiteSettingsBodySchema,
  ValidateDomainQuerySchema,
  ValidateDomainReplySchema,
  WEBSITE_MESSAGES,
  WebsiteGuidParamsSchema,
  WebsiteSchema,
  WebsiteSetupStatusSchema,
} from '@sitelens/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { faviconJob, readFavicon } from './favicons';
import {
  createWebsite,
  createWebsiteInBackground,
  deleteWebsite,
  getWebsite,
  importantFixes,
  keywordUsage,
  listFavicons,
  listWebsites,
  onPageSeoScore,
  readDomainSetup,
  recordEvent,
  regions,
  scheduledTasks,
  setupStatus,
  startDomainSetup,
  updateSettings,
  updateWebsite,
  validateDomain,
  type WebsitesDeps,
} from './service';

export const websiteRouteErrors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
  409: ErrorReplySchema,
  429: ErrorReplySchema,
};
const errors = websiteRouteErrors;

/** What the websites' services need, from the app. */
export const websitesDepsOf = (app: FastifyInstance): WebsitesDeps => ({
  database: app.deps.database,
  queue: app.deps.queue,
  planLimits: app.deps.services.planLimits,
  seoDataConfigured: app.deps.services.seoData.provider !== null,
});

/** The website index of the spec (dashboard document, 7 "Website index" and "Other operations"). */
export const websiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['websites'];
  const deps = () => websitesDepsOf(app);
  const guarded = { preHandler: requireAuth };

  app.get(
    '/website-index',
    {
      ...guarded,
      schema: {
        summary: "The organization's tracked websites",
        tags,
        security,
        response: { 200: z.array(WebsiteSchema), ...errors },
      },
    },
    async (request) => listWebsites(deps(), callerOf(request)),
  );

  app.get(
    '/website-index/favicons',
    {
      ...guarded,
      schema: {
        summary: "Where each website's icon is served (by this API, never a public favicon service)",
        tags,
        security,
        response: { 200: FaviconsReplySchema, ...errors },
      },
    },
    async (request) => listFavicons(deps(), callerOf(request)),
  );

  app.get(
    '/website-index/favicon/:guid',
    {
      ...guarded,
      schema: {
        summary: "A website's icon as fetched from the site, or a default globe when it has none",
        tags,
        security,
        params: WebsiteGuidParamsSchema,
        response: { 404: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(callerOf(request));
      const icon = await readFavicon(app.deps.database.query, organizationId, request.params.guid);
      if (!icon) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
      // Not fetched yet (a background setup that just finished): fetch it now, the default meanwhile.
      if (!icon.fetched)
        await app.deps.queue.send(
          faviconJob,
          { websiteId: request.params.guid },
          { singletonKey: request.params.guid },
        );
      return reply
        .type(icon.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', icon.own ? 'private, max-age=86400' : 'private, max-age=300')
        .send(icon.body as never);
    },
  );

  // The same map at both paths: the website screens' call, and the monitoring service's (spec 7.4).
  for (const path of ['/website-index/regions', '/regions'])
    app.get(
      path,
      {
        ...guarded,
        schema: {
          summary: 'The monitoring regions: code → label, and their order',
          tags,
          security,
          response: { 200: RegionsReplySchema, ...errors },
        },
      },
      async () => regions(),
    );

  app.get(
    '/website-index/locations',
    {
      ...guarded,
      schema: {
        summary: 'Search-engine markets: every country with its languages',
        tags,
        security,
        response: { 200: LocationsReplySchema, ...errors },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'private, max-age=86400').send([...LOCATION_OPTIONS]),
  );

  app.get(
    '/website-index/keyword-usage',
    {
      ...guarded,
      schema: {
        summary: "Tracked keywords in use across the organization's websites, and the plan's maximum",
        tags,
        security,
        response: {
          200: z.object({ keywords_no: z.number().int(), max_keywords: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) => keywordUsage(deps(), callerOf(request)),
  );

  app.get(
    '/website-index/validate-domain',
    {
      ...guarded,
      schema: {
        summary: 'Normalise a domain and check it can be added (not tracked yet, within the plan)',
        tags,
        security,
        querystring: ValidateDomainQuerySchema,
        response: { 200: ValidateDomainReplySchema, ...errors },
      },
    },
    async (request) => validateDomain(deps(), callerOf(request), request.query.domain),
  );

  app.post(
    '/website-index/domain-setup',
    {
      ...guarded,
      schema: {
        summary: 'Start a domain setup: homepage, sitemaps, market; poll it every 5 s',
        tags,
        security,
        body: StartDomainSetupBodySchema,
        response: { 201: DomainSetupSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await startDomainSetup(deps(), callerOf(request), request.body.domain)),
  );

  app.get(
    '/website-index/domain-setup',
    {
      ...guarded,
      schema: {
        summary: 'A domain setup and, once completed, its output',
        tags,
        security,
        querystring: DomainSetupQuerySchema,
        response: { 200: DomainSetupSchema, ...errors },
      },
    },
    async (request) =>
      readDomainSetup(deps(), callerOf(request), request.query.domain, request.query.process_guid),
  );

  const byGuid = {
    '/website-index/setup-status/:guid': {
      summary: 'Where the website stands (setup, then Deep Analysis)',
      reply: WebsiteSetupStatusSchema,
      read: setupStatus,
    },
    '/website-index/scheduled-tasks/:guid': {
      summary: 'The recurring work the website has',
      reply: ScheduledTasksReplySchema,
      read: scheduledTasks,
    },
    '/website-index/on-page-seo-score/:guid': {
      summary: "The latest homepage checkup's score",
      reply: OnPageSeoScoreSchema,
      read: onPageSeoScore,
    },
    '/website-index/important-fixes/:guid': {
      summary: "The latest homepage checkup's failed checks to fix, most relevant first",
      reply: ImportantFixesReplySchema,
      read: importantFixes,
    },
    '/website-index/:guid': { summary: 'One tracked website', reply: WebsiteSchema, read: getWebsite },
  } as const;
  for (const [path, route] of Object.entries(byGuid)) {
    app.get(
      path,
      {
        ...guarded,
        schema: {
          summary: route.summary,
          tags,
          security,
          params: WebsiteGuidParamsSchema,
          response: { 200: route.reply, ...errors },
        },
      },
      async (request) => route.read(deps(), callerOf(request), request.params.guid),
    );
  }

  app.post(
    '/website-index',
    {
      ...guarded,
      schema: {
        summary: 'Track a website (the wizard’s result); `start_analysis` runs the first homepage checkup',
        tags,
        security,
        body: CreateWebsiteBodySchema,
        response: { 201: CreateWebsiteReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const website = await createWebsite(deps(), callerOf(request), request.body);
      await app.deps.queue.send(faviconJob, { websiteId: website.guid }, { singletonKey: website.guid });
      return reply.code(201).send(website);
    },
  );

  app.post(
    '/website-index/background',
    {
      ...guarded,
      schema: {
        summary: 'Track a domain and set it up in the background (Deep Analysis form); poll setup-status',
        tags,
        security,
        body: CreateWebsiteInBackgroundBodySchema,
        response: { 201: WebsiteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWebsiteInBackground(deps(), callerOf(request), request.body)),
  );

  app.patch(
    '/website-index/:guid',
    {
      ...guarded,
      schema: {
        summary: "Change the website's homepage URL",
        tags,
        security,
        params: WebsiteGuidParamsSchema,
        body: UpdateWebsiteBodySchema,
        response: { 200: WebsiteSchema, ...errors },
      },
    },
    async (request) => updateWebsite(deps(), callerOf(request), request.params.guid, request.body),
  );

  app.patch(
    '/website-index/settings/:guid',
    {
      ...guarded,
      schema: {
        summary: 'Change competitors, regions, location and language, or notifications',
        tags,
        security,
        params: WebsiteGuidParamsSchema,
        body: UpdateWebsiteSettingsBodySchema,
        response: { 200: WebsiteSchema, ...errors },
      },
    },
    async (request) => updateSettings(deps(), callerOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/website-index/:guid',
    {
      ...guarded,
      schema: {
        summary: 'Stop tracking a website and delete its data in every area (owner)',
        tags,
        security,
        params: WebsiteGuidParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteWebsite(deps(), callerOf(request), request.params.guid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/events',
    {
      ...guarded,
      schema: {
        summary: 'Record a wizard event (skip_onboarding, finish_onboarding) in this database',
        tags,
        security,
        body: TrackEventBodySchema,
        response: { 201: z.object({ recorded: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await recordEvent(deps(), callerOf(request), request.body);
      return reply.code(201).send({ recorded: true as const });
    },
  );
};
