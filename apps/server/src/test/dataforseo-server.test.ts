import { afterEach, describe, expect, it } from 'vitest';
import { type FakeDataForSeo, type FakeDataForSeoOptions, startFakeDataForSeo } from './dataforseo-server';

// biome-ignore lint/suspicious/noExplicitAny: test helpers read loosely-typed JSON envelopes
type Json = any;

let fake: FakeDataForSeo | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeDataForSeoOptions = {}): Promise<FakeDataForSeo> {
  fake = await startFakeDataForSeo(options);
  return fake;
}

function authOf(server: FakeDataForSeo, password = server.password): string {
  return `Basic ${Buffer.from(`${server.login}:${password}`).toString('base64')}`;
}

async function post(
  server: FakeDataForSeo,
  path: string,
  body: unknown,
  authorization: string | null = authOf(server),
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  const response = await fetch(`${server.url}/v3/${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** One task, expected to succeed; returns result[0]. */
async function live(server: FakeDataForSeo, path: string, task: Record<string, unknown>): Promise<Json> {
  const { status, body } = await post(server, path, [task]);
  expect(status).toBe(200);
  expect(body.status_code).toBe(20000);
  expect(body.tasks[0].status_code).toBe(20000);
  return body.tasks[0].result[0];
}

const sum = (map: Record<string, number>) => Object.values(map).reduce((a, b) => a + b, 0);

describe('fake DataForSEO server', () => {
  it('answers 401 with the documented 40100 body to wrong or missing credentials', async () => {
    const server = await start();
    for (const authorization of [authOf(server, 'wrong'), null]) {
      const { status, body } = await post(
        server,
        'backlinks/summary/live',
        [{ target: 'example.com' }],
        authorization,
      );
      expect(status).toBe(401);
      expect(body).toMatchObject({ status_code: 40100, cost: 0, tasks_count: 0, tasks: null });
      expect(body.status_message).toMatch(/not authorized to access this resource/);
    }
    expect(server.requests).toEqual([]);
  });

  it('answers 404 with 40400 for an unknown path', async () => {
    const server = await start();
    const { status, body } = await post(server, 'backlinks/nothing/live', [{ target: 'example.com' }]);
    expect(status).toBe(404);
    expect(body).toMatchObject({ status_code: 40400, tasks: null });
  });

  it('answers the summary in the documented envelope and logs the request', async () => {
    const server = await start();
    const { body } = await post(server, 'backlinks/summary/live', [{ target: 'example.com' }]);
    expect(body).toMatchObject({ status_code: 20000, status_message: 'Ok.', tasks_count: 1, tasks_error: 0 });
    expect(body.version).toMatch(/^0\.1\.\d{8}$/);
    expect(body.time).toMatch(/^\d+\.\d{4} sec\.$/);
    const task = body.tasks[0];
    expect(task.id).toMatch(/^\d{8}-\d{4}-\d{4}-0000-[0-9a-f]{12}$/);
    expect(task.path).toEqual(['v3', 'backlinks', 'summary', 'live']);
    expect(task.data).toMatchObject({ api: 'backlinks', function: 'summary', target: 'example.com' });
    expect(task.result_count).toBe(1);
    const summary = task.result[0];
    expect(summary.target).toBe('example.com');
    expect(summary.rank).toBeGreaterThan(0);
    expect(summary.rank).toBeLessThanOrEqual(1000);
    expect(summary.first_seen).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+00:00$/);
    expect(summary.backlinks).toBeGreaterThanOrEqual(60);
    expect(summary.backlinks).toBeLessThanOrEqual(240);
    expect(summary.referring_domains).toBeGreaterThanOrEqual(10);
    const nofollowShare = summary.referring_links_attributes.nofollow / summary.backlinks;
    expect(nofollowShare).toBeGreaterThan(0.1);
    expect(nofollowShare).toBeLessThan(0.45);
    expect(server.requests).toEqual([{ path: 'backlinks/summary/live', task: { target: 'example.com' } }]);
  });

  it('is deterministic per target and different between targets', async () => {
    const first = await start();
    const a = await live(first, 'backlinks/summary/live', { target: 'example.com' });
    const b = await live(first, 'backlinks/summary/live', { target: 'other-site.org' });
    await first.close();
    fake = undefined;
    const second = await start();
    const again = await live(second, 'backlinks/summary/live', { target: 'example.com' });
    expect(again).toEqual(a);
    expect(b.backlinks === a.backlinks && b.referring_domains === a.referring_domains).toBe(false);
  });

  it('keeps the summary, its maps, the lists and the timeseries consistent', async () => {
    const server = await start();
    const target = 'example.com';
    const summary = await live(server, 'backlinks/summary/live', { target });
    expect(sum(summary.referring_links_tld)).toBe(summary.backlinks);
    expect(sum(summary.referring_links_countries)).toBe(summary.backlinks);
    expect(sum(summary.referring_links_types)).toBe(summary.backlinks);
    for (const code of Object.keys(summary.referring_links_countries))
      expect(['US', 'GB', 'DE', 'FR', 'CA', 'IN', 'AU', 'NL']).toContain(code);

    const backlinks = await live(server, 'backlinks/backlinks/live', { target, limit: 1000 });
    expect(backlinks.total_count).toBe(summary.backlinks);
    expect(backlinks.items).toHaveLength(summary.backlinks);
    expect(backlinks.items.filter((i: Json) => !i.dofollow)).toHaveLength(
      summary.referring_links_attributes.nofollow,
    );
    expect(new Set(backlinks.items.map((i: Json) => i.domain_from)).size).toBe(summary.referring_domains);
    expect(new Set(backlinks.items.map((i: Json) => i.url_from)).size).toBe(summary.referring_pages);

    const domains = await live(server, 'backlinks/referring_domains/live', { target, limit: 1000 });
    expect(domains.total_count).toBe(summary.referring_domains);
    expect(domains.items.reduce((n: number, i: Json) => n + i.backlinks, 0)).toBe(summary.backlinks);
    const backlinkCounts = domains.items.map((i: Json) => i.backlinks);
    expect(backlinkCounts).toEqual([...backlinkCounts].sort((x, y) => y - x)); // default order backlinks,desc

    const anchors = await live(server, 'backlinks/anchors/live', { target, limit: 1000 });
    expect(anchors.items.reduce((n: number, i: Json) => n + i.backlinks, 0)).toBe(summary.backlinks);
    expect(anchors.items.map((i: Json) => i.anchor)).toEqual(
      expect.arrayContaining(['Example', 'example.com']),
    );

    const series = await live(server, 'backlinks/timeseries_summary/live', {
      target,
      date_from: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10),
      group_range: 'week',
    });
    const last = series.items.at(-1);
    expect(series.items_count).toBe(series.items.length);
    expect(last).toMatchObject({
      type: 'backlinks_timeseries_summary',
      rank: summary.rank,
      backlinks: summary.backlinks,
      referring_domains: summary.referring_domains,
      referring_main_domains: summary.referring_main_domains,
      referring_pages: summary.referring_pages,
      referring_ips: summary.referring_ips,
    });
    expect(series.items[0].backlinks).toBeLessThanOrEqual(summary.backlinks + 20);
  });

  it('groups the timeseries as documented: one item per month, dated the last day', async () => {
    const server = await start();
    const series = await live(server, 'backlinks/timeseries_summary/live', {
      target: 'example.com',
      date_from: '2022-03-23',
      date_to: '2022-05-13',
      group_range: 'month',
    });
    expect(series.items.map((i: Json) => i.date)).toEqual([
      '2022-03-31 00:00:00 +00:00',
      '2022-04-30 00:00:00 +00:00',
      '2022-05-31 00:00:00 +00:00',
    ]);
    expect(series).toMatchObject({ date_from: '2022-03-23', date_to: '2022-05-13', group_range: 'month' });
  });

  it('pages with offset and limit into disjoint pages that cover total_count', async () => {
    const server = await start({ profiles: { 'paging.example': { backlinks: 130 } } });
    const firstPage = await live(server, 'backlinks/backlinks/live', { target: 'paging.example' });
    expect(firstPage.total_count).toBe(130);
    expect(firstPage.items_count).toBe(100); // default limit
    const seen = new Set<string>();
    for (let offset = 0; offset < 130; offset += 50) {
      const result = await live(server, 'backlinks/backlinks/live', {
        target: 'paging.example',
        limit: 50,
        offset,
        order_by: ['domain_from_rank,desc'],
      });
      expect(result.items_count).toBe(Math.min(50, 130 - offset));
      for (const item of result.items) {
        const key = `${item.url_from}|${item.url_to}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBe(130);
  });

  it('sorts by order_by', async () => {
    const server = await start();
    const byFirstSeen = await live(server, 'backlinks/backlinks/live', {
      target: 'example.com',
      order_by: ['first_seen,desc'],
    });
    const dates = byFirstSeen.items.map((i: Json) => i.first_seen);
    expect(dates).toEqual([...dates].sort().reverse());
    const byPageRank = await live(server, 'backlinks/backlinks/live', {
      target: 'example.com',
      order_by: ['page_from_rank,asc'],
    });
    const ranks = byPageRank.items.map((i: Json) => i.page_from_rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('answers one backlink per domain with its group count', async () => {
    const server = await start();
    const summary = await live(server, 'backlinks/summary/live', { target: 'example.com' });
    const result = await live(server, 'backlinks/backlinks/live', {
      target: 'example.com',
      mode: 'one_per_domain',
      limit: 1000,
    });
    expect(result.total_count).toBe(summary.referring_domains);
    expect(result.items.reduce((n: number, i: Json) => n + i.group_count, 0)).toBe(summary.backlinks);
  });

  it('answers an empty profile for a nolinks target', async () => {
    const server = await start();
    const summary = await live(server, 'backlinks/summary/live', { target: 'nolinks.example' });
    expect(summary).toMatchObject({
      target: 'nolinks.example',
      rank: 0,
      backlinks: 0,
      referring_domains: 0,
      referring_links_tld: {},
      referring_links_countries: {},
      first_seen: null,
    });
    for (const path of [
      'backlinks/backlinks/live',
      'backlinks/referring_domains/live',
      'backlinks/anchors/live',
    ]) {
      const result = await live(server, path, { target: 'nolinks.example' });
      expect(result).toMatchObject({ total_count: 0, items_count: 0, items: [] });
    }
  });

  it('answers 40501 Invalid Field for a bad task, at no cost', async () => {
    const server = await start();
    const cases: [Record<string, unknown>, string][] = [
      [{ target: 'example.com', limit: 1001 }, 'limit'],
      [{ limit: 10 }, 'target'],
      [{ target: 'example.com', order_by: ['first_seen,sideways'] }, 'order_by'],
      [{ target: 'example.com', order_by: ['no_such_field,desc'] }, 'order_by'],
    ];
    for (const [task, field] of cases) {
      const { status, body } = await post(server, 'backlinks/backlinks/live', [task]);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status_code: 20000, tasks_count: 1, tasks_error: 1, cost: 0 });
      expect(body.tasks[0]).toMatchObject({ status_code: 40501, result: null, cost: 0 });
      expect(body.tasks[0].status_message).toBe(`Invalid Field: '${field}'.`);
    }
    expect(server.spent()).toBe(0);
  });

  it('answers 40000 for every task after the first', async () => {
    const server = await start();
    const { body } = await post(server, 'backlinks/summary/live', [
      { target: 'example.com' },
      { target: 'b.org' },
    ]);
    expect(body).toMatchObject({ status_code: 20000, tasks_count: 2, tasks_error: 1, cost: 0.02003 });
    expect(body.tasks[0].status_code).toBe(20000);
    expect(body.tasks[1]).toMatchObject({
      status_code: 40000,
      status_message: 'You can set only one task at a time.',
      cost: 0,
      result: null,
    });
  });

  it('refuses requests above the rate limit with 40202 and counts them', async () => {
    const server = await start({ ratePerSecond: 3 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(server, 'backlinks/summary/live', [{ target: 'example.com' }])),
    );
    const refused = answers.filter((a) => a.body.status_code === 40202);
    expect(answers.filter((a) => a.body.status_code === 20000)).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ tasks: null, cost: 0 });
    }
    expect(server.rateLimited).toBe(2);
    server.setRateLimit(null);
    const { body } = await post(server, 'backlinks/summary/live', [{ target: 'example.com' }]);
    expect(body.status_code).toBe(20000);
  });

  it('lets the next request through once the window has passed', async () => {
    const server = await start({ ratePerSecond: 1 });
    expect((await post(server, 'backlinks/summary/live', [{ target: 'example.com' }])).body.status_code).toBe(
      20000,
    );
    expect((await post(server, 'backlinks/summary/live', [{ target: 'example.com' }])).body.status_code).toBe(
      40202,
    );
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await post(server, 'backlinks/summary/live', [{ target: 'example.com' }])).body.status_code).toBe(
      20000,
    );
  });

  it('fails the next requests on demand with the documented HTTP statuses', async () => {
    const server = await start();
    server.failNext(50000);
    server.failNext(40210, 2);
    server.failNext(40202);
    const statuses: [number, number][] = [];
    for (let i = 0; i < 5; i++) {
      const { status, body } = await post(server, 'backlinks/summary/live', [{ target: 'example.com' }]);
      statuses.push([status, body.status_code]);
      if (body.status_code !== 20000) expect(body).toMatchObject({ tasks: null, cost: 0 });
    }
    expect(statuses).toEqual([
      [500, 50000],
      [402, 40210],
      [402, 40210],
      [200, 40202],
      [200, 20000],
    ]);
    expect(server.rateLimited).toBe(1);
    expect(server.requests).toHaveLength(5);
    expect(server.spent()).toBe(0.02003);
  });

  it('reports cost at both levels: 0.02 per task plus 0.00003 per row', async () => {
    const server = await start({ profiles: { 'paging.example': { backlinks: 130 } } });
    const summary = await post(server, 'backlinks/summary/live', [{ target: 'paging.example' }]);
    expect(summary.body.cost).toBe(0.02003);
    expect(summary.body.tasks[0].cost).toBe(0.02003);
    const list = await post(server, 'backlinks/backlinks/live', [{ target: 'paging.example', limit: 100 }]);
    expect(list.body.cost).toBe(0.023);
    expect(list.body.tasks[0].cost).toBe(0.023);
    const empty = await post(server, 'backlinks/anchors/live', [{ target: 'nolinks.example' }]);
    expect(empty.body.cost).toBe(0.02);
    expect(server.spent()).toBe(0.06303);
  });

  it('adds the configured latency', async () => {
    const server = await start({ latencyMs: 120 });
    const startedAt = Date.now();
    await post(server, 'backlinks/summary/live', [{ target: 'example.com' }]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(110);
  });
});
