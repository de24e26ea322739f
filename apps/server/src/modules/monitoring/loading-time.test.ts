import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, type TestApp, teamAccount } from '../../test/app';
import { syncSchedule } from './probe';
import { rollUp } from './rollups';
import { MONITORING_PLAN, monitoredWebsite } from './test-support';

// Site speed data (checkup document 2.7, 3, 7.4): page loads by hour or day, from raw results for
// the last 48 hours and from hourly aggregates before, and a page load asked for now.

const SITE = 'quay.example.com';
const URL_OF_SITE = `https://${SITE}/`;
let t: TestApp;
let account: Account;
let websiteId: string;

/** A page load at us-east-1 `minutesAgo` before the start of the current hour, `ms` long, of `bytes`. */
const load = (minutesAgo: number, ms: number | null, bytes: number | null) =>
  t.database.query(
    `insert into monitor_results (website_id, region, "check", slot_at, checked_at, probe_id, ok, value_ms, status, bytes, error)
     values ($1, 'us-east-1', 'page_load', date_trunc('hour', now()) - make_interval(mins => $2),
             date_trunc('hour', now()) - make_interval(mins => $2), gen_random_uuid(), $3::real is not null, $3::real, 200, $4::int,
             case when $3::real is null then 'connect ECONNREFUSED' end)`,
    [websiteId, minutesAgo, ms, bytes],
  );
const get = (query: string, who: Account = account) =>
  t.app.inject({
    url: `/api/loading-time?url=${encodeURIComponent(URL_OF_SITE)}&${query}`,
    headers: who.auth,
  });

beforeAll(async () => {
  ({ t, account, websiteId } = await monitoredWebsite(SITE, URL_OF_SITE));
});
beforeEach(async () => {
  await t.database.query('delete from monitor_results');
  await t.database.query('delete from monitor_rollups');
  await t.database.query('delete from probes');
});
afterAll(() => t.close());

describe('GET /api/loading-time', () => {
  it('gives each hour its average, fastest and slowest load, size in Kb and speed in Kb/s', async () => {
    await load(50, 1000, 2048);
    await load(20, 3000, 4096);
    await load(10, null, null); // failed before answering: counts in no average
    await load(80, 500, 1024);
    const res = await get('region=us-east-1&group_by=hour');
    expect(res.statusCode).toBe(200);
    const { reports, no_probe } = res.json();
    expect(no_probe).toBe(true);
    expect(reports).toEqual([
      {
        c_at: expect.any(String),
        loading_time: 500,
        min_loading_time: 500,
        max_loading_time: 500,
        page_size: 1,
        loading_speed: 2,
      },
      {
        c_at: expect.any(String),
        loading_time: 2000,
        min_loading_time: 1000,
        max_loading_time: 3000,
        page_size: 3,
        loading_speed: 1.5,
      },
    ]);
    expect(Date.parse(reports[1].c_at) - Date.parse(reports[0].c_at)).toBe(3_600_000);
  });

  it('reads older days from the hourly aggregates once raw results are gone, the same figures', async () => {
    await load(50, 1000, 2048);
    await load(20, 3000, 4096);
    await rollUp(t.database.query);
    await rollUp(t.database.query); // again: nothing counted twice
    // Three days later: the raw results are past 48 hours, their aggregates remain.
    await t.database.query(`update monitor_results set checked_at = checked_at - interval '3 days'`);
    await t.database.query(`update monitor_rollups set at = at - interval '3 days'`);
    await rollUp(t.database.query);
    expect(await t.database.query('select 1 from monitor_results')).toHaveLength(0);
    const [hour] = await t.database.query<{ checks: number }>(
      `select checks from monitor_rollups where period = 'hour'`,
    );
    expect(hour?.checks).toBe(2);
    const res = await get('region=us-east-1&group_by=day');
    expect(res.json().reports).toEqual([
      {
        c_at: expect.any(String),
        loading_time: 2000,
        min_loading_time: 1000,
        max_loading_time: 3000,
        page_size: 3,
        loading_speed: 1.5,
      },
    ]);
    expect(res.json().reports[0].c_at).toMatch(/T00:00:00\.000Z$/);
  });

  it('says since when the region measures the page: nothing before its first load there', async () => {
    expect((await get('region=us-east-1&group_by=day')).json()).toMatchObject({
      reports: [],
      monitored_since: null,
    });
    // A page load at another region, or another check at this one, is not this region's speed.
    await t.database.query(
      `insert into monitor_results (website_id, region, "check", slot_at, checked_at, probe_id, ok, value_ms, status)
       values ($1, 'eu-west-1', 'page_load', now() - interval '2 days', now() - interval '2 days', gen_random_uuid(), true, 900, 200),
              ($1, 'us-east-1', 'ping', now() - interval '3 days', now() - interval '3 days', gen_random_uuid(), true, 20, null)`,
      [websiteId],
    );
    expect((await get('region=us-east-1&group_by=day')).json().monitored_since).toBeNull();
    await load(50, 1000, 2048);
    await load(20, 3000, 4096);
    const since = (await get('region=us-east-1&group_by=day')).json().monitored_since;
    const [first] = await t.database.query<{ at: Date }>(
      `select checked_at as at from monitor_results where region = 'us-east-1' and "check" = 'page_load' order by 1 limit 1`,
    );
    expect(since).toBe(new Date(first!.at).toISOString());
    expect(Date.now() - Date.parse(since)).toBeGreaterThan(50 * 60_000);
    // Raw results older than 48 hours are gone; their hourly aggregate still says when it began.
    await t.database.query(
      `insert into monitor_rollups (website_id, region, "check", period, at, checks, failures)
       values ($1, 'us-east-1', 'page_load', 'hour', '2026-01-05T10:00:00Z', 4, 0)`,
      [websiteId],
    );
    expect((await get('region=us-east-1&group_by=hour')).json().monitored_since).toBe(
      '2026-01-05T10:00:00.000Z',
    );
  });

  it('names the probe that measures the region, and one silent for three beats as not measuring', async () => {
    expect((await get('region=us-east-1')).json()).toMatchObject({ no_probe: true, probes: [] });
    await t.database.query(
      `insert into probes (id, region, host, address, pid, beat_ms, beat_at)
       values (gen_random_uuid(), 'us-east-1', 'ashburn-1', '198.51.100.4', 1, 5000, now() - interval '2 seconds'),
              (gen_random_uuid(), 'eu-west-1', 'dublin-1', '198.51.100.9', 1, 5000, now())`,
    );
    const live = (await get('region=us-east-1')).json();
    expect(live.no_probe).toBe(false);
    expect(live.probes).toEqual([
      {
        region: 'us-east-1',
        host: 'ashburn-1',
        address: '198.51.100.4',
        last_report_at: expect.any(String),
        silent: false,
      },
    ]);
    expect(Math.abs(Date.parse(live.probes[0].last_report_at) - (Date.now() - 2_000))).toBeLessThan(5_000);
    // Silent for more than three of its 5-second beats: the region is not measured, and says by whom it was.
    await t.database.query(
      `update probes set beat_at = now() - interval '16 seconds' where host = 'ashburn-1'`,
    );
    expect((await get('region=us-east-1')).json()).toMatchObject({
      no_probe: true,
      probes: [{ region: 'us-east-1', host: 'ashburn-1', address: '198.51.100.4', silent: true }],
    });
  });

  it('refuses a region the website is not monitored from, and another organization’s website is 404', async () => {
    const res = await get('region=ap-south-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'The website is not monitored from this region' });
    const other = await teamAccount(t, MONITORING_PLAN);
    expect((await get('region=us-east-1', other)).statusCode).toBe(404);
  });
});

describe('POST /api/loading-time', () => {
  it('brings the next page load forward at regions with a probe, and names those without', async () => {
    await syncSchedule(t.database.query, ['us-east-1', 'eu-west-1'], {
      uptimeSeconds: 60,
      speedSeconds: 900,
    });
    await t.database.query(
      `insert into probes (id, region, host, pid) values (gen_random_uuid(), 'us-east-1', 'probe-host', 1)`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loading-time',
      headers: account.auth,
      payload: { url: URL_OF_SITE },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: ['us-east-1'], no_probe: ['eu-west-1'] });
    const [due] = await t.database.query<{ late: boolean }>(
      `select due_at <= now() as late from monitor_schedule where website_id = $1 and kind = 'speed' and region = 'us-east-1'`,
      [websiteId],
    );
    expect(due?.late).toBe(true);
  });
});
