import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { BillingProvider } from './billing-provider';
import { createRecurlyProvider } from './recurly';
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
      return createRecurlyProvider({
        // loadConfig refuses `recurly` without its keys.
        apiKey: config.RECURLY_API_KEY!,
        apiUrl: config.RECURLY_API_URL,
        currency: config.RECURLY_CURRENCY,
      });
  }
}
