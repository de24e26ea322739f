import { z } from 'zod';
import { loadConfig } from '../../config';
import { defineJob } from '../../jobs/define-job';
import { createBillingProvider } from '../../providers/billing';
import { runBillingCycle } from './subscriptions';

/** Daily at 03:10 UTC: renew (charge and invoice), end trials, expire what lapsed. */
export const billingCycleJob = defineJob(
  'sales.billing-cycle',
  z.object({}),
  async (_payload, { database, logger }) => {
    // Workers read the same environment as the API, so they charge through the same processor.
    const result = await runBillingCycle(database, createBillingProvider(loadConfig(), database));
    logger.info(result, 'billing cycle done');
  },
  { cron: '10 3 * * *', retryLimit: 2 },
);
