import { SEO_DATA_MESSAGES } from '@sitelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account, TestApp } from '../../test/app';
import { givePlan } from '../../test/app';
import { type FakeDataForSeo, startFakeDataForSeo } from '../../test/dataforseo-server';
import { seoDataApp } from '../../test/seo-data';
import { refreshPositions } from './tracking';

// Position tracking against a DataForSEO-shaped server whose results this test decides: one
// position per keyword per day, failures never recorded as "not ranked", history for the trend.

const DOMAIN = 'harbour-guide.co.uk';
const RIVAL = 'rival-harbours.com';
const RANKS = {
  'harbour moorings': { [DOMAIN]: 7, [RIVAL]: 3 },
  'cliff walk': { [DOMAIN]: null, [RIVAL]: 12 },
};
const DAY_1 = new Date('2026-11-24T09:00:00Z');
const DAY_2 = new Date('2026-11-25T09:00:00Z');

describe('position tracking', () => {
  let fake: FakeDataForSeo;
  let t: TestApp;
  let account: Account;
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: account.auth, ...(payload ? { payload } : {}) });
  const seoData = () => t.app.deps.services.seoData;
  const refresh = (now: Date) =>
    refreshPositions(
      { database: t.database, seoData: seoData(), logger: t.app.log as never, checkHour: 2 },
      now,
    );
  const tracked = async () =>
    (await api('GET', `/dfs/tracked-keywords?domain=${DOMAIN}`)).json().tracked_keywords as Record<
      string,
      unknown
    >[];
  const positionRows = () =>
    t.database.query<{ keyword: string; day: string; pos: number | null }>(
      'select keyword, day::text as day, pos from keyword_positions order by keyword, day',
    );

  beforeAll(async () => {
    fake = await startFakeDataForSeo({ rankings: RANKS });
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    fake.requests.length = 0;
    fake.setDay(0);
    ({ t, account } = await seoDataApp(fake));
    await givePlan(t.database, account.guid, {
      max_tracked_websites: 3,
      max_keywords: 10,
      max_competitors: 3,
      max_monitored_regions: 1,
    });
    const created = await api('POST', '/website-index', {
      domain: DOMAIN,
      homepage_url: `https://${DOMAIN}/`,
      settings: { competitors: [`https://www.${RIVAL}/`] },
      keywords: ['harbour moorings', 'cliff walk'],
    });
    expect(created.statusCode, created.body).toBe(201);
    return () => t.close();
  });

  it('a keyword not checked yet has no position; after the check, its position, URL and competitors', async () => {
    expect((await tracked()).every((row) => !('pos' in row))).toBe(true);
    expect(await refresh(DAY_1)).toEqual({ checked: 2, failed: 0 });
    const [moorings, cliff] = await tracked();
    expect(moorings).toMatchObject({
      keyword: 'harbour moorings',
      pos: 7,
      url: expect.stringContaining(DOMAIN),
      td_count: 100,
      r_no: expect.any(Number),
      competitors: [{ domain: RIVAL, pos: 3 }],
      checked_on: '2026-11-24',
    });
    expect(moorings).not.toHaveProperty('prev_pos');
    // Not in the top 100 is null: a real answer, not a missing one.
    expect(cliff).toMatchObject({
      keyword: 'cliff walk',
      pos: null,
      url: null,
      competitors: [{ domain: RIVAL, pos: 12 }],
    });
    // Search volume and CPC from one Google Ads call for the market.
    expect(moorings?.vol).toEqual(expect.any(Number));
    expect(
      fake.requests.filter((r) => r.path === 'keywords_data/google_ads/search_volume/live'),
    ).toHaveLength(1);
  });

  it('one position per keyword per day, however often the job runs', async () => {
    await refresh(DAY_1);
    await Promise.all([refresh(DAY_1), refresh(DAY_1)]);
    await refresh(new Date('2026-11-24T23:00:00Z'));
    expect(await positionRows()).toHaveLength(2);
    expect(fake.requests.filter((r) => r.path === 'serp/google/organic/live/regular')).toHaveLength(2);
  });

  it('a failed lookup records nothing, says when it is tried again, and is retried an hour later', async () => {
    fake.failNext(50000, 6); // every try of both keywords
    expect(await refresh(DAY_1)).toEqual({ checked: 0, failed: 2 });
    expect(await positionRows()).toEqual([]);
    const [moorings] = await tracked();
    expect(moorings).not.toHaveProperty('pos');
    expect(moorings?.retry_at).toBe('2026-11-24T10:00:00.000Z');
    expect(moorings?.retry_reason).toBe(SEO_DATA_MESSAGES.sourceFailed);
    // Within the hour nothing is asked again; after it, the keyword gets its position.
    expect(await refresh(new Date('2026-11-24T09:30:00Z'))).toEqual({ checked: 0, failed: 0 });
    expect(await refresh(new Date('2026-11-24T10:05:00Z'))).toEqual({ checked: 2, failed: 0 });
    expect((await tracked())[0]).toMatchObject({ pos: 7 });
    expect((await tracked())[0]).not.toHaveProperty('retry_at');
    expect((await tracked())[0]).not.toHaveProperty('retry_reason');
  });

  it('the next day gives the previous position, the trend and the tiles', async () => {
    await refresh(DAY_1);
    fake.setDay(1);
    await refresh(DAY_2);
    const [moorings] = await tracked();
    expect(moorings).toMatchObject({ pos: 7, prev_pos: 7, checked_on: '2026-11-25' });
    const trend = await api(
      'GET',
      `/dfs/keyword-position-tracker?phrase=harbour%20moorings&domain=${DOMAIN}&location=United%20States&language=en&end_date=2026-11-25`,
    );
    expect(trend.json().data).toEqual([
      { pos: 7, c_at: '2026-11-24' },
      { pos: 7, c_at: '2026-11-25' },
    ]);
    const tiles = (await api('GET', `/dfs/tracked-keywords/overview?domain=${DOMAIN}`)).json();
    expect(tiles).toEqual({ avg_pos: 7, increased: 0, unchanged: 2, dropped: 0, pending: 0 });
  });

  it('before the daily hour only never-checked keywords are due; deleting a keyword drops its history', async () => {
    await refresh(DAY_1);
    expect(await refresh(new Date('2026-11-25T01:00:00Z'))).toEqual({ checked: 0, failed: 0 });
    const added = await api('POST', '/dfs/tracked-keywords/batch', {
      domain: DOMAIN,
      location_name: 'United States',
      language_code: 'en',
      keywords: ['ferry times'],
    });
    expect(added.statusCode).toBe(201);
    expect(await refresh(new Date('2026-11-25T01:00:00Z'))).toEqual({ checked: 1, failed: 0 });
    expect(
      (await api('DELETE', '/dfs/tracked-keywords', { keyword: 'harbour moorings', domain: DOMAIN }))
        .statusCode,
    ).toBe(204);
    expect((await positionRows()).map((row) => row.keyword)).toEqual(['cliff walk', 'ferry times']);
  });

  it('moving the keywords to another market keeps each once, and the website follows', async () => {
    await refresh(DAY_1);
    const moved = await api('PATCH', '/dfs/tracked-keywords/location', {
      domain: DOMAIN,
      location_name: 'United Kingdom',
      language_code: 'en',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      moved
        .json()
        .tracked_keywords.map((row: { location_name: string; pos?: number }) => [row.location_name, row.pos]),
    ).toEqual([
      ['United Kingdom', undefined],
      ['United Kingdom', undefined],
    ]);
    const [website] = (await api('GET', '/website-index')).json();
    expect(website.settings).toMatchObject({ location_name: 'United Kingdom', language_code: 'en' });
  });
});
