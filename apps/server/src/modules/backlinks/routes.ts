import {
  AnchorsReplySchema,
  BacklinksListQuerySchema,
  BacklinksOverviewReplySchema,
  BacklinksPageQuerySchema,
  BacklinksQuerySchema,
  BacklinksReplySchema,
  ErrorReplySchema,
  ReferringDomainsReplySchema,
  SeoDataUsageReplySchema,
  TldDistributionReplySchema,
  TopCountriesReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import {
  backlinksOverview,
  listAnchors,
  listBacklinks,
  listReferringDomains,
  tldDistribution,
  topCountries,
} from './service';

/** Every call answering with the data provider's numbers can say: not configured, budget spent, provider failed. */
export const seoDataRouteErrors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  429: ErrorReplySchema,
  502: ErrorReplySchema,
  503: ErrorReplySchema,
};

/** The Backlinks calls (checkup document 7.2) and the organization's data spend. */
export const backlinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['backlinks'], security: [{ bearer: [] }], response: seoDataRouteErrors };
  const guarded = { preHandler: requireAuth };
  const seoData = () => app.deps.services.seoData;
  const organization = (request: Parameters<typeof callerOf>[0]) => organizationOf(callerOf(request));

  app.get(
    '/dfs/usage',
    {
      ...guarded,
      schema: {
        ...schema,
        tags: ['keywords and backlinks'],
        summary: "Whether a keyword and backlink data source is configured, and this month's spend on it",
        response: { 200: SeoDataUsageReplySchema, ...seoDataRouteErrors },
      },
    },
    async (request) => seoData().usage(organization(request)),
  );

  app.get(
    '/dfs/backlinks/overview',
    {
      ...guarded,
      schema: {
        ...schema,
        summary: "A domain's backlink metrics, weekly over the last 4 weeks",
        querystring: BacklinksQuerySchema,
        response: { 200: BacklinksOverviewReplySchema, ...seoDataRouteErrors },
      },
    },
    async (request) => backlinksOverview(seoData(), organization(request), request.query.domain),
  );

  app.get(
    '/dfs/backlinks',
    {
      ...guarded,
      schema: {
        ...schema,
        summary: "A page of a domain's backlinks, most recent or most important first",
        querystring: BacklinksListQuerySchema,
        response: { 200: BacklinksReplySchema, ...seoDataRouteErrors },
      },
    },
    async (request) => listBacklinks(seoData(), organization(request), request.query),
  );

  app.get(
    '/dfs/backlinks/referring-domains',
    {
      ...guarded,
      schema: {
        ...schema,
        summary: 'A page of the domains linking to a domain, most backlinks first',
        querystring: BacklinksPageQuerySchema,
        response: { 200: ReferringDomainsReplySchema, ...seoDataRouteErrors },
      },
    },
    async (request) => listReferringDomains(seoData(), organization(request), request.query),
  );

  app.get(
    '/dfs/backlinks/top-anchors',
    {
      ...guarded,
      schema: {
        ...schema,
        summary: "A page of the anchor texts of a domain's backlinks, most backlinks first",
        querystring: BacklinksPageQuerySchema,
        response: { 200: AnchorsReplySchema, ...seoDataRouteErrors },
      },
    },
    async (request) => listAnchors(seoData(), organization(request), request.query),
  );

  app.get(
    '/dfs/backlinks/tld-distribution',
    {
      ...guarded,
      schema: {
        ...schema,
        summary: "A domain's backlinks per top-level domain of the linking pages",
        querystring: BacklinksQuerySchema,
        response: { 200: TldDistributionReplySchema, ...seoDataRouteErrors },
      },
    },
    async (request) => tldDistribution(seoData(), organization(request), request.query.domain),
  );

  app.get(
    '/dfs/backlinks/top-countries',
    {
      ...guarded,
      schema: {
        ...schema,
        summary: "A domain's backlinks per country of the linking domains",
        querystring: BacklinksQuerySchema,
        response: { 200: TopCountriesReplySchema, ...seoDataRouteErrors },
      },
    },
    async (request) => topCountries(seoData(), organization(request), request.query.domain),
  );
};
