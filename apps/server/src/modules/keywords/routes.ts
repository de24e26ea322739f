import {
  CompetitorsQuerySchema,
  CompetitorsReplySchema,
  KeywordResearchQuerySchema,
  KeywordResearchReplySchema,
  LOCATION_OPTIONS,
  LocationsReplySchema,
  TopDomainsQuerySchema,
  TopDomainsReplySchema,
  TopKeywordsOverviewQuerySchema,
  TopKeywordsOverviewReplySchema,
  TopKeywordsQuerySchema,
  TopKeywordsReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { seoDataRouteErrors as errors } from '../backlinks/routes';
import { competitors, keywordResearch, topDomains, topKeywords, topKeywordsOverview } from './service';

/** The keyword calls of the checkup document (7.3) that read the data provider, and its locations. */
export const keywordRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['keywords'], security: [{ bearer: [] }] };
  const guarded = { preHandler: requireAuth };
  const seoData = () => app.deps.services.seoData;
  const organization = (request: Parameters<typeof callerOf>[0]) => organizationOf(callerOf(request));

  app.get(
    '/dfs/locations',
    {
      ...guarded,
      schema: {
        ...base,
        summary: 'Search-engine markets: every location with its languages',
        response: { 200: LocationsReplySchema, ...errors },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'private, max-age=86400').send([...LOCATION_OPTIONS]),
  );

  app.get(
    '/dfs/top-keywords',
    {
      ...guarded,
      schema: {
        ...base,
        summary: 'The keywords a domain ranks for in a market, by traffic or position (the first 100)',
        querystring: TopKeywordsQuerySchema,
        response: { 200: TopKeywordsReplySchema, ...errors },
      },
    },
    async (request) => topKeywords(seoData(), organization(request), request.query),
  );

  app.get(
    '/dfs/top-keywords/overview',
    {
      ...guarded,
      schema: {
        ...base,
        summary: "A domain's average position and how its keywords moved",
        querystring: TopKeywordsOverviewQuerySchema,
        response: { 200: TopKeywordsOverviewReplySchema, ...errors },
      },
    },
    async (request) => topKeywordsOverview(seoData(), organization(request), request.query),
  );

  app.get(
    '/dfs/keywords-research',
    {
      ...guarded,
      schema: {
        ...base,
        summary: 'Keyword suggestions for a phrase: broad match or related keywords',
        querystring: KeywordResearchQuerySchema,
        response: { 200: KeywordResearchReplySchema, ...errors },
      },
    },
    async (request) => keywordResearch(seoData(), organization(request), request.query),
  );

  app.get(
    '/dfs/competitors',
    {
      ...guarded,
      schema: {
        ...base,
        summary: 'The domains competing with a domain for its keywords in a market',
        querystring: CompetitorsQuerySchema,
        response: { 200: CompetitorsReplySchema, ...errors },
      },
    },
    async (request) => competitors(seoData(), organization(request), request.query),
  );

  app.get(
    '/dfs/top-domains',
    {
      ...guarded,
      schema: {
        ...base,
        summary: "A keyword's first 100 organic results in a market",
        querystring: TopDomainsQuerySchema,
        response: { 200: TopDomainsReplySchema, ...errors },
      },
    },
    async (request) => topDomains(seoData(), organization(request), request.query),
  );
};
