import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetcherFor } from '../../platform/fetcher';
import { addWebsite, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { exitOf, readyOf, type SitelensProcess, spawnSitelens, waitFor } from '../../test/processes';
import { liveProbeRegions, machineAddress, type Probe, regionProbes, startProbe } from './probe';

// Probes by region across machines: `sitelens probe --region eu-west-1`, a process of its own on
// the same PostgreSQL, takes that region's checks and only those, while this process probes
// us-east-1. Separate processes share only a database server, so this needs PostgreSQL.
const serverUrl = process.env.TEST_DATABASE_URL;

const SITES = ['harbour.example.com', 'quay.example.com', 'pier.example.com'];

describe.skipIf(!serverUrl)('a probe process for one region (PostgreSQL)', () => {
  let t: TestApp;
  let databaseUrl: string;
  let probe: Probe | undefined;
  let child: SitelensProcess | undefined;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Harbour</title>');
  });
  let connectTo = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    connectTo = SITES.map((site) => `${site}:80:127.0.0.1:${port}`).join(',');
    const database = await createTestDatabase();
    databaseUrl = (database.queueConnection as { connectionString: string }).connectionString;
    t = await createTestApp({}, undefined, database);
    const account = await teamAccount(t, {
      max_tracked_websites: 5,
      max_monitored_regions: 2,
      max_competitors: 1,
    });
    // Only the first site is monitored from eu-west-1 as well.
    for (const [i, site] of SITES.entries())
      await addWebsite(t.app, account, {
        domain: site,
        homepage_url: `http://${site}/`,
        settings: { regions: i === 0 ? ['us-east-1', 'eu-west-1'] : ['us-east-1'] },
      });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await probe?.stop();
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("takes that region's checks and only those, and stops cleanly", async () => {
    child = spawnSitelens(['probe', '--region', 'eu-west-1'], {
      DATABASE_URL: databaseUrl,
      FETCH_CONNECT_TO: connectTo,
      MONITOR_UPTIME_SECONDS: '5',
    });
    await readyOf(child, 'sitelens probe ready');
    probe = await startProbe({
      database: t.database,
      fetcher: guardedFetcherFor({ FETCH_ALLOW_PRIVATE: undefined, FETCH_CONNECT_TO: connectTo }),
      region: 'us-east-1',
      logger: pino({ level: 'silent' }),
      uptimeSeconds: 5,
      tickMs: 100,
      flushMs: 100,
    });
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set(['us-east-1', 'eu-west-1']));

    const byProbe = () =>
      t.database.query<{ probe_id: string; region: string; domain: string; n: number }>(
        `select r.probe_id, r.region, w.domain, count(*)::int as n
           from monitor_results r join websites w on w.id = r.website_id
          group by 1, 2, 3 order by 2, 3`,
      );
    await waitFor(
      'two slots at each region',
      async () => {
        const rows = await byProbe();
        return rows.length === SITES.length + 1 && rows.every((row) => row.n >= 4);
      },
      child!,
    );
    const rows = await byProbe();
    const other = rows.filter((row) => row.probe_id !== probe!.id);
    // The process measured eu-west-1's one site, and this process everything at us-east-1.
    expect(other.map(({ region, domain }) => ({ region, domain }))).toEqual([
      { region: 'eu-west-1', domain: SITES[0] },
    ]);
    expect(rows.filter((row) => row.probe_id === probe!.id).every((row) => row.region === 'us-east-1')).toBe(
      true,
    );
    const [health] = await t.database.query<{ region: string; host: string; address: string | null }>(
      `select region, host, address from probes where id = $1`,
      [other[0]!.probe_id],
    );
    // Where it stands: its machine, and its address (the database sees it on loopback here, which
    // tells nothing, so the machine's own).
    expect(health).toEqual({ region: 'eu-west-1', host: hostname(), address: machineAddress() });

    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set(['us-east-1']));
    // Stopped, it stays its region's last report: nothing measured there since.
    expect(await regionProbes(t.database.query, ['eu-west-1'])).toMatchObject([
      { region: 'eu-west-1', host: hostname(), silent: true },
    ]);
  }, 60_000);
});
