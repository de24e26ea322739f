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
    const server = await start({ rateLimit: 3, rateWindowMs: 1000 });
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
    const server = await start({ rateLimit: 1, rateWindowMs: 1000 });
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

const US = { location_name: 'United States', language_code: 'en' };
const RANKED = 'dataforseo_labs/google/ranked_keywords/live';
const SUGGESTIONS = 'dataforseo_labs/google/keyword_suggestions/live';
const RELATED = 'dataforseo_labs/google/related_keywords/live';
const COMPETITORS = 'dataforseo_labs/google/competitors_domain/live';
const SERP = 'serp/google/organic/live/regular';
const VOLUME = 'keywords_data/google_ads/search_volume/live';

/** Where a domain ranks in a SERP result, or null. */
const rankOf = (serp: Json, domain: string): number | null =>
  serp.items.find((i: Json) => i.domain === domain)?.rank_absolute ?? null;

const SERP_KEYWORDS = [
  'coffee beans',
  'garden design',
  'best bike tools',
  'travel tips',
  'home ideas',
  'pet food near me',
  'cloud code guide',
  'data app',
  'smart city',
  'family photo ideas',
  'outdoor music events',
  'urban garden kit',
  'local health services',
  'book club',
  'film classes',
  'money tips for beginners',
  'craft market',
  'sport shop',
  'green home',
  'design software',
];

describe('fake DataForSEO keyword endpoints', () => {
  it('answers ranked_keywords with totals and metrics computed from the same items', async () => {
    const server = await start();
    const result = await live(server, RANKED, { target: 'example.com', ...US, limit: 1000 });
    expect(result).toMatchObject({
      se_type: 'google',
      target: 'example.com',
      location_code: 2840,
      language_code: 'en',
      metrics_absolute: null,
    });
    const items: Json[] = result.items;
    expect(result.total_count).toBeGreaterThanOrEqual(20);
    expect(result.total_count).toBeLessThanOrEqual(120);
    expect(items).toHaveLength(result.total_count);
    expect(result.items_count).toBe(items.length);

    const serpItems = items.map((i) => i.ranked_serp_element.serp_item);
    const positions: number[] = serpItems.map((s) => s.rank_group);
    expect(positions).toEqual([...positions].sort((a, b) => a - b)); // default rank_group,asc
    const organic = result.metrics.organic;
    const band = (from: number, to: number) => positions.filter((p) => p >= from && p <= to).length;
    expect(organic).toMatchObject({
      count: items.length,
      pos_1: band(1, 1),
      pos_2_3: band(2, 3),
      pos_4_10: band(4, 10),
      pos_11_20: band(11, 20),
      pos_51_60: band(51, 60),
      pos_91_100: band(91, 100),
      is_new: serpItems.filter((s) => s.rank_changes.is_new).length,
      is_up: serpItems.filter((s) => s.rank_changes.is_up).length,
      is_down: serpItems.filter((s) => s.rank_changes.is_down).length,
    });
    const bandTotal = Object.entries(organic)
      .filter(([key]) => key.startsWith('pos_'))
      .reduce((n, [, value]) => n + (value as number), 0);
    expect(bandTotal).toBe(items.length);
    expect(organic.etv).toBeCloseTo(
      serpItems.reduce((n, s) => n + s.etv, 0),
      1,
    );
    expect(organic.is_up + organic.is_down).toBeGreaterThan(0);

    for (const item of items) {
      const { keyword_info, keyword_properties, serp_info, keyword } = item.keyword_data;
      const serpItem = item.ranked_serp_element.serp_item;
      expect(item.se_type).toBe('google');
      expect(keyword_info.search_volume).toBeGreaterThanOrEqual(10);
      expect(keyword_info.search_volume).toBeLessThanOrEqual(50_000);
      expect(keyword_info.competition).toBeGreaterThanOrEqual(0);
      expect(keyword_info.competition).toBeLessThanOrEqual(1);
      expect(['LOW', 'MEDIUM', 'HIGH']).toContain(keyword_info.competition_level);
      expect(keyword_info.cpc).toBeGreaterThan(0);
      expect(keyword_info.monthly_searches).toHaveLength(12);
      expect(keyword_info.monthly_searches[0]).toEqual({
        year: expect.any(Number),
        month: expect.any(Number),
        search_volume: expect.any(Number),
      });
      expect(keyword_properties.keyword_difficulty).toBeGreaterThanOrEqual(0);
      expect(keyword_properties.keyword_difficulty).toBeLessThanOrEqual(100);
      expect(serp_info.se_results_count).toBeGreaterThan(0);
      expect(serpItem).toMatchObject({ type: 'organic', position: 'left', domain: 'example.com' });
      expect(serpItem.rank_absolute).toBe(serpItem.rank_group);
      expect(serpItem.rank_group).toBeGreaterThanOrEqual(1);
      expect(serpItem.rank_group).toBeLessThanOrEqual(100);
      expect(serpItem.url).toMatch(/^https:\/\/example\.com\//);
      expect(serpItem.rank_changes.previous_rank_absolute === null).toBe(serpItem.rank_changes.is_new);
      expect(keyword).toBe(keyword.toLowerCase());
    }
    // The target's own name is one of its keywords, at the top.
    const brand = items.find((i) => i.keyword_data.keyword === 'example');
    expect(brand.ranked_serp_element.serp_item.rank_group).toBeLessThanOrEqual(3);

    const absolute = await live(server, RANKED, { target: 'example.com', ...US, load_rank_absolute: true });
    expect(absolute.metrics_absolute).toEqual(absolute.metrics);
  });

  it('pages and sorts ranked keywords, is deterministic, and a nolinks target ranks for nothing', async () => {
    const server = await start();
    const all = await live(server, RANKED, { target: 'example.com', ...US, limit: 1000 });
    const keywordsOf = (result: Json) => result.items.map((i: Json) => i.keyword_data.keyword);
    const paged: string[] = [];
    for (let offset = 0; offset < all.total_count; offset += 7) {
      const { body } = await post(server, RANKED, [{ target: 'example.com', ...US, limit: 7, offset }]);
      const result = body.tasks[0].result[0];
      expect(result.total_count).toBe(all.total_count);
      expect(result.items_count).toBe(Math.min(7, all.total_count - offset));
      expect(body.tasks[0].cost).toBe(Math.round((0.01 + 0.0001 * result.items_count) * 1e5) / 1e5);
      paged.push(...keywordsOf(result));
    }
    expect(paged).toEqual(keywordsOf(all));
    expect(new Set(paged).size).toBe(all.total_count);

    const byEtv = await live(server, RANKED, {
      target: 'example.com',
      ...US,
      order_by: ['ranked_serp_element.serp_item.etv,desc'],
    });
    const etvs = byEtv.items.map((i: Json) => i.ranked_serp_element.serp_item.etv);
    expect(etvs).toEqual([...etvs].sort((a, b) => b - a));
    const byVolume = await live(server, RANKED, {
      target: 'example.com',
      ...US,
      order_by: ['keyword_data.keyword_info.search_volume,desc'],
    });
    const volumes = byVolume.items.map((i: Json) => i.keyword_data.keyword_info.search_volume);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));

    const other = await live(server, RANKED, { target: 'other-site.org', ...US, limit: 1000 });
    expect(keywordsOf(other)).not.toEqual(keywordsOf(all));
    await server.close();
    fake = undefined;
    const again = await start();
    expect(await live(again, RANKED, { target: 'example.com', ...US, limit: 1000 })).toEqual(all);

    const none = await live(again, RANKED, { target: 'nolinks.example', ...US });
    expect(none).toMatchObject({ total_count: 0, items_count: 0, items: [] });
    expect(none.metrics.organic).toMatchObject({ count: 0, etv: 0, pos_1: 0 });
  });

  it('suggests keywords that contain the seed, and none for zzznothing', async () => {
    const server = await start();
    const result = await live(server, SUGGESTIONS, { keyword: 'Coffee Grinder', ...US, limit: 1000 });
    expect(result).toMatchObject({ se_type: 'google', seed_keyword: 'coffee grinder', location_code: 2840 });
    expect(result.total_count).toBeGreaterThanOrEqual(30);
    expect(result.items).toHaveLength(result.total_count);
    for (const item of result.items) {
      expect(item.keyword).toContain('coffee grinder');
      expect(item.keyword).not.toBe('coffee grinder');
      expect(item.keyword_info.monthly_searches).toHaveLength(12);
      expect(item.keyword_properties.keyword_difficulty).toBeGreaterThanOrEqual(0);
      expect(item.serp_info).toBeNull(); // include_serp_info defaults to false
    }
    const volumes = result.items.map((i: Json) => i.keyword_info.search_volume);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a)); // default keyword_info.search_volume,desc

    const withSerp = await live(server, SUGGESTIONS, {
      keyword: 'coffee grinder',
      ...US,
      include_serp_info: true,
      limit: 5,
      offset: 5,
    });
    expect(withSerp.items.map((i: Json) => i.keyword)).toEqual(
      result.items.slice(5, 10).map((i: Json) => i.keyword),
    );
    expect(withSerp.items[0].serp_info.se_results_count).toBeGreaterThan(0);

    const nothing = await live(server, SUGGESTIONS, { keyword: 'zzznothing gadget', ...US });
    expect(nothing).toMatchObject({
      seed_keyword: 'zzznothing gadget',
      total_count: 0,
      items_count: 0,
      items: [],
    });
  });

  it('answers related keywords level by level from the seed', async () => {
    const server = await start();
    const one = await live(server, RELATED, { keyword: 'coffee grinder', ...US });
    expect(one).toMatchObject({ se_type: 'google', seed_keyword: 'coffee grinder', location_code: 2840 });
    const seed = one.items.find((i: Json) => i.depth === 0);
    expect(seed.keyword_data.keyword).toBe('coffee grinder');
    expect(one.items.filter((i: Json) => i.depth === 0)).toHaveLength(1);
    expect(one.items.every((i: Json) => i.depth <= 1)).toBe(true);
    expect(one.total_count).toBeLessThanOrEqual(9);
    for (const item of one.items) {
      expect(item.related_keywords).toHaveLength(8);
      expect(item.related_keywords.every((k: unknown) => typeof k === 'string')).toBe(true);
      expect(item.keyword_data.keyword_info.search_volume).toBeGreaterThanOrEqual(10);
      expect(item.keyword_data.keyword_properties.keyword_difficulty).toBeGreaterThanOrEqual(0);
      if (item.depth === 1) expect(seed.related_keywords).toContain(item.keyword_data.keyword);
    }
    const all = one.items.flatMap((i: Json) => [i.keyword_data.keyword, ...i.related_keywords]);
    expect(all.some((k: string) => !k.includes('coffee grinder'))).toBe(true);

    const two = await live(server, RELATED, { keyword: 'coffee grinder', ...US, depth: 2, limit: 1000 });
    expect(two.total_count).toBeGreaterThan(one.total_count);
    expect(two.items.some((i: Json) => i.depth === 2)).toBe(true);
    const nothing = await live(server, RELATED, { keyword: 'zzznothing gadget', ...US });
    expect(nothing).toMatchObject({ total_count: 0, items: [] });
  });

  it('answers a 100-result SERP where a tracked domain ranks at drawn positions that move with the day', async () => {
    const server = await start({ serpDomains: ['tracked-site.com'] });
    expect(server.day).toBe(0);
    const day0 = new Map<string, number | null>();
    for (const keyword of SERP_KEYWORDS) {
      const serp = await live(server, SERP, {
        keyword,
        location_code: 2840,
        language_name: 'English',
        depth: 100,
      });
      expect(serp).toMatchObject({ keyword, type: 'organic', se_domain: 'google.com', location_code: 2840 });
      expect(serp.items_count).toBe(100);
      expect(serp.items.map((i: Json) => i.rank_absolute)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
      expect(serp.items.map((i: Json) => i.rank_group)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(serp.items.every((i: Json) => i.type === 'organic' && i.position === 'left')).toBe(true);
      expect(new Set(serp.items.map((i: Json) => i.domain)).size).toBe(100);
      const first = serp.items[0];
      expect(first.url).toMatch(new RegExp(`^https://${first.domain.replace(/\./g, '\\.')}/`));
      expect(first.title).toEqual(expect.any(String));
      day0.set(keyword, rankOf(serp, 'tracked-site.com'));
    }
    const ranked = [...day0.values()].filter((p) => p !== null);
    expect(ranked.length).toBeGreaterThanOrEqual(10); // about four pairs in five rank
    expect(ranked.length).toBeLessThan(SERP_KEYWORDS.length); // and some do not

    server.setDay(1);
    expect(server.day).toBe(1);
    let moved = 0;
    for (const keyword of SERP_KEYWORDS) {
      const serp = await live(server, SERP, { keyword, ...US, depth: 100 });
      const before = day0.get(keyword) ?? null;
      const after = rankOf(serp, 'tracked-site.com');
      if (before === null) {
        expect(after).toBeNull();
        continue;
      }
      expect(after).not.toBeNull();
      expect(after).toBeGreaterThanOrEqual(1);
      expect(after).toBeLessThanOrEqual(100);
      expect(Math.abs((after as number) - before)).toBeLessThanOrEqual(3);
      if (after !== before) moved++;
    }
    expect(moved).toBeGreaterThan(0);

    server.setDay(0);
    const back = await live(server, SERP, { keyword: SERP_KEYWORDS[0], ...US, depth: 100 });
    expect(rankOf(back, 'tracked-site.com')).toBe(day0.get(SERP_KEYWORDS[0]!));
    expect(() => server.setDay(-1)).toThrow(RangeError);
  });

  it('puts rankings overrides in the SERP on every day; null keeps the domain out', async () => {
    const server = await start({
      serpDomains: ['tracked-site.com'],
      rankings: {
        'Coffee Beans': { 'tracked-site.com': 4, 'rival.org': null },
        'garden tools': { 'rival.org': 7 },
      },
    });
    for (const day of [0, 3]) {
      server.setDay(day);
      const beans = await live(server, SERP, { keyword: 'coffee beans', ...US, depth: 100 });
      expect(rankOf(beans, 'tracked-site.com')).toBe(4);
      expect(rankOf(beans, 'rival.org')).toBeNull();
      expect(beans.items).toHaveLength(100);
      const tools = await live(server, SERP, { keyword: 'garden tools', ...US, depth: 100 });
      expect(rankOf(tools, 'rival.org')).toBe(7);
    }
    // ranked_keywords knows the forced position too.
    const ranked = await live(server, RANKED, { target: 'rival.org', ...US, limit: 1000 });
    const tools = ranked.items.find((i: Json) => i.keyword_data.keyword === 'garden tools');
    expect(tools.ranked_serp_element.serp_item.rank_group).toBe(7);
    expect(ranked.items.some((i: Json) => i.keyword_data.keyword === 'coffee beans')).toBe(false);
  });

  it('answers the SERP at the documented default depth 10 and bills per page of 10 results', async () => {
    const server = await start();
    const short = await post(server, SERP, [{ keyword: 'coffee+beans', ...US }]);
    expect(short.body.tasks[0].result[0].keyword).toBe('coffee beans'); // '+' is decoded to a space
    expect(short.body.tasks[0].result[0].items).toHaveLength(10);
    expect(short.body.tasks[0].cost).toBe(0.002);
    expect(short.body.tasks[0].data).toMatchObject({
      api: 'serp',
      function: 'live',
      se: 'google',
      se_type: 'organic',
      keyword: 'coffee+beans',
    });
    expect(short.body.tasks[0].path).toEqual(['v3', 'serp', 'google', 'organic', 'live', 'regular']);
    const deep = await post(server, SERP, [{ keyword: 'coffee beans', ...US, depth: 100 }]);
    expect(deep.body.cost).toBe(0.0155); // 0.002 + 9 × 0.0015
    expect(deep.body.tasks[0].result[0].items.slice(0, 10)).toEqual(short.body.tasks[0].result[0].items);
    const empty = await post(server, SERP, [{ keyword: 'zzznothing gadget', ...US, depth: 100 }]);
    expect(empty.body.tasks[0].result[0]).toMatchObject({ items_count: 0, items: [] });
    expect(empty.body.cost).toBe(0.002);
    expect(server.spent()).toBe(0.0195);
  });

  it('answers search_volume with one result per keyword, in order, agreeing with the Labs data', async () => {
    const server = await start();
    const ranked = await live(server, RANKED, { target: 'example.com', ...US, limit: 8 });
    const labs = new Map<string, Json>(
      ranked.items.map((i: Json) => [i.keyword_data.keyword, i.keyword_data.keyword_info]),
    );
    const keywords = [...labs.keys(), 'zzznothing gadget'];
    const { body } = await post(server, VOLUME, [{ keywords, ...US }]);
    const task = body.tasks[0];
    expect(task).toMatchObject({ status_code: 20000, cost: 0.075, result_count: keywords.length });
    expect(task.data).toMatchObject({ api: 'keywords_data', function: 'search_volume', se: 'google_ads' });
    expect(task.result.map((r: Json) => r.keyword)).toEqual(keywords);
    for (const row of task.result.slice(0, -1)) {
      const info = labs.get(row.keyword);
      expect(row).toMatchObject({
        spell: null,
        location_code: 2840,
        language_code: 'en',
        search_partners: false,
        search_volume: info.search_volume,
        cpc: info.cpc,
        competition: info.competition_level,
        competition_index: Math.round(info.competition * 100),
        low_top_of_page_bid: info.low_top_of_page_bid,
        high_top_of_page_bid: info.high_top_of_page_bid,
        monthly_searches: info.monthly_searches,
      });
    }
    expect(task.result.at(-1)).toMatchObject({
      search_volume: null,
      competition: null,
      monthly_searches: null,
    });
    const many = Array.from({ length: 1000 }, (_, i) => `keyword ${i}`);
    const full = await post(server, VOLUME, [{ keywords: many, ...US }]);
    expect(full.body.tasks[0].result).toHaveLength(1000);
    expect(full.body.cost).toBe(0.075);
  });

  it('answers competitors_domain with the domains met on the target SERPs', async () => {
    const server = await start();
    const result = await live(server, COMPETITORS, { target: 'example.com', ...US, limit: 50 });
    expect(result).toMatchObject({ se_type: 'google', target: 'example.com', location_code: 2840 });
    expect(result.total_count).toBeGreaterThan(result.items_count);
    expect(result.items_count).toBe(50);
    const ranked = await live(server, RANKED, { target: 'example.com', ...US, limit: 1000 });
    expect(result.items[0]).toMatchObject({ domain: 'example.com', intersections: ranked.total_count });
    for (const item of result.items) {
      expect(item.se_type).toBe('google');
      expect(item.intersections).toBeGreaterThanOrEqual(1);
      expect(item.avg_position).toBeCloseTo(item.sum_position / item.intersections, 1);
      expect(item.metrics.organic.count).toBe(item.intersections);
      expect(item.competitor_metrics.organic.count).toBe(item.intersections);
      expect(item.full_domain_metrics.organic.count).toBeGreaterThanOrEqual(item.intersections);
    }
    const counts = result.items.map((i: Json) => i.metrics.organic.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a)); // default metrics.organic.count,desc

    const top = ['wikipedia.org', 'reddit.com', 'youtube.com', 'amazon.com', 'pinterest.com', 'quora.com'];
    const mainOf = (domain: string) => domain.split('.').slice(-2).join('.');
    const withTop = await live(server, COMPETITORS, { target: 'example.com', ...US, limit: 1000 });
    expect(withTop.items.some((i: Json) => top.includes(mainOf(i.domain)))).toBe(true);
    const without = await live(server, COMPETITORS, {
      target: 'example.com',
      ...US,
      limit: 1000,
      exclude_top_domains: true,
    });
    expect(without.items.some((i: Json) => top.includes(mainOf(i.domain)))).toBe(false);
    expect(without.total_count).toBeLessThan(withTop.total_count);

    const none = await live(server, COMPETITORS, { target: 'nolinks.example', ...US });
    expect(none).toMatchObject({ total_count: 0, items_count: 0, items: [] });
  });

  it('answers 40501 Invalid Field for a bad keyword-endpoint task, at no cost', async () => {
    const server = await start();
    const cases: [string, Record<string, unknown>, string][] = [
      [RANKED, { ...US }, 'target'],
      [RANKED, { target: 'example.com', ...US, limit: 1001 }, 'limit'],
      [RANKED, { target: 'example.com', location_name: 'Atlantis', language_code: 'en' }, 'location_name'],
      [RANKED, { target: 'example.com', ...US, order_by: ['keyword_data.nothing,desc'] }, 'order_by'],
      [
        RANKED,
        { target: 'example.com', ...US, filters: [['keyword_data.keyword', 'like', '%a%']] },
        'filters',
      ],
      [SUGGESTIONS, { ...US }, 'keyword'],
      [SUGGESTIONS, { keyword: 'ab', ...US }, 'keyword'],
      [SUGGESTIONS, { keyword: 'coffee', ...US, limit: 1001 }, 'limit'],
      [RELATED, { keyword: 'coffee', ...US, depth: 5 }, 'depth'],
      [RELATED, { keyword: 'coffee', language_code: 'en' }, 'location_name'],
      [SERP, { ...US }, 'keyword'],
      [SERP, { keyword: 'coffee', language_code: 'en' }, 'location_name'],
      [SERP, { keyword: 'coffee', location_name: 'Atlantis', language_code: 'en' }, 'location_name'],
      [SERP, { keyword: 'coffee', location_code: 1, language_code: 'en' }, 'location_code'],
      [SERP, { keyword: 'coffee', location_name: 'United States', language_code: 'xx' }, 'language_code'],
      [SERP, { keyword: 'coffee', ...US, depth: 701 }, 'depth'],
      [VOLUME, { keywords: Array.from({ length: 1001 }, (_, i) => `k ${i}`), ...US }, 'keywords'],
      [VOLUME, { keywords: [], ...US }, 'keywords'],
      [COMPETITORS, { ...US }, 'target'],
    ];
    for (const [path, task, field] of cases) {
      const { status, body } = await post(server, path, [task]);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status_code: 20000, tasks_count: 1, tasks_error: 1, cost: 0 });
      expect(body.tasks[0]).toMatchObject({ status_code: 40501, result: null, cost: 0 });
      expect([path, body.tasks[0].status_message]).toEqual([path, `Invalid Field: '${field}'.`]);
    }
    expect(server.spent()).toBe(0);
  });

  it('logs, fails on demand and bills the keyword endpoints like the others', async () => {
    const server = await start();
    server.failNext(40210);
    const refused = await post(server, SERP, [{ keyword: 'coffee', ...US }]);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ status_code: 40210, tasks: null, cost: 0 });
    await post(server, SERP, [{ keyword: 'coffee', ...US }]);
    const suggestions = await post(server, SUGGESTIONS, [{ keyword: 'coffee', ...US, limit: 20 }]);
    expect(suggestions.body.cost).toBe(0.012); // 0.01 + 20 × 0.0001
    await post(server, VOLUME, [{ keywords: ['coffee'], ...US }]);
    expect(server.requests.map((r) => r.path)).toEqual([SERP, SERP, SUGGESTIONS, VOLUME]);
    expect(server.requests[0]!.task).toEqual({ keyword: 'coffee', ...US });
    expect(server.spent()).toBe(0.089); // 0.002 + 0.012 + 0.075
  });
});
