import { type Config, ConfigError } from '../../config';
import type { Database } from '../../db/client';
import type { BillingProvider } from './billing-provider';
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
      // Said plainly rather than falling back to the sandbox: no real payments would be taken.
      throw new ConfigError(
        'Invalid configuration: BILLING_PROVIDER=recurly is not available in this version; use sandbox or none',
      );
  }
}
