import type { PlanSettings } from '@sitelens/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { type AppOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { type Queue, startQueue } from '../jobs/queue';
import { closeWorkerBrowser } from '../modules/checkup/worker-browser';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  queue: Queue;
  close(): Promise<void>;
}

/** The real app on a fresh test database; the human check is off unless `env` says otherwise. */
export async function createTestApp(
  env: Record<string, string> = {},
  services?: AppOptions['services'],
  /** A database of the test's own (a PGlite folder a process opens later); a fresh one by default. */
  ownDatabase?: Database,
): Promise<TestApp> {
  const database = ownDatabase ?? (await createTestDatabase());
  const logger = pino({ level: 'silent' });
  const queue = await startQueue(database, { workers: false, schedules: false, logger });
  const config = loadConfig({
    HUMAN_CHECK: 'off',
    PUBLIC_URL: 'http://sitelens.test',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, queue, logger, services });
  await app.ready();
  return {
    app,
    database,
    queue,
    async close() {
      await app.close();
      await queue.stop({ timeoutMs: 1_000 });
      await database.close();
      // As a worker's graceful stop does: a later app in this process launches its own Chromium,
      // behind its own fetcher, instead of the one this app's checkups started.
      await closeWorkerBrowser();
    },
  };
}

export interface Account {
  guid: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
  /** Headers with the bearer access token. */
  auth: { authorization: string };
}

let counter = 0;

/** Registers a new user through the API. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string }> = {},
): Promise<Account> {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/user',
    // Each test user comes from its own documentation address, so the per-address limit stays out of the way.
    remoteAddress: `198.51.100.${counter % 250}`,
    payload: { email, f_name: 'Ada', l_name: 'Lovelace', pw: password, recaptcha_token: '' },
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  return accountOf(res, email, password);
}

/** The account a reply that signed a new user in (registering, joining a team) stands for. */
function accountOf(res: LightMyRequestResponse, email: string, password: string): Account {
  const body = res.json();
  return {
    guid: body.guid,
    email,
    password,
    access: body.access_token,
    refresh: body.refresh_token,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}

/** The value of a Set-Cookie header for `name`, with its attributes. */
export function setCookie(res: LightMyRequestResponse, name: string): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((c) => c.startsWith(`${name}=`));
}

/** The links of the last mail sent to `to`, from the outbox. */
export async function lastMailLinks(database: Database, to: string): Promise<string[]> {
  const [row] = await database.query<{ links: string[] }>(
    'select links from mail_outbox where recipient = $1 order by created_at desc limit 1',
    [to],
  );
  return row?.links ?? [];
}

/** Invites `email` into `owner`'s team and joins through the mailed link: the new member's account. */
export async function joinTeam(
  app: FastifyInstance,
  database: Database,
  owner: Account,
  email: string,
): Promise<Account> {
  const invited = await app.inject({
    method: 'POST',
    url: '/api/organization/invite',
    headers: owner.auth,
    payload: { email },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const token = (await lastMailLinks(database, email))[0]!.split('/join-team/')[1];
  const password = 'member-password';
  const joined = await app.inject({
    method: 'POST',
    url: '/api/organization/member',
    remoteAddress: '192.0.2.77',
    payload: {
      f_name: 'Mary',
      l_name: 'Somerville',
      pw: password,
      invitation_token: token,
      recaptcha_token: '',
    },
  });
  if (joined.statusCode !== 201) throw new Error(`joining failed: ${joined.statusCode} ${joined.body}`);
  return accountOf(joined, email, password);
}

let plans = 0;

/**
 * Puts a user on a plan made for the test, with the given settings, as if they had subscribed:
 * tests of limits choose their numbers without going through a checkout.
 */
export async function givePlan(
  database: Database,
  userId: string,
  settings: Partial<PlanSettings>,
  status: 'active' | 'canceled' | 'expired' = 'active',
): Promise<string> {
  plans += 1;
  const code = `test-plan-${plans}-${Math.random().toString(36).slice(2, 7)}`;
  const full: PlanSettings = {
    seo_analysis_limit: 0,
    max_tracked_websites: 0,
    max_keywords: 0,
    max_monitored_regions: 0,
    max_competitors: 0,
    // Room for a few Deep Analysis domains, so a test that gives dp_max_urls need not say.
    dp_max_domains: 10,
    dp_max_urls: 0,
    max_team_members: 0,
    allow_white_label_reports: false,
    legacy: false,
    default: false,
    ...settings,
  };
  await database.query(
    `insert into plans (code, name, price_in_cents, billing_period, interval_length, features, settings, position)
     values ($1, 'Test plan', 1000, 'monthly', 1, '[]', $2, 99)`,
    [code, JSON.stringify(full)],
  );
  await database.query(
    `insert into subscriptions (user_id, plan_code, status, provider, current_period_started_at, current_period_ends_at)
     values ($1, $2, $3, 'sandbox', now(), now() + interval '30 days')
     on conflict (user_id) do update set plan_code = $2, status = $3`,
    [userId, code, status],
  );
  return code;
}

/** A sandbox card token for one of the test cards, made through the API as the checkout form does. */
export async function sandboxCard(app: FastifyInstance, account: Account, number = '4111 1111 1111 1111') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/billing/sandbox/tokens',
    headers: account.auth,
    payload: {
      number,
      month: 12,
      year: new Date().getFullYear() + 2,
      cvv: '123',
      first_name: 'Ada',
      last_name: 'Lovelace',
      zip: '10001',
    },
  });
  if (res.statusCode !== 201) throw new Error(`card token failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** Starts the free trial with the success card, as a new user does. */
export async function startTrial(app: FastifyInstance, account: Account, planCode = 'pro-monthly') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: account.auth,
    payload: {
      token: await sandboxCard(app, account),
      user_email: account.email,
      payment_method: 'credit_card',
      plan_code: planCode,
    },
  });
  if (res.statusCode !== 201) throw new Error(`trial failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A new user with a team (the free trial) on a test plan with these settings. */
export async function teamAccount(t: TestApp, settings: Partial<PlanSettings>): Promise<Account> {
  const account = await registerUser(t.app);
  await startTrial(t.app, account);
  await givePlan(t.database, account.guid, settings);
  return account;
}

/** Adds a tracked website as the wizard does (`POST /api/website-index`); throws unless it is created. */
export async function addWebsite(
  app: FastifyInstance,
  account: Account,
  body: { domain: string; homepage_url: string; keywords?: string[]; settings?: Record<string, unknown> },
): Promise<{ guid: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/website-index',
    headers: account.auth,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`website not added: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The organization (team) of a test account. */
export async function organizationOf(database: Database, account: Account): Promise<string> {
  const [row] = await database.query<{ organization_id: string }>(
    'select organization_id from memberships where user_id = $1',
    [account.guid],
  );
  return row!.organization_id;
}

/** A test app (as `createTestApp`) with a new user on the free trial. */
export async function trialApp(
  ...options: Parameters<typeof createTestApp>
): Promise<{ t: TestApp; account: Account }> {
  const t = await createTestApp(...options);
  const account = await registerUser(t.app);
  await startTrial(t.app, account);
  return { t, account };
}
