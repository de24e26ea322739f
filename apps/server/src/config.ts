import path from 'node:path';
import {
  DEFAULT_REGION,
  MONITOR_REGION_ORDER,
  type MonitorRegion,
  MonitorRegionSchema,
} from '@sitelens/contracts';
// The settings' checks alone, not the engine's index: every command reads the config, and most
// of them never judge a page.
import { assertAllowPrivateSafe } from '@sitelens/engine/net/allow-private';
import { assertConnectToSafe } from '@sitelens/engine/net/connect-to';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional());

/**
 * Every environment variable the server reads, with its default. The README's configuration table
 * mirrors this schema; keep them together.
 */
/** One engine of LLM_VISIBILITY_ENGINES. */
export const VisibilityEnginesSchema = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(60),
      base_url: z.url(),
      model: z.string().min(1),
      api_key: z.string().min(1).optional(),
    }),
  )
  .min(1)
  .max(10);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  CONTACT_EMAIL: z.email().optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  HUMAN_CHECK: z.enum(['altcha', 'recaptcha', 'turnstile', 'off']).default('altcha'),
  HUMAN_CHECK_SITE_KEY: z.string().min(1).optional(),
  HUMAN_CHECK_SECRET_KEY: z.string().min(1).optional(),
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sitelens <no-reply@localhost>'),
  BILLING_PROVIDER: z.enum(['sandbox', 'recurly', 'none']).default('sandbox'),
  /** The plan everyone gets with `BILLING_PROVIDER=none`; by default the catalogue's default monthly plan. */
  DEFAULT_PLAN: z.string().min(1).optional(),
  /** Recurly (`BILLING_PROVIDER=recurly`): the private API key, the public key for Recurly.js, the webhook endpoint's secret. */
  RECURLY_API_KEY: z.string().min(1).optional(),
  RECURLY_PUBLIC_KEY: z.string().min(1).optional(),
  RECURLY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The API host: v3.recurly.com, or v3.eu.recurly.com for EU sites. */
  RECURLY_API_URL: z.url().default('https://v3.recurly.com'),
  RECURLY_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
    .default('USD'),
  /**
   * `host:port` entries the engine may fetch although they are private (local demos and tests,
   * e.g. `127.0.0.1:8081`). Refused under NODE_ENV=production (SECURITY.md A6).
   */
  FETCH_ALLOW_PRIVATE: z.string().optional(),
  /**
   * `HOST:PORT:TARGET_HOST:TARGET_PORT` entries, as curl's `--connect-to`: the engine's requests to
   * HOST on PORT connect to the target instead, keeping HOST in the Host header and TLS (a local
   * fixture site tracked under a real domain name, e.g. `shop.example.com:80:127.0.0.1:8081`).
   * Refused under NODE_ENV=production, like FETCH_ALLOW_PRIVATE.
   */
  FETCH_CONNECT_TO: z.string().optional(),
  /** How long `GET /api/report/{guid}/{section}` waits for a section before answering 202. */
  CHECKUP_SECTION_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(25_000),
  /** The most pages one run of Broken Links or the Sitemap Generator crawls. */
  WEBMASTER_MAX_PAGES: z.coerce.number().int().min(1).max(500_000).default(10_000),
  /**
   * The one region the embedded `start` probes from: the place this machine stands (a code), or
   * `none`. A probe serves one place; every other region gets its own `sitelens probe --region`.
   */
  PROBE_REGIONS: z
    .string()
    .default(DEFAULT_REGION)
    .transform((value, ctx): MonitorRegion | null => {
      if (value.trim() === 'none') return null;
      const codes = [
        ...new Set(
          value
            .split(',')
            .map((code) => code.trim())
            .filter(Boolean),
        ),
      ];
      if (codes.length > 1) {
        ctx.addIssue({
          code: 'custom',
          message:
            'names one region or none: a probe measures from where it runs, so start `sitelens probe --region <code>` on a machine in each other region',
        });
        return null;
      }
      const [code] = codes;
      if (code === undefined || !MonitorRegionSchema.safeParse(code).success) {
        ctx.addIssue({
          code: 'custom',
          message: `"${code ?? ''}" is not a monitoring region (${MONITOR_REGION_ORDER.join(', ')})`,
        });
        return null;
      }
      return code as MonitorRegion;
    }),
  /** Seconds between two uptime checks (ping and HTTP) of a website at a region. */
  MONITOR_UPTIME_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
  /** Minutes between two page loads (HTML and resources: time, size, speed) of a website at a region. */
  MONITOR_SPEED_MINUTES: z.coerce.number().int().min(1).max(1_440).default(15),
  /** How many of a website's regions must fail at once to open an outage (all of them, at most). */
  OUTAGE_QUORUM_REGIONS: z.coerce.number().int().min(1).max(12).default(1),
  /** DataForSEO, the keyword and backlink data provider: the API login and password (both, or neither). */
  DATAFORSEO_LOGIN: z.string().min(1).optional(),
  DATAFORSEO_PASSWORD: z.string().min(1).optional(),
  /** The API host; a DataForSEO-shaped server for tests. */
  DATAFORSEO_API_URL: z.url().default('https://api.dataforseo.com'),
  /** Calls this process makes to DataForSEO at most in any window of DATAFORSEO_RATE_WINDOW_SECONDS (DataForSEO counts per minute). */
  DATAFORSEO_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1_000),
  DATAFORSEO_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** What one organization may spend on the data provider per calendar month (UTC), in USD; `none` for no cap. */
  SEO_DATA_MONTHLY_CAP_USD: z
    .union([z.literal('none').transform(() => null), z.coerce.number().min(0).max(1_000_000)])
    .default(25),
  /** The UTC hour from which tracked keywords get their daily position check. */
  KEYWORD_CHECK_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(2),
  /** How long a provider's answer is reused before the same question is paid again. */
  SEO_DATA_CACHE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24),
  /** A language model: any OpenAI-compatible chat-completions endpoint (base URL ending in /v1) and its model; both, or neither. */
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  /** Sent as a bearer token; local servers such as Ollama need none. */
  LLM_API_KEY: z.string().min(1).optional(),
  /** `json_schema` (structured outputs), or `json_object` for endpoints without them; either way every answer is validated. */
  LLM_STRUCTURED_OUTPUT: z.enum(['json_schema', 'json_object']).default('json_schema'),
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(900).default(120),
  /** Tokens one organization may use per calendar month (UTC); `none` for no cap. */
  LLM_MONTHLY_TOKEN_CAP: z
    .union([z.literal('none').transform(() => null), z.coerce.number().int().min(0).max(1_000_000_000)])
    .default(2_000_000),
  /**
   * The engines LLM visibility asks, as JSON: `[{"name":"GPT","base_url":"https://api.openai.com/v1","model":"gpt-4o-mini","api_key":"sk-..."}]`;
   * unset: the LLM_BASE_URL model alone.
   */
  LLM_VISIBILITY_ENGINES: z.string().optional(),
  /** How many times each engine is asked each question, so the spread of its answers shows. */
  LLM_VISIBILITY_SAMPLES: z.coerce.number().int().min(1).max(10).default(3),
  /** Google Search Console through an owner's Google account: a Google OAuth client (web application) whose redirect URI is PUBLIC_URL/api/search-console/oauth/callback; both, or neither. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google Search Console through a service account: its JSON key file, the account added as a user of the properties. */
  GOOGLE_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  /** Google's Search Console API root; a Google-shaped server for tests. */
  GOOGLE_API_URL: z.url().default('https://searchconsole.googleapis.com'),
  /** Google's OAuth 2.0 server; unset: accounts.google.com for consent and oauth2.googleapis.com for tokens. Set: its /o/oauth2/v2/auth, /token and /revoke. */
  GOOGLE_OAUTH_URL: z.url().optional(),
  /** Search Console queries this process makes at most per minute for one property (Google allows 1,200 per site and per user). */
  GOOGLE_QUERIES_PER_MINUTE: z.coerce.number().int().min(1).max(1_200).default(600),
  /** Encrypts stored credentials (Google refresh tokens); at least 32 characters. Unset: a key kept in the database. */
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Chromium for the browser checks. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
});

export type Config = z.infer<typeof ConfigSchema> & { WEB_DIST: string; PUBLIC_URL: string };

/** Thrown for a bad environment; its message is the one line the CLI prints before exiting. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${describe(issue, present[name])}`);
  }
  const config = parsed.data;
  if (
    (config.HUMAN_CHECK === 'recaptcha' || config.HUMAN_CHECK === 'turnstile') &&
    !(config.HUMAN_CHECK_SITE_KEY && config.HUMAN_CHECK_SECRET_KEY)
  ) {
    throw new ConfigError(
      `Invalid configuration: HUMAN_CHECK=${config.HUMAN_CHECK} needs HUMAN_CHECK_SITE_KEY and HUMAN_CHECK_SECRET_KEY`,
    );
  }
  if (
    config.BILLING_PROVIDER === 'recurly' &&
    !(config.RECURLY_API_KEY && config.RECURLY_PUBLIC_KEY && config.RECURLY_WEBHOOK_SECRET)
  ) {
    throw new ConfigError(
      'Invalid configuration: BILLING_PROVIDER=recurly needs RECURLY_API_KEY, RECURLY_PUBLIC_KEY and RECURLY_WEBHOOK_SECRET',
    );
  }
  // The sandbox sells any plan for a test card: a production install takes it only when asked for.
  if (config.NODE_ENV === 'production' && present.BILLING_PROVIDER === undefined) {
    throw new ConfigError(
      'Invalid configuration: NODE_ENV=production needs BILLING_PROVIDER set: recurly for real payments, none for no billing, or sandbox to let test cards buy any plan',
    );
  }
  if (Boolean(config.DATAFORSEO_LOGIN) !== Boolean(config.DATAFORSEO_PASSWORD)) {
    throw new ConfigError('Invalid configuration: DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD go together');
  }
  if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  if (Boolean(config.LLM_BASE_URL) !== Boolean(config.LLM_MODEL)) {
    throw new ConfigError('Invalid configuration: LLM_BASE_URL and LLM_MODEL go together');
  }
  if (config.LLM_VISIBILITY_ENGINES !== undefined) {
    const engines = VisibilityEnginesSchema.safeParse(parseJson(config.LLM_VISIBILITY_ENGINES));
    if (!engines.success) {
      throw new ConfigError(
        `Invalid configuration: LLM_VISIBILITY_ENGINES must be a JSON array of {"name","base_url","model","api_key"?} (${engines.error.issues[0]?.message})`,
      );
    }
  }
  try {
    assertAllowPrivateSafe(config.NODE_ENV, config.FETCH_ALLOW_PRIVATE);
    assertConnectToSafe(config.NODE_ENV, config.FETCH_CONNECT_TO);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  return {
    ...config,
    WEB_DIST: config.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
  };
}

function describe(issue: z.core.$ZodIssue, value: string | undefined): string {
  const got = value === undefined ? '' : ` (got "${value}")`;
  switch (issue.code) {
    case 'invalid_type':
      return `must be a ${issue.expected}${got}`;
    case 'invalid_value':
      return `must be one of ${issue.values.join(', ')}${got}`;
    case 'too_big':
      return `must be at most ${issue.maximum}${got}`;
    case 'too_small':
      return `must be at least ${issue.minimum}${got}`;
    default:
      return `${issue.message.replace(/^Invalid input: /, '').toLowerCase()}${got}`;
  }
}
