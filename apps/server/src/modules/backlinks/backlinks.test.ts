import { BACKLINKS_PAGE_SIZE, SEO_DATA_ERROR_CODES, SEO_DATA_MESSAGES } from '@sitelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, registerUser, startTrial, type TestApp, trialApp } from '../../test/app';
import { type FakeDataForSeo, startFakeDataForSeo } from '../../test/dataforseo-server';
import { seoDataApp } from '../../test/seo-data';

// The Backlinks calls against a DataForSEO-shaped server: the adapter's requests and error model,
// and the cost control around it (cache, spend cap, ledger).

const DOMAIN = 'shop.example';

describe('without a data provider (the embedded default)', () => {
  let t: TestApp;
  let account: Account;
  beforeAll(async () => {
    ({ t, account } = await trialApp());
  });
  afterAll(() => t.close());

  it.each([
    '/api/dfs/backlinks/overview',
    '/api/dfs/backlinks',
    '/api/dfs/backlinks/referring-domains',
    '/api/dfs/backlinks/top-anchors',
    '/api/dfs/backlinks/tld-distribution',
    '/api/dfs/backlinks/top-countries',
  ])('%s answers 503 "no data source", never empty data', async (path) => {
    const res = await t.app.inject({ url: `${path}?domain=${DOMAIN}`, headers: account.auth });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: SEO_DATA_MESSAGES.notConfigured,
      code: SEO_DATA_ERROR_CODES.notConfigured,
    });
  });

  it('usage says no source is configured', async () => {
    const res = await t.app.inject({ url: '/api/dfs/usage', headers: account.auth });
    expect(res.json()).toMatchObject({ configured: false, provider: null, spent_usd: 0, calls: 0 });
  });
});

describe('with DataForSEO', () => {
  let fake: FakeDataForSeo;
  let t: TestApp;
  let account: Account;
  const get = (path: string, who: Account = account) =>
    t.app.inject({ url: `/api/dfs/${path}`, headers: who.auth });

  async function start(options: { login?: string; capUsd?: number | null } = {}) {
    ({ t, account } = await seoDataApp(fake, options));
  }

  beforeAll(async () => {
    fake = await startFakeDataForSeo({ profiles: { [DOMAIN]: { backlinks: 130 } } });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    return () => t.close();
  });

  it('DATAFORSEO_LOGIN, _PASSWORD and _API_URL configure the provider', async () => {
    ({ t, account } = await trialApp({
      DATAFORSEO_LOGIN: fake.login,
      DATAFORSEO_PASSWORD: fake.password,
      DATAFORSEO_API_URL: fake.url,
      SEO_DATA_MONTHLY_CAP_USD: 'none',
    }));
    expect((await get('usage')).json()).toMatchObject({
      configured: true,
      provider: 'DataForSEO',
      cap_usd: null,
    });
    expect((await get(`backlinks/top-countries?domain=${DOMAIN}`)).statusCode).toBe(200);
    expect(fake.requests).toEqual([
      { path: 'backlinks/summary/live', task: expect.objectContaining({ target: DOMAIN }) },
    ]);
  });

  it('pages the backlinks by offset, with has_more and the total; the summary agrees', async () => {
    await start();
    const first = (await get(`backlinks?domain=${DOMAIN}`)).json();
    expect(first.data).toHaveLength(BACKLINKS_PAGE_SIZE);
    expect(first).toMatchObject({ total: 130, has_more: true, from_cache: false });
    const firstSeen = first.data.map((row: { first_seen: string }) => row.first_seen);
    expect(firstSeen).toEqual([...firstSeen].sort().reverse());
    expect(fake.requests.at(-1)).toMatchObject({
      path: 'backlinks/backlinks/live',
      task: { target: DOMAIN, limit: BACKLINKS_PAGE_SIZE, offset: 0, order_by: ['first_seen,desc'] },
    });

    const last = (await get(`backlinks?domain=${DOMAIN}&offset=100`)).json();
    expect(last.data).toHaveLength(30);
    expect(last.has_more).toBe(false);
    const rows = new Set([...first.data, ...last.data].map((row) => JSON.stringify(row)));
    expect(rows.size).toBe(80);

    const important = (await get(`backlinks?domain=${DOMAIN}&order_by=page_rank`)).json();
    const ranks = important.data.map((row: { page_from_rank: number }) => row.page_from_rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));

    const tlds = (await get(`backlinks/tld-distribution?domain=${DOMAIN}`)).json();
    expect(
      tlds.data.reduce((sum: number, row: { backlinks_num: number }) => sum + row.backlinks_num, 0),
    ).toBe(130);
    const countries = (await get(`backlinks/top-countries?domain=${DOMAIN}`)).json();
    expect(countries.data[0]).toMatchObject({
      country: expect.any(String),
      country_code: expect.any(String),
    });
    expect(countries.data.every((row: { country: string }) => row.country !== '')).toBe(true);
    // The two tabs share one paid summary call.
    expect(fake.requests.filter((r) => r.path === 'backlinks/summary/live')).toHaveLength(1);
  });

  it('the overview has up to 4 weekly points, oldest first, and follow + nofollow = total', async () => {
    await start();
    const { data } = (await get(`backlinks/overview?domain=${DOMAIN}`)).json();
    expect(data.total_backlinks.length).toBeGreaterThan(0);
    expect(data.total_backlinks.length).toBeLessThanOrEqual(4);
    expect(data.total_backlinks.at(-1).value).toBe(130);
    const dates = data.total_backlinks.map((point: { c_at: string }) => point.c_at);
    expect(dates).toEqual([...dates].sort());
    data.total_backlinks.forEach((point: { value: number }, i: number) => {
      expect(data.follow_links[i].value + data.nofollow_links[i].value).toBe(point.value);
    });
    expect(data.domain_rank.at(-1).value).toBeLessThanOrEqual(1000);
    expect(fake.requests.at(-1)).toMatchObject({
      path: 'backlinks/timeseries_summary/live',
      task: { target: DOMAIN, group_range: 'week' },
    });
  });

  it('a second ask is served from the cache: no provider call, no cost, and usage shows both', async () => {
    await start();
    const spentBefore = fake.spent();
    const fresh = (await get(`backlinks/referring-domains?domain=${DOMAIN}`)).json();
    const again = (await get(`backlinks/referring-domains?domain=${DOMAIN}`)).json();
    expect(fresh.from_cache).toBe(false);
    expect(again).toEqual({ ...fresh, from_cache: true });
    expect(fake.requests).toHaveLength(1);

    // Another organization asking the same is answered from the cache too, and spends nothing.
    const other = await registerUser(t.app);
    await startTrial(t.app, other);
    expect((await get(`backlinks/referring-domains?domain=${DOMAIN}`, other)).json().from_cache).toBe(true);
    expect((await get('usage', other)).json()).toMatchObject({ spent_usd: 0, calls: 0, cached_answers: 1 });

    const usage = (await get('usage')).json();
    expect(usage).toMatchObject({
      configured: true,
      provider: 'DataForSEO',
      calls: 1,
      cached_answers: 1,
      cap_usd: 25,
    });
    expect(usage.spent_usd).toBeCloseTo(fake.spent() - spentBefore, 6);
    expect(usage.spent_usd).toBeGreaterThan(0);
  });

  it('a domain without backlinks gives empty lists, never invented rows', async () => {
    await start();
    const list = (await get('backlinks?domain=nolinks.example')).json();
    expect(list).toMatchObject({ data: [], total: 0, has_more: false });
    expect((await get('backlinks/top-anchors?domain=nolinks.example')).json().data).toEqual([]);
  });

  it('refuses a bad domain with the spec text, before any provider call', async () => {
    await start();
    const res = await get('backlinks?domain=not%20a%20domain');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(SEO_DATA_MESSAGES.invalidDomain);
    expect(fake.requests).toHaveLength(0);
  });

  it('bad credentials: 502 "did not answer", nothing spent, nothing cached', async () => {
    await start({ login: 'wrong-login' });
    const res = await get(`backlinks/top-anchors?domain=${DOMAIN}`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: SEO_DATA_MESSAGES.sourceFailed,
      code: SEO_DATA_ERROR_CODES.sourceFailed,
    });
    expect((await get('usage')).json()).toMatchObject({ spent_usd: 0, calls: 0 });
    expect(await t.database.query('select 1 from seo_data_cache')).toHaveLength(0);
  });

  it('a rate-limit answer is retried and the call succeeds; a lasting provider error is a 502', async () => {
    await start();
    fake.failNext(40202);
    const res = await get(`backlinks/top-anchors?domain=${DOMAIN}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);

    fake.failNext(50000, 3);
    const failed = await get(`backlinks/top-anchors?domain=${DOMAIN}&offset=50`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe(SEO_DATA_ERROR_CODES.sourceFailed);
  });

  it('the monthly cap stops calls before they go out, even when they come at once', async () => {
    // Each backlinks page reserves 0.02 + 50 × 0.00003 = 0.0215 USD: a 0.05 cap lets two through.
    await start({ capUsd: 0.05 });
    const answers = await Promise.all(
      [0, 50, 100, 150, 200].map((offset) => get(`backlinks?domain=${DOMAIN}&offset=${offset}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toEqual({
      error: SEO_DATA_MESSAGES.budgetSpent,
      code: SEO_DATA_ERROR_CODES.budgetSpent,
    });
    expect(fake.requests).toHaveLength(2);
    // What is cached is still served: the cap stops spending, not reading.
    const cachedOffset = answers.findIndex((res) => res.statusCode === 200) * 50;
    expect((await get(`backlinks?domain=${DOMAIN}&offset=${cachedOffset}`)).statusCode).toBe(200);
  });
});
