import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetcherFor } from '../../platform/fetcher';
import { addWebsite, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { waitFor } from '../../test/processes';
import { httpCheck, pageLoadCheck, pingCheck } from './checks';
import { liveProbeRegions, machineAddress, type Probe, regionProbes, startProbe } from './probe';

// The probes: uptime checks (a TCP connect and an HTTP GET) of each website at each of its regions,
// taken from a schedule in the database by the probes that serve the region.

const logger = pino({ level: 'silent' });
const SITES = Array.from({ length: 12 }, (_, i) => `shop-${i}.example.com`);

const PAGE =
  '<!doctype html><title>Shop</title><link rel="stylesheet" href="/style.css"><img src="/missing.png">';
/** One local web server standing in for every fixture site; `mode` says how it answers. */
let mode: 'up' | 'error' = 'up';
const requests: string[] = [];
const server = http.createServer((request, response) => {
  requests.push(`${request.headers.host}${request.url}`);
  if (request.url === '/style.css') {
    response.writeHead(200, { 'content-type': 'text/css' });
    response.end('body { color: #123456; }'.repeat(40));
    return;
  }
  response.writeHead(mode === 'up' ? 200 : 503, { 'content-type': 'text/html' });
  response.end(PAGE);
});
let port = 0;
const fetcherFor = () =>
  guardedFetcherFor({
    FETCH_ALLOW_PRIVATE: undefined,
    FETCH_CONNECT_TO: SITES.map((site) => `${site}:80:127.0.0.1:${port}`).join(','),
  });

let t: TestApp;
const probes: Probe[] = [];
const startFor = async (region: 'us-east-1' | 'eu-west-1') => {
  const probe = await startProbe({
    database: t.database,
    fetcher: fetcherFor(),
    region,
    logger,
    uptimeSeconds: 5,
    tickMs: 100,
    flushMs: 100,
    leaseSeconds: 3,
  });
  probes.push(probe);
  return probe;
};
const results = (where = 'true') =>
  t.database.query<{
    site: string;
    region: string;
    check: string;
    slot: number;
    ok: boolean;
    status: number | null;
    error: string | null;
  }>(
    `select w.domain as site, r.region, r."check", extract(epoch from r.slot_at)::float8 as slot, r.ok, r.status, r.error
       from monitor_results r join websites w on w.id = r.website_id where ${where}
      order by w.domain, r.region, r."check", r.slot_at`,
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  t = await createTestApp();
  const account = await teamAccount(t, {
    max_tracked_websites: 50,
    max_monitored_regions: 3,
    max_competitors: 3,
  });
  for (const [i, site] of SITES.entries())
    await addWebsite(t.app, account, {
      domain: site,
      homepage_url: `http://${site}/`,
      // The first site is monitored from two regions, the others from the one the probes serve.
      settings: { regions: i === 0 ? ['us-east-1', 'eu-west-1'] : ['us-east-1'] },
    });
});
afterEach(async () => {
  for (const probe of probes.splice(0)) await probe.stop();
  await t.database.query('delete from monitor_results');
  await t.database.query('delete from monitor_schedule');
  mode = 'up';
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the checks', () => {
  it("ping connects to the site's port and HTTP GETs its page: both up, with their times", async () => {
    const fetcher = fetcherFor();
    expect(await pingCheck(fetcher, 'http://shop-1.example.com/')).toMatchObject({ ok: true, error: null });
    const answered = await httpCheck(fetcher, 'http://shop-1.example.com/');
    expect(answered).toMatchObject({ ok: true, status: 200, error: null });
    expect(answered.valueMs).toBeGreaterThanOrEqual(0);
  });

  it('an answer of 503 is HTTP down with its status while ping stays up; a closed port is down for both', async () => {
    const fetcher = fetcherFor();
    mode = 'error';
    expect(await httpCheck(fetcher, 'http://shop-1.example.com/')).toMatchObject({
      ok: false,
      status: 503,
      error: 'HTTP 503',
    });
    expect((await pingCheck(fetcher, 'http://shop-1.example.com/')).ok).toBe(true);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = guardedFetcherFor({
      FETCH_ALLOW_PRIVATE: undefined,
      FETCH_CONNECT_TO: `gone.example.com:80:127.0.0.1:${closedPort}`,
    });
    const pinged = await pingCheck(nowhere, 'http://gone.example.com/');
    expect(pinged).toMatchObject({ ok: false, valueMs: null });
    expect(pinged.error).toMatch(/ECONNREFUSED/);
    expect((await httpCheck(nowhere, 'http://gone.example.com/')).ok).toBe(false);
  });

  it('a page load fetches the HTML and what it references, and sums their bytes', async () => {
    const before = requests.length;
    const load = await pageLoadCheck(fetcherFor(), 'http://shop-2.example.com/');
    expect(load).toMatchObject({ ok: true, status: 200, error: null });
    expect(requests.slice(before).sort()).toEqual([
      'shop-2.example.com/',
      'shop-2.example.com/favicon.ico',
      'shop-2.example.com/missing.png',
      'shop-2.example.com/style.css',
    ]);
    // The page, the stylesheet (960 bytes), and the page again for the image and the icon (the fixture
    // answers it for any other path).
    expect(load.bytes).toBeGreaterThan(PAGE.length + 960);
    mode = 'error';
    expect(await pageLoadCheck(fetcherFor(), 'http://shop-2.example.com/')).toMatchObject({
      ok: false,
      status: 503,
      error: 'HTTP 503',
    });
  });

  it('never connects to a private address a user typed in', async () => {
    const fetcher = guardedFetcherFor({ FETCH_ALLOW_PRIVATE: undefined, FETCH_CONNECT_TO: undefined });
    const before = requests.length;
    const pinged = await pingCheck(fetcher, `http://127.0.0.1:${port}/`);
    expect(pinged.ok).toBe(false);
    expect(pinged.error).toMatch(/not allowed|forbidden|private|loopback/i);
    expect((await httpCheck(fetcher, `http://127.0.0.1:${port}/`)).ok).toBe(false);
    expect(requests.length).toBe(before);
  });
});

describe('a probe', () => {
  it('checks each website at the regions it serves, once per period, and says which regions have a probe', async () => {
    await startFor('us-east-1');
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set(['us-east-1']));
    // Every site's first slot falls due within the first period (5 s), the next one a period later.
    await waitFor('two slots of every site', async () => {
      const rows = await results(`r."check" = 'http'`);
      return SITES.every((site) => rows.filter((row) => row.site === site).length >= 2);
    });
    const rows = await results();
    expect(rows.every((row) => row.region === 'us-east-1')).toBe(true);
    expect(rows.every((row) => row.ok)).toBe(true);
    const first = rows.filter((row) => row.site === SITES[0]);
    const pings = first.filter((row) => row.check === 'ping');
    const gets = first.filter((row) => row.check === 'http');
    expect(gets[0]).toMatchObject({ status: 200, error: null });
    // Ping and HTTP share each slot; slots are one period apart.
    expect(pings.map((row) => row.slot)).toEqual(gets.map((row) => row.slot));
    expect(gets[1]!.slot - gets[0]!.slot).toBeCloseTo(5, 3);
  }, 30_000);

  it('records a site that answers 503 as HTTP down', async () => {
    mode = 'error';
    await startFor('us-east-1');
    await waitFor('a checked slot', async () => (await results(`r."check" = 'http'`)).length > 0);
    const [row] = await results(`r."check" = 'http'`);
    expect(row).toMatchObject({ ok: false, status: 503, error: 'HTTP 503' });
  }, 30_000);

  it('a probe of another region takes only that region; two probes of a region never check one slot twice', async () => {
    requests.length = 0;
    await Promise.all([startFor('us-east-1'), startFor('us-east-1'), startFor('eu-west-1')]);
    await waitFor('two slots of every site', async () => {
      const rows = await results(`r."check" = 'http' and r.region = 'us-east-1'`);
      return SITES.every((site) => rows.filter((row) => row.site === site).length >= 2);
    });
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set(['us-east-1', 'eu-west-1']));
    // Stopped, the probes write what they had under way: every GET the sites saw is one row.
    for (const probe of probes.splice(0)) await probe.stop();
    const rows = await results();
    // The eu-west-1 probe checked the one site monitored there, and nothing else.
    const eu = rows.filter((row) => row.region === 'eu-west-1');
    expect(eu.length).toBeGreaterThan(0);
    expect(new Set(eu.map((row) => row.site))).toEqual(new Set([SITES[0]]));
    // Each slot was checked by one probe: as many GETs of a homepage reached the sites as there are
    // HTTP and page-load rows (a page load also fetches the page's resources).
    expect(requests.filter((request) => request.endsWith('/')).length).toBe(
      rows.filter((row) => row.check === 'http' || row.check === 'page_load').length,
    );
  }, 30_000);

  it('takes again, once, a slot whose probe died mid-check, when its lease runs out', async () => {
    // A probe took shop-0's slot at us-east-1 and died: its lease (3 s) runs out unanswered.
    await startFor('eu-west-1'); // fills the schedule of both regions' rows it serves
    await t.database.query(
      `insert into monitor_schedule (website_id, region, kind, organization_id, url, due_at, lease_until, leased_by)
       select id, 'us-east-1', 'uptime', organization_id, homepage_url,
              date_trunc('milliseconds', now() - interval '1 second'), now() + interval '2 seconds', gen_random_uuid()
         from websites where domain = $1`,
      [SITES[0]],
    );
    const [{ due }] = (await t.database.query<{ due: number }>(
      `select extract(epoch from due_at)::float8 as due from monitor_schedule s join websites w on w.id = s.website_id
        where w.domain = $1 and s.region = 'us-east-1'`,
      [SITES[0]],
    )) as [{ due: number }];
    await startFor('us-east-1');
    await waitFor('the abandoned slot', async () =>
      (await results(`w.domain = '${SITES[0]}' and r.region = 'us-east-1'`)).some((row) => row.slot === due),
    );
    const taken = (await results(`w.domain = '${SITES[0]}' and r.region = 'us-east-1'`)).filter(
      (row) => row.slot === due,
    );
    expect(taken.map((row) => row.check)).toEqual(['http', 'ping']);
  }, 30_000);

  it('drops quietly the results of a website deleted while it was checked, and writes the others', async () => {
    const account = await teamAccount(t, { max_tracked_websites: 5, max_monitored_regions: 3 });
    const [gone, kept] = await Promise.all(
      ['gone', 'kept'].map((name) =>
        addWebsite(t.app, account, {
          domain: `${name}.example.com`,
          homepage_url: `http://${name}.example.com/`,
          settings: { regions: ['sa-east-1'] },
        }),
      ),
    );
    const logged: { level: number; msg: string }[] = [];
    const watched = pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    let deleted = false;
    const up = async (url: string) => {
      // The website is deleted while its check is under way, before the result is written.
      if (url.includes('gone.example.com')) {
        await t.database.query('delete from websites where id = $1', [gone!.guid]);
        deleted = true;
      }
      return { ok: true, valueMs: 1, status: 200, error: null };
    };
    const probe = await startProbe({
      database: t.database,
      fetcher: fetcherFor(),
      region: 'sa-east-1',
      logger: watched,
      uptimeSeconds: 2,
      tickMs: 50,
      // Long enough for both websites' first slots (due within the 2 s period) to share one write.
      flushMs: 2_500,
      ping: up,
      http: up,
    });
    probes.push(probe);
    await waitFor(
      'a write after the deletion',
      async () => deleted && (logged.length > 0 || (await results(`w.id = '${kept!.guid}'`)).length > 0),
    );
    await probe.stop();
    expect(
      await t.database.query('select 1 from monitor_results where website_id = $1', [gone!.guid]),
    ).toEqual([]);
    expect((await results(`w.id = '${kept!.guid}'`)).map((row) => row.check)).toContain('http');
    expect(logged).toEqual([]);
  }, 30_000);

  it('is no longer live once stopped during a heartbeat, and the heartbeat does not bring it back', async () => {
    let beats = 0;
    let beatUnderWay = () => {};
    const underWay = new Promise<void>((resolve) => {
      beatUnderWay = resolve;
    });
    const query: typeof t.database.query = async (statement, params) => {
      // The second heartbeat (the first of the timer) is slow, as on a busy database.
      if (typeof statement === 'string' && statement.includes('insert into probes') && ++beats === 2) {
        beatUnderWay();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return t.database.query(statement, params);
    };
    const probe = await startProbe({
      database: { ...t.database, query },
      fetcher: fetcherFor(),
      region: 'eu-west-1',
      logger,
      uptimeSeconds: 5,
      tickMs: 100,
      flushMs: 100,
      beatMs: 50,
    });
    await underWay;
    await probe.stop();
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set());
    // And no later heartbeat either.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set());
  });

  it('drops a region from the schedule when the website stops monitoring it, and is no longer live when stopped', async () => {
    const probe = await startFor('eu-west-1');
    const slots = () =>
      t.database
        .query(`select 1 from monitor_schedule where region = 'eu-west-1'`)
        .then((rows) => rows.length);
    expect(await slots()).toBe(2); // uptime and speed
    await t.database.query(
      `update websites set settings = jsonb_set(settings, '{regions}', '["us-east-1"]') where domain = $1`,
      [SITES[0]],
    );
    const { syncSchedule } = await import('./probe');
    await syncSchedule(t.database.query, ['eu-west-1'], { uptimeSeconds: 5, speedSeconds: 60 });
    expect(await slots()).toBe(0);
    await probe.stop();
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set());
    await t.database.query(
      `update websites set settings = jsonb_set(settings, '{regions}', '["us-east-1", "eu-west-1"]') where domain = $1`,
      [SITES[0]],
    );
  });

  it('records where it stands: its host name and address at start and on each beat, and its last report when stopped', async () => {
    const at = () =>
      t.database.query<{ host: string; address: string | null; beat_ms: number; stopped: boolean }>(
        `select host, address, beat_ms, stopped_at is not null as stopped from probes where region = 'eu-west-1'`,
      );
    const probe = await startProbe({
      database: t.database,
      fetcher: fetcherFor(),
      region: 'eu-west-1',
      logger,
      uptimeSeconds: 5,
      beatMs: 100,
    });
    probes.push(probe);
    // The address the database sees the probe connect from tells nothing here (PGlite says
    // 127.0.0.1, PostgreSQL is reached on 127.0.0.1): the machine's own first non-internal IPv4.
    const address = machineAddress();
    expect(await at()).toEqual([{ host: hostname(), address, beat_ms: 100, stopped: false }]);
    // A beat writes them again: a row changed by hand is put right.
    await t.database.query(`update probes set host = 'elsewhere', address = '192.0.2.1' where id = $1`, [
      probe.id,
    ]);
    await waitFor('a heartbeat', async () => (await at())[0]?.host === hostname());
    expect(await at()).toMatchObject([{ address }]);
    expect(await regionProbes(t.database.query, ['eu-west-1', 'ap-south-1'])).toEqual([
      { region: 'eu-west-1', host: hostname(), address, last_report_at: expect.any(String), silent: false },
    ]);

    // Stopped, it is the region's last report: silent, with the time of its stop.
    await probe.stop();
    const [last] = await regionProbes(t.database.query, ['eu-west-1']);
    expect(last).toMatchObject({ region: 'eu-west-1', host: hostname(), silent: true });
    expect(Math.abs(Date.parse(last!.last_report_at) - Date.now())).toBeLessThan(5_000);
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set());

    // A new probe of the region replaces it as the region's report.
    const next = await startFor('eu-west-1');
    expect(await regionProbes(t.database.query, ['eu-west-1'])).toMatchObject([{ silent: false }]);
    expect(await at()).toHaveLength(1);
    await next.stop();
  });

  it('a probe silent for three of its beats is taken for gone; its region shows the probe last heard there', async () => {
    await t.database.query('delete from probes');
    const heard = (host: string, region: string, secondsAgo: number, beatMs = 5000) =>
      t.database.query(
        `insert into probes (id, region, host, address, pid, beat_ms, beat_at)
         values (gen_random_uuid(), $1, $2, '203.0.113.7', 1, $3, now() - make_interval(secs => $4))`,
        [region, host, beatMs, secondsAgo],
      );
    await heard('mumbai-1', 'ap-south-1', 12); // within 3 × 5 s: live
    await heard('mumbai-old', 'ap-south-1', 600); // gone, but another probe of the region is live
    await heard('sydney-1', 'ap-southeast-2', 18); // silent for more than 3 × 5 s
    await heard('sydney-0', 'ap-southeast-2', 900); // heard before sydney-1
    await heard('tokyo-1', 'ap-northeast-1', 18, 10_000); // beats every 10 s: 18 s is under three beats
    expect(await liveProbeRegions(t.database.query)).toEqual(new Set(['ap-south-1', 'ap-northeast-1']));
    expect(
      await regionProbes(t.database.query, ['ap-south-1', 'ap-southeast-2', 'ap-northeast-1', 'sa-east-1']),
    ).toEqual([
      {
        region: 'ap-south-1',
        host: 'mumbai-1',
        address: '203.0.113.7',
        last_report_at: expect.any(String),
        silent: false,
      },
      {
        region: 'ap-southeast-2',
        host: 'sydney-1',
        address: '203.0.113.7',
        last_report_at: expect.any(String),
        silent: true,
      },
      {
        region: 'ap-northeast-1',
        host: 'tokyo-1',
        address: '203.0.113.7',
        last_report_at: expect.any(String),
        silent: false,
      },
    ]);
    await t.database.query('delete from probes');
  });
});
