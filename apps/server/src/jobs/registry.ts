import { aiAnalysisJob } from '../modules/ai/jobs';
import { runReportJob } from '../modules/checkup/jobs';
import { deepAnalysisJob } from '../modules/deep-analysis/jobs';
import { recrawlJob } from '../modules/deep-analysis/recrawl';
import { trackKeywordsJob } from '../modules/keywords/tracking';
import { monitorRollupJob } from '../modules/monitoring/rollups';
import { deliverNotificationsJob } from '../modules/notifications/deliveries';
import { billingCycleJob } from '../modules/sales/jobs';
import { searchConsoleDailyJob, searchConsoleImportJob } from '../modules/search-console/import';
import { selftestJob } from '../modules/system/selftest';
import { toolRunJob } from '../modules/webmaster-tools/jobs';
import { faviconJob } from '../modules/websites/favicons';
import { domainSetupJob } from '../modules/websites/jobs';
import { whiteLabelSchedulesJob } from '../modules/white-label/schedules';
import { purgeJob } from '../platform/purge';
import type { JobDefinition } from './define-job';

/** Every kind of job of the product; workers serve all of them. A module adds its jobs here. */
// biome-ignore lint/suspicious/noExplicitAny: a list of jobs with different payload types
export const registeredJobs: JobDefinition<any>[] = [
  selftestJob,
  billingCycleJob,
  runReportJob,
  domainSetupJob,
  faviconJob,
  deepAnalysisJob,
  recrawlJob,
  toolRunJob,
  trackKeywordsJob,
  monitorRollupJob,
  deliverNotificationsJob,
  whiteLabelSchedulesJob,
  aiAnalysisJob,
  purgeJob,
  searchConsoleImportJob,
  searchConsoleDailyJob,
];
