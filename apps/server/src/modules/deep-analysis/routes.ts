import {
  ActiveProcessesQuerySchema,
  ActiveProcessesReplySchema,
  AddServiceableUrlsBodySchema,
  AddServiceableUrlsReplySchema,
  ImportSitemapBodySchema,
  ImportSitemapStatusSchema,
  ServiceableUrlCountSchema,
  ServiceableUrlsQuerySchema,
  ServiceableUrlsReplySchema,
  SpellingWordBodySchema,
  SpellingWordParamsSchema,
  SpellingWordsReplySchema,
  StartAnalysisBodySchema,
  StartedProcessSchema,
  StartUrlAnalysisBodySchema,
  UrlParamsSchema,
  WebsiteParamsSchema,
  WebsiteQuerySchema,
} from '@sitelens/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { websiteRouteErrors as errors } from '../websites/routes';
import {
  activeProcesses,
  addUrls,
  countUrls,
  type DeepAnalysisDeps,
  deleteUrl,
  importSitemap,
  importStatus,
  listUrls,
  startAnalysis,
} from './service';
import { addSpellingWord, removeSpellingWord, spellingWords } from './spelling-words';

/** What the Deep Analysis services need, from the app. */
export const depsOf = (app: FastifyInstance): DeepAnalysisDeps => ({
  database: app.deps.database,
  queue: app.deps.queue,
  planLimits: app.deps.services.planLimits,
});

/** Deep Analysis's processes and monitored URLs (dashboard document 7, "Processes", "Serviceable URLs"). */
export const deepAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['deep analysis'];
  const guarded = { preHandler: requireAuth };
  const deps = () => depsOf(app);

  app.get(
    '/import-sitemap',
    {
      ...guarded,
      schema: {
        summary: "The website's status and its running sitemap imports",
        tags,
        security,
        querystring: WebsiteQuerySchema,
        response: { 200: ImportSitemapStatusSchema, ...errors },
      },
    },
    async (request) => importStatus(deps(), organizationOf(callerOf(request)), request.query.w_guid),
  );

  app.post(
    '/import-sitemap',
    {
      ...guarded,
      config: { outgoing: 'crawl' },
      schema: {
        summary:
          "Import the website's sitemaps (those given, else those its setup found), then analyse every URL",
        tags,
        security,
        body: ImportSitemapBodySchema,
        response: { 202: ImportSitemapStatusSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await importSitemap(deps(), organizationOf(callerOf(request)), request.body)),
  );

  app.get(
    '/on-page-seo/active',
    {
      ...guarded,
      schema: {
        summary: "The website's running analyses, of one process type when asked",
        tags,
        security,
        querystring: ActiveProcessesQuerySchema,
        response: { 200: ActiveProcessesReplySchema, ...errors },
      },
    },
    async (request) =>
      activeProcesses(
        deps(),
        organizationOf(callerOf(request)),
        request.query.w_guid,
        request.query.process_type,
      ),
  );

  app.post(
    '/on-page-seo/url',
    {
      ...guarded,
      config: { outgoing: 'crawl' },
      schema: {
        summary: 'Analyse one monitored URL again',
        tags,
        security,
        body: StartUrlAnalysisBodySchema,
        response: { 202: StartedProcessSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await startAnalysis(
            deps(),
            organizationOf(callerOf(request)),
            request.body.w_guid,
            'on_page_seo_url_analysis',
            request.body.url_guid,
          ),
        ),
  );

  for (const [path, type, summary] of [
    ['/on-page-seo/batch', 'on_page_seo_batch_url_analysis', 'Crawl and analyse every monitored URL again'],
    [
      '/on-page-seo/domain',
      'on_page_seo_domain_analysis',
      "Judge the origin's checks and the crawl-wide checks again",
    ],
  ] as const)
    app.post(
      path,
      {
        ...guarded,
        config: { outgoing: 'crawl' },
        schema: {
          summary,
          tags,
          security,
          body: StartAnalysisBodySchema,
          response: { 202: StartedProcessSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(await startAnalysis(deps(), organizationOf(callerOf(request)), request.body.w_guid, type)),
    );

  app.get(
    '/serviceable-url',
    {
      ...guarded,
      schema: {
        summary: "The website's monitored URLs, 25 a page (keyset: pass meta.last_evaluated_key back)",
        tags,
        security,
        querystring: ServiceableUrlsQuerySchema,
        response: { 200: ServiceableUrlsReplySchema, ...errors },
      },
    },
    async (request) => listUrls(deps(), organizationOf(callerOf(request)), request.query),
  );

  app.get(
    '/serviceable-url/:w_guid/count',
    {
      ...guarded,
      schema: {
        summary: "How many URLs the website monitors, how many are analyzed, and the plan's dp_max_urls",
        tags,
        security,
        params: WebsiteParamsSchema,
        response: { 200: ServiceableUrlCountSchema, ...errors },
      },
    },
    async (request) => countUrls(deps(), organizationOf(callerOf(request)), request.params.w_guid),
  );

  app.post(
    '/serviceable-url/:w_guid',
    {
      ...guarded,
      schema: {
        summary: "Monitor URLs of the website's domain; they are analyzed at once",
        tags,
        security,
        params: WebsiteParamsSchema,
        body: AddServiceableUrlsBodySchema,
        response: { 201: AddServiceableUrlsReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addUrls(deps(), organizationOf(callerOf(request)), request.params.w_guid, request.body)),
  );

  app.get(
    '/website-index/:w_guid/spelling-words',
    {
      ...guarded,
      schema: {
        summary: 'The words a website keeps as its own: never reported as misspelt',
        tags,
        security,
        params: WebsiteParamsSchema,
        response: { 200: SpellingWordsReplySchema, ...errors },
      },
    },
    async (request) => spellingWords(deps(), organizationOf(callerOf(request)), request.params.w_guid),
  );

  app.post(
    '/website-index/:w_guid/spelling-words',
    {
      ...guarded,
      schema: {
        summary: '"Ignore this word": the website keeps it as its own; its pages are judged again',
        tags,
        security,
        params: WebsiteParamsSchema,
        body: SpellingWordBodySchema,
        response: { 200: SpellingWordsReplySchema, ...errors },
      },
    },
    async (request) =>
      addSpellingWord(deps(), organizationOf(callerOf(request)), request.params.w_guid, request.body.word),
  );

  app.delete(
    '/website-index/:w_guid/spelling-words/:word',
    {
      ...guarded,
      schema: {
        summary: 'Check a word again on every page of the website',
        tags,
        security,
        params: SpellingWordParamsSchema,
        response: { 200: SpellingWordsReplySchema, ...errors },
      },
    },
    async (request) =>
      removeSpellingWord(
        deps(),
        organizationOf(callerOf(request)),
        request.params.w_guid,
        request.params.word,
      ),
  );

  app.delete(
    '/serviceable-url/:w_guid/:url_guid',
    {
      ...guarded,
      schema: {
        summary: 'Stop monitoring a URL; its results go with it',
        tags,
        security,
        params: UrlParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteUrl(
        deps(),
        organizationOf(callerOf(request)),
        request.params.w_guid,
        request.params.url_guid,
      );
      return reply.code(204).send(null);
    },
  );
};
