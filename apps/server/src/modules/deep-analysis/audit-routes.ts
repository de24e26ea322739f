import {
  AffectedClustersParamsSchema,
  AffectedClustersReplySchema,
  AffectedUrlsParamsSchema,
  AffectedUrlsQuerySchema,
  AffectedUrlsReplySchema,
  AuditDomainReportSchema,
  AuditOverviewSchema,
  AuditUrlParamsSchema,
  AuditUrlReportSchema,
  DomainChecksReplySchema,
  FailedChecksQuerySchema,
  FailedChecksReplySchema,
  ReportStructureSchema,
  SeoTestParamsSchema,
  SeoTestSchema,
  SeoTestsReplySchema,
  WebsiteParamsSchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, organizationOf, requireAuth } from '../../http/authenticate';
import { websiteRouteErrors as errors } from '../websites/routes';
import {
  affectedClusters,
  affectedUrls,
  auditStructure,
  domainChecks,
  domainReport,
  seoTest,
  seoTests,
  urlReport,
  websiteFailedChecks,
} from './audit';
import { auditOverview, overviewScreenshot } from './overview';
import { depsOf } from './routes';

/** Deep Analysis's audit: reports, failed checks and their URLs (dashboard document 7, "Audit"). */
export const deepAnalysisAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['deep analysis'];
  const guarded = { preHandler: requireAuth };
  const query = () => app.deps.database.query;
  const deps = () => depsOf(app);

  app.get(
    '/on-page-seo/website-audit/overview/:w_guid',
    {
      ...guarded,
      schema: {
        summary:
          "The site's audit overview: score, strengths, weaknesses, page groups and what changed since the crawl before",
        tags,
        security,
        params: WebsiteParamsSchema,
        response: { 200: AuditOverviewSchema, ...errors },
      },
    },
    async (request) => auditOverview(deps(), organizationOf(callerOf(request)), request.params.w_guid),
  );

  app.get(
    '/on-page-seo/website-audit/screenshot/:w_guid',
    {
      ...guarded,
      schema: {
        summary: "Chromium's screenshot of the homepage from the latest crawl that rendered it (PNG)",
        tags,
        security,
        params: WebsiteParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const png = await overviewScreenshot(deps(), organizationOf(callerOf(request)), request.params.w_guid);
      return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
    },
  );

  app.get(
    '/on-page-seo/audit/structure',
    {
      ...guarded,
      schema: {
        summary: 'The audit report structure: categories and their sections, crawl-wide checks included',
        tags,
        security,
        response: { 200: ReportStructureSchema, ...errors },
      },
    },
    async () => auditStructure(),
  );

  app.get(
    '/on-page-seo/audit/url/:w_guid/:url_guid',
    {
      ...guarded,
      schema: {
        summary: "A URL's analysis report: its page and crawl checks and its origin's checks",
        tags,
        security,
        params: AuditUrlParamsSchema,
        response: { 200: AuditUrlReportSchema, ...errors },
      },
    },
    async (request) =>
      urlReport(query(), organizationOf(callerOf(request)), request.params.w_guid, request.params.url_guid),
  );

  app.get(
    '/on-page-seo/audit/domain/:w_guid',
    {
      ...guarded,
      schema: {
        summary: "The domain analysis report: the origin's checks, and each page check over the URLs",
        tags,
        security,
        params: WebsiteParamsSchema,
        response: { 200: AuditDomainReportSchema, ...errors },
      },
    },
    async (request) => domainReport(query(), organizationOf(callerOf(request)), request.params.w_guid),
  );

  app.get(
    '/on-page-seo/website-failed-checks/:w_guid',
    {
      ...guarded,
      schema: {
        summary: 'Checks failing on at least one URL (of one page group when asked), highest impact first',
        tags,
        security,
        params: WebsiteParamsSchema,
        querystring: FailedChecksQuerySchema,
        response: { 200: FailedChecksReplySchema, ...errors },
      },
    },
    async (request) =>
      websiteFailedChecks(
        query(),
        organizationOf(callerOf(request)),
        request.params.w_guid,
        request.query.cluster_guid,
      ),
  );

  app.get(
    '/on-page-seo/domain-checks/:w_guid',
    {
      ...guarded,
      schema: {
        summary: "The origin's checks, failed (warnings included) and passed",
        tags,
        security,
        params: WebsiteParamsSchema,
        response: { 200: DomainChecksReplySchema, ...errors },
      },
    },
    async (request) => domainChecks(query(), organizationOf(callerOf(request)), request.params.w_guid),
  );

  app.get(
    '/on-page-seo/seo-test',
    {
      ...guarded,
      schema: {
        summary: "Every SEO test's details, in report order",
        tags,
        security,
        response: { 200: SeoTestsReplySchema, ...errors },
      },
    },
    async () => seoTests(),
  );

  app.get(
    '/on-page-seo/seo-test/:key',
    {
      ...guarded,
      schema: {
        summary: "An SEO test's details: what it checks, why, and how to fix it",
        tags,
        security,
        params: SeoTestParamsSchema,
        response: { 200: SeoTestSchema, ...errors },
      },
    },
    async (request) => seoTest(request.params.key),
  );

  app.get(
    '/on-page-seo/affected-clusters/:w_guid/:key',
    {
      ...guarded,
      schema: {
        summary:
          "The page groups with URLs failing a check ('ungrouped' for URLs in none), most affected first",
        tags,
        security,
        params: AffectedClustersParamsSchema,
        response: { 200: AffectedClustersReplySchema, ...errors },
      },
    },
    async (request) =>
      affectedClusters(query(), organizationOf(callerOf(request)), request.params.w_guid, request.params.key),
  );

  app.get(
    '/on-page-seo/affected-urls/:w_guid/:cluster_guid/:key',
    {
      ...guarded,
      schema: {
        summary:
          "The URLs failing a check in a page group ('ungrouped', or 'all'), 25 a page (keyset: pass meta.last_evaluated_key back)",
        tags,
        security,
        params: AffectedUrlsParamsSchema,
        querystring: AffectedUrlsQuerySchema,
        response: { 200: AffectedUrlsReplySchema, ...errors },
      },
    },
    async (request) =>
      affectedUrls(query(), organizationOf(callerOf(request)), request.params, request.query),
  );
};
