import {
  ErrorReplySchema,
  SearchConsoleAuthorizationSchema,
  SearchConsoleCallbackQuerySchema,
  SearchConsoleDisconnectQuerySchema,
  SearchConsolePropertiesSchema,
  SearchConsolePropertyBodySchema,
  SearchConsoleStateSchema,
  SearchPerformanceQuerySchema,
  SearchPerformanceSchema,
  WebsiteGuidParamsSchema,
} from '@sitelens/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireAuth } from '../../http/authenticate';
import { searchPerformance } from './performance';
import {
  chooseProperty,
  connectServiceAccount,
  disconnect,
  finishConsent,
  listProperties,
  type SearchConsoleDeps,
  searchConsoleState,
  startConsent,
} from './service';

const errors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
  429: ErrorReplySchema,
  502: ErrorReplySchema,
  503: ErrorReplySchema,
};

const depsOf = (app: FastifyInstance): SearchConsoleDeps => ({
  database: app.deps.database,
  queue: app.deps.queue,
  google: app.deps.services.google,
  sealer: app.deps.services.sealer,
  publicUrl: app.deps.config.PUBLIC_URL,
});

/** Google Search Console per website: the connection (owner), its import, and the figures read back. */
export const searchConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['search console'];
  const deps = () => depsOf(app);
  const guarded = { preHandler: requireAuth };
  const params = WebsiteGuidParamsSchema;

  app.get(
    '/search-console/oauth/callback',
    {
      schema: {
        summary:
          "Google's redirect after the owner's consent: stores the grant, then back to the website's settings",
        tags,
        querystring: SearchConsoleCallbackQuerySchema,
        response: { 302: z.null() },
      },
    },
    async (request, reply) => reply.redirect(await finishConsent(deps(), request.query), 302),
  );

  app.get(
    '/search-console/:guid',
    {
      ...guarded,
      schema: {
        summary: "What this server offers for Search Console, and the website's connection and import",
        tags,
        security,
        params,
        response: { 200: SearchConsoleStateSchema, ...errors },
      },
    },
    async (request) => searchConsoleState(deps(), callerOf(request), request.params.guid),
  );

  app.post(
    '/search-console/:guid/oauth/start',
    {
      ...guarded,
      config: { outgoing: 'toolRun' },
      schema: {
        summary: "The address of Google's consent page for this website (owner; OAuth 2.0 with PKCE)",
        tags,
        security,
        params,
        response: { 200: SearchConsoleAuthorizationSchema, ...errors },
      },
    },
    async (request) => startConsent(deps(), callerOf(request), request.params.guid),
  );

  app.post(
    '/search-console/:guid/service-account',
    {
      ...guarded,
      schema: {
        summary: "Read the website's property as the operator's service account (owner)",
        tags,
        security,
        params,
        response: { 200: SearchConsoleStateSchema, ...errors },
      },
    },
    async (request) => connectServiceAccount(deps(), callerOf(request), request.params.guid),
  );

  app.get(
    '/search-console/:guid/properties',
    {
      ...guarded,
      config: { outgoing: 'toolRun' },
      schema: {
        summary:
          'The Search Console properties the connection reads, the best match for the website first (owner)',
        tags,
        security,
        params,
        response: { 200: SearchConsolePropertiesSchema, ...errors },
      },
    },
    async (request) => listProperties(deps(), callerOf(request), request.params.guid),
  );

  app.put(
    '/search-console/:guid/property',
    {
      ...guarded,
      config: { outgoing: 'toolRun' },
      schema: {
        summary:
          "Pick the website's property; its 16 months are imported, then the revised days daily (owner)",
        tags,
        security,
        params,
        body: SearchConsolePropertyBodySchema,
        response: { 200: SearchConsoleStateSchema, ...errors },
      },
    },
    async (request) => chooseProperty(deps(), callerOf(request), request.params.guid, request.body.site_url),
  );

  app.delete(
    '/search-console/:guid',
    {
      ...guarded,
      schema: {
        summary:
          'Disconnect: the grant is removed (and revoked at Google); the imported figures too with delete_data=true (owner)',
        tags,
        security,
        params,
        querystring: SearchConsoleDisconnectQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disconnect(deps(), callerOf(request), request.params.guid, request.query.delete_data === 'true');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/search-console/:guid/performance',
    {
      ...guarded,
      schema: {
        summary:
          "The website's Search Console figures over a range: totals, days, top queries and pages (Google's)",
        tags,
        security,
        params,
        querystring: SearchPerformanceQuerySchema,
        response: { 200: SearchPerformanceSchema, ...errors },
      },
    },
    async (request) =>
      searchPerformance(app.deps.database, callerOf(request), request.params.guid, request.query),
  );
};
