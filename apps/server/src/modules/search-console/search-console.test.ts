import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEARCH_CONSOLE_MESSAGES, type SearchPerformance } from '@sitelens/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../platform/purge';
import { GoogleError } from '../../providers/search-console/google';
import {
  type Account,
  addWebsite,
  createTestApp,
  joinTeam,
  registerUser,
  startTrial,
  type TestApp,
} from '../../test/app';
import { type GoogleSearchRow, type GoogleServer, startGoogleServer } from '../../test/google-server';
import { OWNER_ONLY } from '../organization/service';
import {
  type ImportDeps,
  importSearchConsole,
  keptWindow,
  REVISED_DAYS,
  searchConsoleDailyJob,
} from './import';

// The connection, the import and the figures read back, against a server that speaks Google's
// OAuth 2.0 and Search Console protocols (test/google-server.ts), through Google's own libraries.

const DOMAIN = 'harbour-seo.test';
const PROPERTY = `sc-domain:${DOMAIN}`;
const DAYS_WITH_DATA = 12;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));

/** Google's newest day: two days ago, as the fixture's default. */
const LAST_DAY = daysBefore(isoDay(new Date()), 2);

/** A day's rows of the property: two named queries and one Google hides, over the last DAYS_WITH_DATA days. */
function rowsOf(siteUrl: string, date: string): GoogleSearchRow[] {
  if (siteUrl !== PROPERTY || date <= daysBefore(LAST_DAY, DAYS_WITH_DATA)) return [];
  const n = Number(date.slice(8, 10));
  return [
    {
      date,
      query: 'seo audit',
      page: `https://${DOMAIN}/`,
      country: 'gbr',
      device: 'DESKTOP',
      clicks: n,
      impressions: 10 * n,
      position: 2,
    },
    {
      date,
      query: 'seo audit',
      page: `https://${DOMAIN}/audit`,
      country: 'usa',
      device: 'MOBILE',
      clicks: 1,
      impressions: 5,
      position: 6,
    },
    {
      date,
      query: 'site checker',
      page: `https://${DOMAIN}/tools`,
      country: 'usa',
      device: 'MOBILE',
      clicks: 2,
      impressions: 40,
      position: 8,
    },
    {
      date,
      query: null,
      page: `https://${DOMAIN}/`,
      country: 'gbr',
      device: 'MOBILE',
      clicks: 3,
      impressions: 9,
      position: 4,
    },
  ];
}

/** What the fixture's rows add up to over the stored days. */
function expectedTotals() {
  let clicks = 0;
  let impressions = 0;
  let named = 0;
  for (let i = 0; i < DAYS_WITH_DATA; i += 1)
    for (const row of rowsOf(PROPERTY, daysBefore(LAST_DAY, i))) {
      clicks += row.clicks;
      impressions += row.impressions;
      if (row.query !== null) named += row.clicks;
    }
  return { clicks, impressions, anonymizedClicks: clicks - named };
}

describe('Google Search Console', () => {
  let google: GoogleServer;
  let t: TestApp;
  let owner: Account;
  let member: Account;
  let guid: string;
  const keyFile = path.join(tmpdir(), `sitelens-sa-${process.pid}.json`);

  beforeAll(async () => {
    google = await startGoogleServer({
      properties: [
        { siteUrl: PROPERTY },
        { siteUrl: 'https://elsewhere.test/' },
        { siteUrl: `https://www.${DOMAIN}/blog/`, permissionLevel: 'siteFullUser' },
        { siteUrl: `https://${DOMAIN}/`, permissionLevel: 'siteUnverifiedUser' },
      ],
      rows: rowsOf,
      lastDay: LAST_DAY,
    });
    writeFileSync(keyFile, JSON.stringify(google.serviceAccountKey));
    t = await createTestApp({
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_SERVICE_ACCOUNT_FILE: keyFile,
      GOOGLE_API_URL: google.url,
      GOOGLE_OAUTH_URL: google.url,
    });
    owner = await registerUser(t.app);
    await startTrial(t.app, owner);
    member = await joinTeam(t.app, t.database, owner, 'member@harbour-seo.test');
    ({ guid } = await addWebsite(t.app, owner, { domain: DOMAIN, homepage_url: `https://${DOMAIN}/` }));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const call = (account: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: account.auth, ...(payload ? { payload } : {}) });
  const stateOf = async () => (await call(owner, 'GET', `/api/search-console/${guid}`)).json();

  const importDeps = (): ImportDeps => ({
    database: t.database,
    google: t.app.deps.services.google,
    sealer: t.app.deps.services.sealer,
    logger: pino({ level: 'silent' }),
    queriesPerMinute: 1_200,
    retryWaitMs: 50,
  });

  /** Import deps whose Google stops answering after `queries` searchAnalytics queries, as a run cut short. */
  const failingAfter = (queries: number): ImportDeps => {
    const deps = importDeps();
    let asked = 0;
    return {
      ...deps,
      google: {
        ...deps.google,
        client(credential) {
          const client = deps.google.client(credential);
          return {
            ...client,
            query(siteUrl, request) {
              asked += 1;
              if (asked > queries) throw new GoogleError('unavailable', 'Google went away');
              return client.query(siteUrl, request);
            },
          };
        },
      },
    };
  };

  /** Google's consent, given at once by the fixture, and its redirect followed back into the product. */
  async function connectWithGoogle(): Promise<string> {
    const started = await call(owner, 'POST', `/api/search-console/${guid}/oauth/start`);
    expect(started.statusCode).toBe(200);
    const consent = await fetch(started.json().authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://sitelens.test/api/search-console/oauth/callback');
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    return callback.headers.location as string;
  }

  it('offers what the operator configured and nothing is connected yet', async () => {
    const state = await stateOf();
    expect(state).toEqual({
      available: { oauth: true, service_account: true },
      redirect_uri: 'http://sitelens.test/api/search-console/oauth/callback',
      service_account_email: google.serviceAccountKey.client_email,
      connection: null,
    });
    const performance = await call(
      owner,
      'GET',
      `/api/search-console/${guid}/performance?start_date=2026-01-01&end_date=2026-01-31`,
    );
    expect(performance.statusCode).toBe(404);
    expect(performance.json().error).toBe(SEARCH_CONSOLE_MESSAGES.notConnected);
  });

  it("sends the owner to Google's consent with PKCE and the read-only scope; a member may not", async () => {
    const refused = await call(member, 'POST', `/api/search-console/${guid}/oauth/start`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(OWNER_ONLY);
    const started = await call(owner, 'POST', `/api/search-console/${guid}/oauth/start`);
    const url = new URL(started.json().authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/webmasters.readonly');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://sitelens.test/api/search-console/oauth/callback',
    );
  });

  it('says so when the owner refuses on Google’s page, and when a consent link is used twice', async () => {
    google.denyConsent();
    expect(await connectWithGoogle()).toBe(
      `http://sitelens.test/dashboard/settings/search-console?w_guid=${guid}&search_console_error=consent_refused`,
    );
    const started = await call(owner, 'POST', `/api/search-console/${guid}/oauth/start`);
    const consent = await fetch(started.json().authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const first = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(first.headers.location).toContain('search_console=connected');
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replay.headers.location).toBe(
      'http://sitelens.test/dashboard/settings/search-console?search_console_error=link_expired',
    );
  });

  it('forgets a consent never completed within its 10 minutes', async () => {
    await call(owner, 'POST', `/api/search-console/${guid}/oauth/start`);
    await t.database.query(
      `update search_console_oauth_states set expires_at = now() - interval '1 second' where website_id = $1`,
      [guid],
    );
    // This one, and the one started and left on Google's page by the test before.
    expect((await purgeExpired(t.database.query)).search_console_oauth_states).toBe(2);
    const [left] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from search_console_oauth_states',
    );
    expect(left!.n).toBe(0);
  });

  it('keeps the grant sealed and offers the properties that cover the website, the best first', async () => {
    expect(await connectWithGoogle()).toBe(
      `http://sitelens.test/dashboard/settings/search-console?w_guid=${guid}&search_console=connected`,
    );
    const state = await stateOf();
    expect(state.connection).toMatchObject({
      method: 'oauth',
      status: 'choose_property',
      property: null,
      problem: null,
    });
    // The refresh token Google gave is not in the database as text.
    const issued = google.requests
      .filter(
        (r) => r.path === '/token' && (r.body as { grant_type?: string }).grant_type === 'authorization_code',
      )
      .at(-1);
    expect(issued?.status).toBe(200);
    const [row] = await t.database.query<{ refresh_token: Buffer }>(
      'select refresh_token from search_console_connections where website_id = $1',
      [guid],
    );
    expect(Buffer.from(row!.refresh_token).toString('latin1')).not.toMatch(/^[\x20-\x7e]+$/);

    expect((await call(member, 'GET', `/api/search-console/${guid}/properties`)).statusCode).toBe(403);
    const properties = await call(owner, 'GET', `/api/search-console/${guid}/properties`);
    expect(properties.json()).toEqual({
      properties: [
        { site_url: PROPERTY, permission_level: 'siteOwner', matches: true },
        { site_url: `https://www.${DOMAIN}/blog/`, permission_level: 'siteFullUser', matches: true },
        { site_url: 'https://elsewhere.test/', permission_level: 'siteOwner', matches: false },
      ],
      suggested: PROPERTY,
    });
  });

  it('refuses a property the account cannot read, on its field', async () => {
    const res = await call(owner, 'PUT', `/api/search-console/${guid}/property`, {
      site_url: `https://${DOMAIN}/`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: SEARCH_CONSOLE_MESSAGES.unknownProperty });
    expect(JSON.stringify(res.json())).toContain('site_url');
  });

  it("imports the property's days newest first, then reads Google's figures back, anonymized queries in the totals only", async () => {
    const picked = await call(owner, 'PUT', `/api/search-console/${guid}/property`, { site_url: PROPERTY });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().connection).toMatchObject({ status: 'connected', property: PROPERTY });
    expect(picked.json().connection.import.running).toBe(true);

    expect(await importSearchConsole(importDeps(), guid)).toEqual({ days: DAYS_WITH_DATA });
    const state = await stateOf();
    expect(state.connection.import).toMatchObject({
      days_imported: DAYS_WITH_DATA,
      first_day: daysBefore(LAST_DAY, DAYS_WITH_DATA - 1),
      last_day: LAST_DAY,
      running: false,
    });
    // Every query to Google was paged at its maximum and read the fresh days too.
    const queries = google.requests.filter((r) => r.path.endsWith('/searchAnalytics/query'));
    expect(queries.every((r) => (r.body as { dataState?: string }).dataState === 'all')).toBe(true);
    expect(queries.every((r) => (r.body as { rowLimit?: number }).rowLimit === 25_000)).toBe(true);
    expect((queries[0]!.body as { startDate: string }).startDate).toBe(keptWindow(new Date()).first);

    const window = `start_date=${daysBefore(LAST_DAY, 40)}&end_date=${LAST_DAY}`;
    const res = await call(member, 'GET', `/api/search-console/${guid}/performance?${window}`);
    expect(res.statusCode).toBe(200);
    const performance = res.json<SearchPerformance>();
    const expected = expectedTotals();
    expect(performance.source).toBe('google_search_console');
    expect(performance.totals.clicks).toBe(expected.clicks);
    expect(performance.totals.impressions).toBe(expected.impressions);
    expect(performance.anonymized.clicks).toBe(expected.anonymizedClicks);
    expect(performance.days).toHaveLength(DAYS_WITH_DATA);
    expect(performance.days.filter((day) => day.provisional).map((day) => day.date)).toEqual(
      performance.days
        .map((day) => day.date)
        .filter((day) => day > daysBefore(isoDay(new Date()), 1 + REVISED_DAYS)),
    );
    expect(performance.queries.map((row) => row.query)).toEqual(['seo audit', 'site checker']);
    const audit = performance.queries[0]!;
    // Google's impression-weighted position over the range, from the two pages of the query.
    const auditImpressions = audit.impressions;
    expect(audit.position).toBeCloseTo(
      performance.days.reduce((sum, day) => sum + 2 * 10 * Number(day.date.slice(8, 10)) + 6 * 5, 0) /
        auditImpressions,
      5,
    );
    expect(performance.pages.map((row) => row.page)).toContain(`https://${DOMAIN}/tools`);
  });

  it("answers the screen's ranges from the ranking made after the import, until a day is imported again", async () => {
    const [last] = await t.database.query<{ day: string }>(
      'select max(day)::text as day from search_console_days where website_id = $1',
      [guid],
    );
    const range = `start_date=${daysBefore(last!.day, 27)}&end_date=${last!.day}`;
    const live = (
      await call(owner, 'GET', `/api/search-console/${guid}/performance?${range}`)
    ).json<SearchPerformance>();
    // Without a range: the 28 days up to the newest imported day.
    expect((await call(owner, 'GET', `/api/search-console/${guid}/performance`)).json()).toEqual(live);
    const summaries = await t.database.query<{ start_day: string }>(
      'select start_day::text from search_console_summaries where website_id = $1 order by start_day',
      [guid],
    );
    // 7 days, and every longer range clipped to the 12 stored days.
    expect(summaries.map((row) => row.start_day)).toEqual([
      daysBefore(last!.day, DAYS_WITH_DATA - 1),
      daysBefore(last!.day, 6),
    ]);
    // The stored ranking is what the screen reads: marked, the mark shows.
    await t.database.query(
      `update search_console_summaries set ranking = jsonb_set(ranking, '{queries,0,query}', '"ranked after the import"') where website_id = $1`,
      [guid],
    );
    const stored = (
      await call(owner, 'GET', `/api/search-console/${guid}/performance?${range}`)
    ).json<SearchPerformance>();
    expect(stored.queries[0]!.query).toBe('ranked after the import');
    expect({ ...stored, queries: live.queries }).toEqual(live);
    // A day imported after the ranking: ranked again on read.
    await t.database.query(
      "update search_console_days set imported_at = now() + interval '1 second' where website_id = $1 and day = $2",
      [guid, last!.day],
    );
    expect((await call(owner, 'GET', `/api/search-console/${guid}/performance?${range}`)).json()).toEqual(
      live,
    );
  });

  it('asks each connected website for its daily import at most once a UTC day', async () => {
    const requested = async () =>
      (
        await t.database.query<{ at: Date }>(
          'select import_requested_at as at from search_console_connections where website_id = $1',
          [guid],
        )
      )[0]!.at.getTime();
    const daily = () =>
      searchConsoleDailyJob.handler(
        {},
        { database: t.database, queue: t.queue, logger: pino({ level: 'silent' }), jobId: 'daily' },
      );
    // Picking the property asked for today's import already.
    const picked = await requested();
    await daily();
    expect(await requested()).toBe(picked);
    await t.database.query(
      `update search_console_connections set import_requested_at = now() - interval '1 day' where website_id = $1`,
      [guid],
    );
    await daily();
    const asked = await requested();
    expect(asked).toBeGreaterThan(picked);
    await daily();
    expect(await requested()).toBe(asked);
  });

  it('imports only the revised days again, and a run cut short by Google resumes without duplicates', async () => {
    const rowsBefore = await t.database.query<{ n: number }>(
      'select count(*)::int as n from search_console_rows where website_id = $1',
      [guid],
    );
    const before = google.requests.length;
    expect(await importSearchConsole(importDeps(), guid)).toEqual({ days: REVISED_DAYS - 1 });
    const days = new Set(
      google.requests
        .slice(before)
        .filter((r) => r.path.endsWith('/searchAnalytics/query'))
        .map((r) => (r.body as { startDate: string }).startDate),
    );
    // The 16-month totals, then the revised days Google has (yesterday has no figures yet).
    expect(days.size).toBe(1 + REVISED_DAYS - 1);

    // Google fails in the middle of a fresh import (the totals, the 3 revised days, 2 of the 6
    // missing ones, 4 queries a day): the days written stay, the next run completes.
    await t.database.query(`delete from search_console_days where website_id = $1 and day < $2`, [
      guid,
      daysBefore(LAST_DAY, 5),
    ]);
    await expect(importSearchConsole(failingAfter(1 + 4 * 5), guid)).rejects.toThrow('Google went away');
    const [partial] = await t.database.query<{ days: number }>(
      'select count(*)::int as days from search_console_days where website_id = $1',
      [guid],
    );
    expect(partial!.days).toBeGreaterThan(DAYS_WITH_DATA - 6);
    expect(partial!.days).toBeLessThan(DAYS_WITH_DATA);
    await importSearchConsole(importDeps(), guid);
    const [rowsAfter] = await t.database.query<{ n: number; days: number }>(
      `select count(*)::int as n, count(distinct day)::int as days from search_console_rows where website_id = $1`,
      [guid],
    );
    expect(rowsAfter).toEqual({ n: rowsBefore[0]!.n, days: DAYS_WITH_DATA });
  });

  it("waits out a spent quota (429) and a passing failure on Google's side (500), and goes on", async () => {
    google.failNext(429, 2);
    expect(await importSearchConsole(importDeps(), guid)).toEqual({ days: REVISED_DAYS - 1 });
    google.failNext(500, 3);
    expect(await importSearchConsole(importDeps(), guid)).toEqual({ days: REVISED_DAYS - 1 });
    // Four failures in a row: the run gives up, for its job to be tried again later.
    google.failNext(503, 4);
    await expect(importSearchConsole(importDeps(), guid)).rejects.toThrow();
  });

  it('refreshes an access token Google ended early, and stops for a reconnect when the grant is revoked', async () => {
    google.expireAccessTokens();
    expect(await importSearchConsole(importDeps(), guid)).toEqual({ days: REVISED_DAYS - 1 });
    google.revokeGrant();
    expect(await importSearchConsole(importDeps(), guid)).toBeNull();
    const state = await stateOf();
    expect(state.connection).toMatchObject({
      status: 'reconnect',
      problem: SEARCH_CONSOLE_MESSAGES.reconnect,
    });
    // A new consent resumes the import of the property already picked.
    expect(await connectWithGoogle()).toContain('search_console=connected');
    expect((await stateOf()).connection).toMatchObject({
      status: 'connected',
      property: PROPERTY,
      problem: null,
    });
  });

  it('reads through the service account; a lost property stops the import and says which', async () => {
    const res = await call(owner, 'POST', `/api/search-console/${guid}/service-account`);
    expect(res.statusCode).toBe(200);
    expect(res.json().connection).toMatchObject({ method: 'service_account', status: 'choose_property' });
    // The owner's grant it replaced is revoked at Google.
    expect(google.requests.at(-1)?.path).toBe('/revoke');
    const picked = await call(owner, 'PUT', `/api/search-console/${guid}/property`, { site_url: PROPERTY });
    expect(picked.statusCode).toBe(200);
    expect(await importSearchConsole(importDeps(), guid)).toEqual({ days: REVISED_DAYS - 1 });
    google.removePermission(PROPERTY);
    expect(await importSearchConsole(importDeps(), guid)).toBeNull();
    expect((await stateOf()).connection).toMatchObject({
      status: 'reconnect',
      problem: SEARCH_CONSOLE_MESSAGES.permissionLost(PROPERTY),
    });
  });

  it("another team's website is not found", async () => {
    const stranger = await registerUser(t.app);
    await startTrial(t.app, stranger);
    for (const [method, url] of [
      ['GET', `/api/search-console/${guid}`],
      ['GET', `/api/search-console/${guid}/performance?start_date=2026-01-01&end_date=2026-01-02`],
      ['POST', `/api/search-console/${guid}/oauth/start`],
      ['DELETE', `/api/search-console/${guid}`],
    ] as const)
      expect((await call(stranger, method, url)).statusCode).toBe(404);
  });

  it('disconnects, keeping the figures unless asked to delete them', async () => {
    expect((await call(member, 'DELETE', `/api/search-console/${guid}`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/api/search-console/${guid}`)).statusCode).toBe(204);
    expect((await stateOf()).connection).toBeNull();
    const [kept] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from search_console_days where website_id = $1',
      [guid],
    );
    expect(kept!.n).toBe(DAYS_WITH_DATA);
    expect((await call(owner, 'DELETE', `/api/search-console/${guid}?delete_data=true`)).statusCode).toBe(
      204,
    );
    for (const table of [
      'search_console_days',
      'search_console_rows',
      'search_console_queries',
      'search_console_pages',
    ]) {
      const [left] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from ${table} where website_id = $1`,
        [guid],
      );
      expect(left!.n).toBe(0);
    }
  });
});

describe('Google Search Console figures of a removed website', () => {
  it('go with it, every grain', async () => {
    const t = await createTestApp();
    try {
      const owner = await registerUser(t.app);
      await startTrial(t.app, owner);
      const { guid } = await addWebsite(t.app, owner, {
        domain: 'gone.test',
        homepage_url: 'https://gone.test/',
      });
      const [query] = await t.database.query<{ id: number }>(
        `insert into search_console_queries (website_id, query) values ($1, 'gone') returning id`,
        [guid],
      );
      const [page] = await t.database.query<{ id: number }>(
        `insert into search_console_pages (website_id, page) values ($1, 'https://gone.test/') returning id`,
        [guid],
      );
      const day = [guid, '2026-11-01'];
      await t.database.query(`insert into search_console_rows values ($1, $2, $3, $4, 'gbr', 1, 1, 2, 3)`, [
        ...day,
        query!.id,
        page!.id,
      ]);
      await t.database.query(`insert into search_console_query_days values ($1, $2, $3, 1, 2, 6)`, [
        ...day,
        query!.id,
      ]);
      await t.database.query(`insert into search_console_page_days values ($1, $2, $3, 1, 2, 6)`, [
        ...day,
        page!.id,
      ]);
      await t.database.query(
        `insert into search_console_segment_days values ($1, $2, 'gbr', 'DESKTOP', 1, 2, 6)`,
        day,
      );
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/website-index/${guid}`,
        headers: owner.auth,
      });
      expect(removed.statusCode).toBe(204);
      const [left] = await t.database.query<{ n: number }>(
        `select (select count(*) from search_console_rows) + (select count(*) from search_console_query_days)
              + (select count(*) from search_console_page_days) + (select count(*) from search_console_segment_days)
              + (select count(*) from search_console_queries) + (select count(*) from search_console_pages) as n`,
      );
      expect(Number(left!.n)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('Google Search Console, not configured', () => {
  it('says what the operator sets, and starts nothing', async () => {
    const t = await createTestApp();
    try {
      const owner = await registerUser(t.app);
      await startTrial(t.app, owner);
      const { guid } = await addWebsite(t.app, owner, {
        domain: 'plain.test',
        homepage_url: 'https://plain.test/',
      });
      const state = await t.app.inject({
        method: 'GET',
        url: `/api/search-console/${guid}`,
        headers: owner.auth,
      });
      expect(state.json()).toMatchObject({
        available: { oauth: false, service_account: false },
        connection: null,
      });
      for (const [url, message] of [
        [`/api/search-console/${guid}/oauth/start`, SEARCH_CONSOLE_MESSAGES.oauthNotConfigured],
        [`/api/search-console/${guid}/service-account`, SEARCH_CONSOLE_MESSAGES.serviceAccountNotConfigured],
      ]) {
        const res = await t.app.inject({ method: 'POST', url, headers: owner.auth });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'search_console_not_configured', error: message });
      }
    } finally {
      await t.close();
    }
  });
});
