import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetcherFor } from '../../platform/fetcher';
import { createMailer } from '../../providers/mail/mailer';
import { type Account, addWebsite, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { exitOf, readyOf, type SitelensProcess, spawnSitelens, waitFor } from '../../test/processes';
import { deliverDue } from './deliveries';

// SECURITY.md G for notifications: a probe process SIGKILLed the moment an outage's notification
// is queued, and again when its closing is, with its leases expired and a fresh probe and the
// minute's job run after it: one delivery per state change, each reaching the receiver under its
// one id. Separate processes share only a database server, so this needs PostgreSQL.
const serverUrl = process.env.TEST_DATABASE_URL;
const SITE = 'wharf.example.com';

describe.skipIf(!serverUrl)('notifications under a SIGKILLed probe (PostgreSQL)', () => {
  let t: TestApp;
  let account: Account;
  let databaseUrl: string;
  let child: SitelensProcess | undefined;
  let siteUp = false;
  const site = http.createServer((_request, response) => {
    response.writeHead(siteUp ? 200 : 503, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Wharf</title>');
  });
  const received: { id: string; event: string }[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        id: String(request.headers['x-sitelens-delivery']),
        event: JSON.parse(Buffer.concat(chunks).toString()).event,
      });
      response.writeHead(204).end();
    });
  });
  let env: Record<string, string> = {};

  const listen = async (server: http.Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const deliveries = () =>
    t.database.query<{ id: string; event: string; status: string }>(
      'select id, event, status from notification_deliveries order by occurred_at',
    );
  const startProbe = async () => {
    child = spawnSitelens(['probe', '--region', 'us-east-1'], env);
    await readyOf(child, 'sitelens probe ready');
  };
  /** SIGKILL the probe the moment `event` is queued, then let its leases run out (backdated). */
  const killWhenQueued = async (event: string) => {
    await waitFor(
      `the ${event} notification to be queued`,
      async () => (await deliveries()).some((d) => d.event === event),
      child!,
    );
    child!.kill('SIGKILL');
    await exitOf(child!);
    await t.database.query(
      `update notification_deliveries set lease_until = now() - interval '1 second' where lease_until is not null`,
    );
    await t.database.query(
      `update monitor_schedule set lease_until = now() - interval '1 second' where lease_until is not null`,
    );
  };

  beforeAll(async () => {
    const sitePort = await listen(site);
    const receiverPort = await listen(receiver);
    const database = await createTestDatabase();
    databaseUrl = (database.queueConnection as { connectionString: string }).connectionString;
    env = {
      DATABASE_URL: databaseUrl,
      FETCH_CONNECT_TO: `${SITE}:80:127.0.0.1:${sitePort}`,
      FETCH_ALLOW_PRIVATE: `127.0.0.1:${receiverPort}`,
      MONITOR_UPTIME_SECONDS: '5',
    };
    // The API checks a channel's address as delivery will: the receiver is allowed to both.
    t = await createTestApp({ FETCH_ALLOW_PRIVATE: env.FETCH_ALLOW_PRIVATE! }, undefined, database);
    account = await teamAccount(t, { max_tracked_websites: 1, max_monitored_regions: 1, max_competitors: 1 });
    await addWebsite(t.app, account, {
      domain: SITE,
      homepage_url: `http://${SITE}/`,
      settings: { regions: ['us-east-1'] },
    });
    const channel = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/channels',
      headers: account.auth,
      payload: { kind: 'webhook', target: `http://127.0.0.1:${receiverPort}/hook` },
    });
    expect(channel.statusCode, channel.body).toBe(201);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t?.close();
    await Promise.all([site, receiver].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('one delivery per opening and closing, each received under its one id', async () => {
    const logger = pino({ level: 'silent' });
    // The minute's job, as a worker runs it.
    const job = () =>
      deliverDue({
        database: t.database,
        fetcher: guardedFetcherFor({
          FETCH_ALLOW_PRIVATE: env.FETCH_ALLOW_PRIVATE,
          FETCH_CONNECT_TO: undefined,
        }),
        mailer: createMailer({ database: t.database, logger, from: 'Sitelens <no-reply@sitelens.test>' }),
        logger,
        publicUrl: 'http://sitelens.test',
      });

    await startProbe();
    await killWhenQueued('outage_opened');
    await startProbe();
    await job();
    siteUp = true;
    await killWhenQueued('outage_closed');
    await startProbe();
    await job();
    await waitFor(
      'both notifications sent',
      async () => (await deliveries()).every((d) => d.status === 'sent'),
      child!,
    );
    child!.kill('SIGTERM');
    await exitOf(child!);

    const rows = await deliveries();
    expect(rows.map((d) => d.event)).toEqual(['outage_opened', 'outage_closed']);
    // A sender killed between its POST and recording it would send again, under the same id.
    const ids = [...new Set(received.map((r) => r.id))];
    expect(ids).toEqual(rows.map((d) => d.id));
    expect(received.map((r) => r.event)).toEqual(expect.arrayContaining(['outage_opened', 'outage_closed']));
    const [{ outages }] = (await t.database.query<{ outages: number }>(
      'select count(*)::int as outages from outages',
    )) as [{ outages: number }];
    expect(outages).toBe(1);
  }, 120_000);
});
