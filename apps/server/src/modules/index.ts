import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiRoutes } from './ai/routes';
import { appConfigRoutes } from './app-config/routes';
import { authRoutes } from './auth/routes';
import { backlinksRoutes } from './backlinks/routes';
import { checkupRoutes } from './checkup/routes';
import { deepAnalysisAuditRoutes } from './deep-analysis/audit-routes';
import { pageGroupRoutes } from './deep-analysis/cluster-routes';
import { deepAnalysisHistoryRoutes } from './deep-analysis/history-routes';
import { deepAnalysisRoutes } from './deep-analysis/routes';
import { healthRoutes } from './health/routes';
import { keywordRoutes } from './keywords/routes';
import { monitoringRoutes } from './monitoring/routes';
import { notificationRoutes } from './notifications/routes';
import { organizationRoutes } from './organization/routes';
import { recurlyWebhookRoutes } from './sales/recurly-webhooks';
import { salesRoutes } from './sales/routes';
import { searchConsoleRoutes } from './search-console/routes';
import { userRoutes } from './users/routes';
import { brokenLinksRoutes, sitemapGeneratorRoutes } from './webmaster-tools/routes';
import { websiteRoutes } from './websites/routes';
import { trackedKeywordRoutes } from './websites/tracked-keywords';
import { whiteLabelRoutes } from './white-label/routes';

/** Every area's routes, mounted under /api by `buildApp`. A new module adds its plugin here. */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  appConfigRoutes,
  authRoutes,
  userRoutes,
  organizationRoutes,
  salesRoutes,
  recurlyWebhookRoutes,
  checkupRoutes,
  websiteRoutes,
  trackedKeywordRoutes,
  deepAnalysisRoutes,
  deepAnalysisHistoryRoutes,
  deepAnalysisAuditRoutes,
  pageGroupRoutes,
  brokenLinksRoutes,
  sitemapGeneratorRoutes,
  backlinksRoutes,
  keywordRoutes,
  monitoringRoutes,
  notificationRoutes,
  whiteLabelRoutes,
  aiRoutes,
  searchConsoleRoutes,
];
