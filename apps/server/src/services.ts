import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import {
  type AccessTokens,
  createAccessTokens,
  createRefreshTokens,
  type RefreshTokens,
} from './modules/auth/tokens';
import { seedCatalogue } from './modules/sales/catalogue';
import { createPlanLimits, type PlanLimits } from './modules/sales/plan-limits';
import { createSealer, type Sealer } from './platform/sealed';
import { appSecret } from './platform/secrets';
import { type BillingProvider, createBillingProvider } from './providers/billing';
import { createHumanCheck, type HumanCheck } from './providers/human-check/human-check';
import { createLlmFromConfig, type Llm } from './providers/llm';
import { createMailer, type Mailer } from './providers/mail/mailer';
import { createGoogle, type Google } from './providers/search-console/google';
import { createSeoDataFromConfig, type SeoData } from './providers/seo-data';

/** The adapters and keys every module shares, made once per process. */
export interface Services {
  mailer: Mailer;
  humanCheck: HumanCheck;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  billing: BillingProvider;
  planLimits: PlanLimits;
  /** The keyword and backlink data provider behind its cost control. */
  seoData: SeoData;
  /** The language models, with their token accounting. */
  llm: Llm;
  /** Google Search Console (OAuth client, service account, API). */
  google: Google;
  /** Seals the credentials the product keeps (Google refresh tokens). */
  sealer: Sealer;
}

export async function createServices(
  config: Config,
  database: Database,
  logger: Logger,
  overrides: Partial<Services> = {},
): Promise<Services> {
  await seedCatalogue(database);
  const jwtSecret = config.AUTH_SECRET ?? (await appSecret(database, 'jwt_signing_key'));
  return {
    mailer:
      overrides.mailer ??
      createMailer({ database, logger, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    humanCheck:
      overrides.humanCheck ??
      (await createHumanCheck({
        kind: config.HUMAN_CHECK,
        database,
        siteKey: config.HUMAN_CHECK_SITE_KEY,
        secretKey: config.HUMAN_CHECK_SECRET_KEY,
      })),
    accessTokens: overrides.accessTokens ?? createAccessTokens(jwtSecret),
    refreshTokens: overrides.refreshTokens ?? createRefreshTokens(database),
    billing: overrides.billing ?? createBillingProvider(config, database),
    planLimits:
      overrides.planLimits ??
      createPlanLimits({ billing: config.BILLING_PROVIDER, defaultPlanCode: config.DEFAULT_PLAN }),
    seoData: overrides.seoData ?? createSeoDataFromConfig(config, database, logger),
    llm: overrides.llm ?? createLlmFromConfig(config, database, logger),
    google: overrides.google ?? createGoogle(config),
    sealer: overrides.sealer ?? (await createSealer(database, config.ENCRYPTION_KEY)),
  };
}
