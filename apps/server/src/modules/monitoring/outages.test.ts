import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardedFetcherFor } from '../../platform/fetcher';
import { type Account, type TestApp, teamAccount } from '../../test/app';
import { waitFor } from '../../test/processes';
import { updateOutages } from './outages';
import { type Probe, startProbe } from './probe';
import { MONITORING_PLAN, monitoredWebsite } from './test-support';

// Outages from the probes' results (checkup document 4 and 7.4): opened at the quorum of a
// website's regions, global when all fail, closed on recovery, reopened within the 5-minute gap,
// with their failed checks; the outage calls scoped to the organization.

const SITE = 'harbour.example.com';
const URL_OF_SITE = `http://${SITE}/`;
let t: TestApp;
let account: Account;
let websiteId: string;

/** A check's result at a region, `minutesAgo` before now; `ok` false is a failure. */
async function result(region: string, check: 'ping' | 'http' | 'page_load', ok: boolean, minutesAgo: number) {
  await t.database.query(
    `insert into monitor_results (website_id, region, "check", slot_at, checked_at, probe_id, ok, value_ms, status, error)
     values ($1, $2, $3, now() - make_interval(secs => $4 * 60), now() - make_interval(secs => $4 * 60),
             gen_random_uuid(), $5, $6, $7, $8)`,
    [
      websiteId,
      region,
      check,
      minutesAgo,
      ok,
      check === 'ping' ? 4 : 120,
      check === 'ping' ? null : ok ? 200 : 503,
      ok ? null : check === 'ping' ? 'connect ECONNREFUSED' : 'HTTP 503',
    ],
  );
}
const evaluate = (quorum = 1) => t.database.transaction((query) => updateOutages(query, [websiteId], quorum));
const outages = () =>
  t.database.query<{ id: string; scope: string; regions: string[]; open: boolean }>(
    'select id, scope, regions, ended_at is null as open from outages where website_id = $1 order by started_at',
    [websiteId],
  );
const list = (who: Account = account, url = URL_OF_SITE) =>
  t.app.inject({ url: `/api/outage/list?url=${encodeURIComponent(url)}`, headers: who.auth });

beforeAll(async () => {
  ({ t, account, websiteId } = await monitoredWebsite(SITE, URL_OF_SITE));
});
beforeEach(async () => {
  await t.database.query('delete from outages');
  await t.database.query('delete from monitor_results');
});
afterAll(() => t.close());

describe('outages from check results', () => {
  it('one failing region opens a regional outage, all regions make it global, recovery closes it', async () => {
    await result('us-east-1', 'ping', true, 3);
    await result('us-east-1', 'http', true, 3);
    await result('eu-west-1', 'http', false, 3);
    await evaluate();
    expect(await outages()).toMatchObject([{ scope: 'regional', regions: ['eu-west-1'], open: true }]);

    await result('us-east-1', 'ping', false, 2);
    await evaluate();
    expect(await outages()).toMatchObject([
      { scope: 'global', regions: ['eu-west-1', 'us-east-1'], open: true },
    ]);

    await result('us-east-1', 'ping', true, 1);
    await result('eu-west-1', 'http', true, 1);
    await evaluate();
    expect(await outages()).toMatchObject([{ scope: 'global', open: false }]);

    // Its failed checks, each once however often the outage was looked at.
    await evaluate();
    const [outage] = await outages();
    const context = await t.app.inject({
      url: `/api/outage/context?guid=${outage!.id}`,
      headers: account.auth,
    });
    expect(context.statusCode).toBe(200);
    expect(context.json().events).toEqual([
      {
        created_at: expect.any(String),
        region: 'eu-west-1',
        type: 'loading_time',
        value: 120,
        error: 'HTTP 503',
      },
      {
        created_at: expect.any(String),
        region: 'us-east-1',
        type: 'ping',
        value: false,
        error: 'connect ECONNREFUSED',
      },
    ]);
  });

  it('a region whose failed check is older than the outage but written later joins it with that check', async () => {
    // us-east-1's probe writes first and opens the outage; eu-west-1's check failed a minute
    // earlier but its probe writes later (a slow flush): the outage started at that check.
    await result('us-east-1', 'http', false, 2);
    await evaluate();
    await result('eu-west-1', 'http', false, 3);
    await evaluate();
    const [outage] = await outages();
    expect(outage).toMatchObject({ scope: 'global', regions: ['eu-west-1', 'us-east-1'], open: true });
    const context = await t.app.inject({
      url: `/api/outage/context?guid=${outage!.id}`,
      headers: account.auth,
    });
    expect(context.json().events.map((event: { region: string }) => event.region)).toEqual([
      'eu-west-1',
      'us-east-1',
    ]);
  });

  it("a failed page load opens an outage that the region's next answered HTTP check closes", async () => {
    await result('eu-west-1', 'http', true, 4);
    await result('eu-west-1', 'page_load', false, 3);
    await evaluate();
    expect(await outages()).toMatchObject([{ regions: ['eu-west-1'], open: true }]);
    // The page load's next run is 15 minutes away; the HTTP check every few seconds says the site is back.
    await result('eu-west-1', 'http', true, 2);
    await evaluate();
    expect(await outages()).toMatchObject([{ regions: ['eu-west-1'], open: false }]);
  });

  it('one region alone never makes an outage global, even when it is the only region of the website', async () => {
    await t.database.query(
      `update websites set settings = jsonb_set(settings, '{regions}', '["us-east-1"]') where id = $1`,
      [websiteId],
    );
    try {
      await result('us-east-1', 'ping', false, 2);
      await result('us-east-1', 'http', false, 2);
      await evaluate();
      expect(await outages()).toMatchObject([{ scope: 'regional', regions: ['us-east-1'], open: true }]);
      expect((await list()).json().active).toMatchObject({ scope: 'regional', regions: ['us-east-1'] });
    } finally {
      await t.database.query(
        `update websites set settings = jsonb_set(settings, '{regions}', '["us-east-1", "eu-west-1"]') where id = $1`,
        [websiteId],
      );
    }
  });

  it('with a quorum of two, one failing region opens nothing; both open a global outage', async () => {
    await result('us-east-1', 'http', true, 2);
    await result('eu-west-1', 'http', false, 2);
    await evaluate(2);
    expect(await outages()).toEqual([]);
    await result('us-east-1', 'http', false, 1);
    await evaluate(2);
    expect(await outages()).toMatchObject([{ scope: 'global', open: true }]);
  });

  it('down again within 5 minutes of recovering continues the same outage; later, a new one', async () => {
    await result('eu-west-1', 'http', false, 20);
    await evaluate();
    await result('eu-west-1', 'http', true, 16);
    await evaluate();
    await result('eu-west-1', 'http', false, 12); // 4 minutes after it closed
    await evaluate();
    const [first] = await outages();
    expect(await outages()).toEqual([{ ...first, open: true }]);
    await result('eu-west-1', 'http', true, 10);
    await evaluate();
    await result('eu-west-1', 'http', false, 3); // 7 minutes after
    await evaluate();
    expect((await outages()).map((o) => [o.id === first!.id, o.open])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});

describe('GET /api/outage/list and /context', () => {
  it('answers the outages over and under way, and the regions without a probe', async () => {
    await result('eu-west-1', 'http', false, 30);
    await evaluate();
    await result('eu-west-1', 'http', true, 25);
    await evaluate();
    await result('us-east-1', 'ping', false, 2);
    await evaluate();
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.archived).toEqual([
      {
        guid: expect.any(String),
        start_at: expect.any(String),
        end_at: expect.any(String),
        scope: 'regional',
        regions: ['eu-west-1'],
      },
    ]);
    // From the first failed check to the recovery, 5 minutes later (each row written at its own now()).
    expect(
      Math.abs(Date.parse(body.archived[0].end_at) - Date.parse(body.archived[0].start_at) - 5 * 60_000),
    ).toBeLessThan(1_000);
    expect(body.active).toMatchObject({ scope: 'regional', regions: ['us-east-1'] });
    expect(Math.abs(body.active.created_at - (Date.now() / 1000 - 120))).toBeLessThan(5);
    // No probe runs in this test: neither region was measured by a live one.
    expect(body.no_probe).toEqual(['us-east-1', 'eu-west-1']);
    expect(body.probes).toEqual([]);
    // A day range that ends before them has none.
    const before = await t.app.inject({
      url: `/api/outage/list?url=${encodeURIComponent(URL_OF_SITE)}&start_date=2020-01-01&end_date=2020-01-31`,
      headers: account.auth,
    });
    expect(before.json()).toMatchObject({ archived: [], active: null });
  });

  it("names each region's probe; a stopped or silent one says so, and its region counts as without a probe", async () => {
    await t.database.query('delete from probes');
    await t.database.query(
      `insert into probes (id, region, host, address, pid, beat_at, stopped_at)
       values (gen_random_uuid(), 'us-east-1', 'ashburn-1', '198.51.100.4', 1, now(), null),
              (gen_random_uuid(), 'eu-west-1', 'dublin-1', null, 1, now() - interval '10 minutes', now() - interval '10 minutes'),
              (gen_random_uuid(), 'ap-south-1', 'mumbai-1', '198.51.100.8', 1, now(), null)`,
    );
    const body = (await list()).json();
    expect(body.no_probe).toEqual(['eu-west-1']);
    // Only the website's regions, in its order.
    expect(body.probes).toEqual([
      {
        region: 'us-east-1',
        host: 'ashburn-1',
        address: '198.51.100.4',
        last_report_at: expect.any(String),
        silent: false,
      },
      {
        region: 'eu-west-1',
        host: 'dublin-1',
        address: null,
        last_report_at: expect.any(String),
        silent: true,
      },
    ]);
    await t.database.query('delete from probes');
  });

  it('says since when the website is monitored: nothing before its first check, at any region', async () => {
    await t.database.query('delete from monitor_rollups');
    expect((await list()).json()).toMatchObject({ archived: [], active: null, monitored_since: null });
    await result('eu-west-1', 'ping', true, 10);
    await result('us-east-1', 'http', true, 40);
    const since = (await list()).json().monitored_since;
    expect(Math.abs(Date.parse(since) - (Date.now() - 40 * 60_000))).toBeLessThan(5_000);
    // Raw results older than 48 hours are gone; their hourly aggregate still says when it began.
    await t.database.query(
      `insert into monitor_rollups (website_id, region, "check", period, at, checks, failures)
       values ($1, 'us-east-1', 'ping', 'hour', '2026-01-05T10:00:00Z', 60, 0)`,
      [websiteId],
    );
    expect((await list()).json().monitored_since).toBe('2026-01-05T10:00:00.000Z');
    await t.database.query('delete from monitor_rollups');
  });

  it("another organization's website and outage are 404; a URL that is not one is 400", async () => {
    await result('eu-west-1', 'http', false, 2);
    await evaluate();
    const [outage] = await outages();
    const other = await teamAccount(t, MONITORING_PLAN);
    expect((await list(other)).statusCode).toBe(404);
    const context = await t.app.inject({
      url: `/api/outage/context?guid=${outage!.id}`,
      headers: other.auth,
    });
    expect(context.statusCode).toBe(404);
    const bad = await list(account, 'not a url');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/url/i);
  });
});

describe('a fixture site that stops answering', () => {
  let mode: 'up' | 'error' = 'up';
  const server = http.createServer((_request, response) => {
    response.writeHead(mode === 'up' ? 200 : 503);
    response.end('<!doctype html><title>Harbour</title>');
  });
  const probes: Probe[] = [];
  afterAll(async () => {
    for (const probe of probes) await probe.stop();
    await new Promise((resolve) => server.close(resolve));
  });

  it('opens an outage at both regions and closes it when the site answers again', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    for (const region of ['us-east-1', 'eu-west-1'] as const)
      probes.push(
        await startProbe({
          database: t.database,
          fetcher: guardedFetcherFor({
            FETCH_ALLOW_PRIVATE: undefined,
            FETCH_CONNECT_TO: `${SITE}:80:127.0.0.1:${port}`,
          }),
          region,
          logger: pino({ level: 'silent' }),
          uptimeSeconds: 5,
          tickMs: 100,
          flushMs: 100,
        }),
      );
    await waitFor('checks at both regions', async () => {
      const rows = await t.database.query('select distinct region from monitor_results');
      return rows.length === 2;
    });
    expect((await list()).json()).toMatchObject({ active: null, no_probe: [] });
    // Each region names the probe that measures it.
    expect((await list()).json().probes).toEqual(
      ['us-east-1', 'eu-west-1'].map((region) => ({
        region,
        host: hostname(),
        address: expect.anything(),
        last_report_at: expect.any(String),
        silent: false,
      })),
    );
    mode = 'error';
    await waitFor('a global outage', async () => (await list()).json().active?.scope === 'global', 20_000);
    mode = 'up';
    await waitFor('the outage over', async () => (await list()).json().active === null, 20_000);
    const { archived } = (await list()).json();
    expect(archived).toHaveLength(1);
    const context = (
      await t.app.inject({ url: `/api/outage/context?guid=${archived[0].guid}`, headers: account.auth })
    ).json();
    expect(new Set(context.events.map((e: { region: string }) => e.region))).toEqual(
      new Set(['us-east-1', 'eu-west-1']),
    );
    expect(
      context.events.every(
        (e: { type: string; error: string }) => e.type === 'loading_time' && e.error === 'HTTP 503',
      ),
    ).toBe(true);
  }, 60_000);
});
