import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { BillingProvider } from './billing-provider';
import { createRecurlyProvider, recurlyOptions } from './recurly';
import { createNoBillingProvider, createSandboxProvider } from './sandbox';

export type { BillingProvider } from './billing-provider';

/** The processor `BILLING_PROVIDER` names. */
export function createBillingProvider(config: Config, database: Database): BillingProvider {
  switch (config.BILLING_PROVIDER) {
    case 'none':
      return createNoBillingProvider();
    case 'sandbox':
      return createSandboxProvider(database);
    case 'recurly':
      return createRecurlyProvider(recurlyOptions(config));
  }
}
