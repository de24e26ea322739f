import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import {
  type AccessTokens,
  createAccessTokens,
  createRefreshTokens,
  type RefreshTokens,
} from './modules/auth/tokens';
import { appSecret } from './platform/secrets';
import { createHumanCheck, type HumanCheck } from './providers/human-check/human-check';
import { createMailer, type Mailer } from './providers/mail/mailer';

/** The adapters and keys every module shares, made once per process. */
export interface Services {
  mailer: Mailer;
  humanCheck: HumanCheck;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
}

export async function createServices(
  config: Config,
  database: Database,
  logger: Logger,
  overrides: Partial<Services> = {},
): Promise<Services> {
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
  };
}
