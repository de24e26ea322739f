import { KEYWORD_MESSAGES, SEO_DATA_ERROR_CODES, SERP_DEPTH, TOP_KEYWORDS_LIMIT } from '@sitelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, type TestApp, trialApp } from '../../test/app';
import { type FakeDataForSeo, startFakeDataForSeo } from '../../test/dataforseo-server';
import { seoDataApp } from '../../test/seo-data';

// The keyword calls (checkup document 7.3) against a DataForSEO-shaped server.

const DOMAIN = 'harbour-guide.co.uk';
const US = 'location=United%20States&language=en';

describe('without a data provider', () => {
  let t: TestApp;
  let account: Account;
  beforeAll(async () => {
    ({ t, account } = await trialApp());
  });
  afterAll(() => t.close());

  it.each([
    `top-keywords?domain=${DOMAIN}`,
    `top-keywords/overview?domain=${DOMAIN}`,
    'keywords-research?phrase=boat%20hire',
    `competitors?domain=${DOMAIN}`,
    'top-domains?phrase=boat%20hire',
  ])('/api/dfs/%s answers 503 "no data source"', async (path) => {
    const res = await t.app.inject({ url: `/api/dfs/${path}`, headers: account.auth });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(SEO_DATA_ERROR_CODES.notConfigured);
  });

  it('still lists the locations and languages', async () => {
    const res = await t.app.inject({ url: '/api/dfs/locations', headers: account.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      location_name: 'United States',
      language_code: 'en',
      language_name: 'English',
    });
  });
});

describe('with DataForSEO', () => {
  let fake: FakeDataForSeo;
  let t: TestApp;
  let account: Account;
  const get = (path: string) => t.app.inject({ url: `/api/dfs/${path}`, headers: account.auth });

  beforeAll(async () => {
    fake = await startFakeDataForSeo();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    fake.requests.length = 0;
    ({ t, account } = await seoDataApp(fake));
    return () => t.close();
  });

  it("lists a domain's top keywords by traffic, or by position, in the market asked", async () => {
    const byTraffic = (await get(`top-keywords?domain=${DOMAIN}&${US}`)).json();
    expect(byTraffic.data.length).toBeGreaterThan(0);
    expect(byTraffic.data.length).toBeLessThanOrEqual(TOP_KEYWORDS_LIMIT);
    expect(byTraffic.total).toBeGreaterThanOrEqual(byTraffic.data.length);
    const traffic = byTraffic.data.map((row: { traffic: number }) => row.traffic);
    expect(traffic).toEqual([...traffic].sort((a, b) => b - a));
    expect(fake.requests.at(-1)).toMatchObject({
      path: 'dataforseo_labs/google/ranked_keywords/live',
      task: {
        target: DOMAIN,
        location_name: 'United States',
        language_code: 'en',
        limit: TOP_KEYWORDS_LIMIT,
        order_by: ['ranked_serp_element.serp_item.etv,desc'],
      },
    });
    const row = byTraffic.data[0];
    expect(row).toMatchObject({
      phrase: expect.any(String),
      pos: expect.any(Number),
      url: expect.stringContaining(DOMAIN),
    });
    expect(row.trends.length).toBeGreaterThan(0);

    const byPosition = (await get(`top-keywords?domain=${DOMAIN}&order_by=position&order_dir=asc`)).json();
    const positions = byPosition.data.map((r: { pos: number }) => r.pos);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const german = await get(`top-keywords?domain=${DOMAIN}&location=Germany&language=de`);
    expect(german.statusCode).toBe(200);
    expect(fake.requests.at(-1)?.task).toMatchObject({ location_name: 'Germany', language_code: 'de' });
    expect((await get(`top-keywords?domain=${DOMAIN}&location=Germany&language=ja`)).statusCode).toBe(400);
  });

  it('the tiles come from the same paid answer as the default table', async () => {
    const table = (await get(`top-keywords?domain=${DOMAIN}`)).json();
    const tiles = (await get(`top-keywords/overview?domain=${DOMAIN}`)).json();
    expect(tiles.from_cache).toBe(true);
    expect(fake.requests).toHaveLength(1);
    const positions = table.data.map((row: { pos: number }) => Math.min(row.pos, 100));
    const mean = positions.reduce((a: number, b: number) => a + b, 0) / positions.length;
    expect(tiles.avg_pos).toBeCloseTo(mean, 1);
    expect(tiles.increased + tiles.dropped + tiles.unchanged).toBeLessThanOrEqual(table.total);
    expect(tiles.increased + tiles.dropped).toBeGreaterThan(0);
  });

  it('a domain ranking for nothing has no keywords and no average position', async () => {
    expect((await get('top-keywords?domain=nolinks.example')).json()).toMatchObject({ data: [], total: 0 });
    expect((await get('top-keywords/overview?domain=nolinks.example')).json()).toMatchObject({
      avg_pos: null,
      increased: 0,
      dropped: 0,
      unchanged: 0,
    });
  });

  it('researches a phrase: broad match contains it, related keywords do not repeat it', async () => {
    const broad = (await get('keywords-research?research_type=broad_match&phrase=Boat%20Hire')).json();
    expect(broad.data.length).toBeGreaterThan(0);
    expect(broad.data.every((s: { phrase: string }) => s.phrase.includes('boat hire'))).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      path: 'dataforseo_labs/google/keyword_suggestions/live',
      task: { keyword: 'boat hire', location_name: 'United States', language_code: 'en' },
    });
    const related = (await get('keywords-research?research_type=related&phrase=boat%20hire')).json();
    expect(related.data.length).toBeGreaterThan(0);
    expect(related.data.some((s: { phrase: string }) => s.phrase === 'boat hire')).toBe(false);
    expect(related.data[0]).toMatchObject({ vol: expect.anything(), trends: expect.any(Array) });

    expect((await get('keywords-research?phrase=zzznothing%20at%20all')).json().data).toEqual([]);
    const empty = await get('keywords-research?phrase=%20%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(KEYWORD_MESSAGES.required);
  });

  it("lists a domain's competitors without the domain itself", async () => {
    const { competitors } = (
      await get(`competitors?domain=${DOMAIN}&location_name=United%20States&language_code=en`)
    ).json();
    expect(competitors.length).toBeGreaterThan(0);
    expect(competitors.some((row: { domain: string }) => row.domain === DOMAIN)).toBe(false);
    expect(competitors[0]).toMatchObject({ domain: expect.any(String), intersections: expect.any(Number) });
    expect((await get('competitors?domain=nolinks.example')).json().competitors).toEqual([]);
  });

  it("gives a keyword's first 100 results in order", async () => {
    const top = (await get('top-domains?phrase=boat%20hire')).json();
    expect(top.data).toHaveLength(SERP_DEPTH);
    expect(top.data.map((row: { position: number }) => row.position)).toEqual(
      Array.from({ length: SERP_DEPTH }, (_, i) => i + 1),
    );
    expect(top.r_no).toBeGreaterThan(0);
    expect(fake.requests.at(-1)).toMatchObject({
      path: 'serp/google/organic/live/regular',
      task: { keyword: 'boat hire', depth: SERP_DEPTH },
    });
  });
});
