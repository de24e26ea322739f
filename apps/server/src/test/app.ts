import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { type AppOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { type Queue, startQueue } from '../jobs/queue';
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
): Promise<TestApp> {
  const database = await createTestDatabase();
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
