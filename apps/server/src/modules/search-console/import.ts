import { SEARCH_CONSOLE_MESSAGES } from '@sitelens/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { createSealer, type Sealer } from '../../platform/sealed';
import {
  createGoogle,
  type Google,
  type GoogleCredential,
  GoogleError,
  type SearchAnalyticsRow,
  type SearchConsoleClient,
} from '../../providers/search-console/google';
import { summarize } from './performance';

// The import of a website's Search Console figures. At connection: the 16 months Google keeps;
// then once a UTC day: the days Google still revises (the last 4) again, and any day not yet
// stored. Each day is fetched whole, then written in one transaction that replaces it, so a worker
// killed mid-import leaves whole days behind: the next run skips those and duplicates nothing.

/** Google keeps 16 months of Search Analytics. */
const MONTHS_KEPT = 16;
/** Days Google may still revise; imported again on every run. */
export const REVISED_DAYS = 4;
/** Google's largest page of rows. */
export const ROWS_A_REQUEST = 25_000;
/**
 * A spent quota is asked again after 30 s, a failure on Google's side or on the way (5xx, a reset
 * connection) after 1 s, each doubling, a few times before the run gives up (and its job is retried).
 */
const RETRY_WAIT_MS = { quota: 30_000, unavailable: 1_000 };
const TRIES = 4;

/** The tables that hold a day's figures below its totals, each replaced whole with the day. */
export const DAY_TABLES = [
  'search_console_rows',
  'search_console_query_days',
  'search_console_page_days',
  'search_console_segment_days',
] as const;

const DEVICES: Record<string, number> = { DESKTOP: 1, MOBILE: 2, TABLET: 3 };

export interface ImportDeps {
  database: Database;
  google: Google;
  sealer: Sealer;
  logger: Logger;
  /** Queries at most per minute for one property (GOOGLE_QUERIES_PER_MINUTE). */
  queriesPerMinute: number;
  now?: () => Date;
  /** The first wait before asking again (tests shorten it). */
  retryWaitMs?: number;
}

/** The credential a connection reads Google with; a sealed token that no longer opens asks for a reconnect. */
export function credentialOf(
  sealer: Sealer,
  row: { method: 'oauth' | 'service_account'; refresh_token: Buffer | null },
): GoogleCredential | null {
  if (row.method === 'service_account') return { method: 'service_account' };
  const refreshToken = row.refresh_token ? sealer.open(row.refresh_token) : null;
  return refreshToken ? { method: 'oauth', refreshToken } : null;
}

/** Google's failure, for a screen: a lost grant or property says to reconnect. */
export function googleFailureText(error: GoogleError, property: string | null): string {
  if (error.failure === 'grant') return SEARCH_CONSOLE_MESSAGES.reconnect;
  if (error.failure === 'permission')
    return SEARCH_CONSOLE_MESSAGES.permissionLost(property ?? 'the property');
  return SEARCH_CONSOLE_MESSAGES.googleUnreachable;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** The days Google keeps, up to yesterday (UTC). */
export function keptWindow(now: Date): { first: string; last: string } {
  const last = addDays(isoDay(now), -1);
  const first = new Date(Date.parse(`${isoDay(now)}T00:00:00Z`));
  first.setUTCMonth(first.getUTCMonth() - MONTHS_KEPT);
  return { first: isoDay(first), last };
}

/** When this process may send a property's next query: its per-minute quota spread evenly. */
const nextSlot = new Map<string, number>();
async function pace(property: string, perMinute: number): Promise<void> {
  const now = Date.now();
  const slot = Math.max(now, nextSlot.get(property) ?? 0);
  nextSlot.set(property, slot + 60_000 / perMinute);
  if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
}

interface Run {
  deps: ImportDeps;
  client: SearchConsoleClient;
  property: string;
}

/** One query to Google within the property's pace; a spent quota or a passing failure waits and asks again. */
async function ask(
  run: Run,
  request: Parameters<SearchConsoleClient['query']>[1],
): Promise<SearchAnalyticsRow[]> {
  for (let attempt = 1; ; attempt += 1) {
    await pace(run.property, run.deps.queriesPerMinute);
    try {
      return await run.client.query(run.property, request);
    } catch (error) {
      const failure = error instanceof GoogleError ? error.failure : null;
      if ((failure !== 'quota' && failure !== 'unavailable') || attempt >= TRIES) throw error;
      const wait = (run.deps.retryWaitMs ?? RETRY_WAIT_MS[failure]) * 2 ** (attempt - 1);
      run.deps.logger.info({ property: run.property, failure, wait }, 'search console: asking again');
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Every row of one day at these dimensions, page after page. */
async function dayRows(run: Run, day: string, dimensions: string[]): Promise<SearchAnalyticsRow[]> {
  const rows: SearchAnalyticsRow[] = [];
  for (let startRow = 0; ; startRow += ROWS_A_REQUEST) {
    const page = await ask(run, {
      startDate: day,
      endDate: day,
      dimensions,
      type: 'web',
      dataState: 'all',
      rowLimit: ROWS_A_REQUEST,
      startRow,
    });
    rows.push(...page);
    if (page.length < ROWS_A_REQUEST) return rows;
  }
}

/**
 * The ids of a website's queries or pages, stored first where new. Read before written: most of a
 * day's queries are known from the days before, and an insert that conflicts costs far more than
 * a lookup through the (website, md5) index.
 */
async function idsOf(
  query: QueryFn,
  table: 'search_console_queries' | 'search_console_pages',
  column: 'query' | 'page',
  websiteId: string,
  values: Iterable<string>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const lookUp = async (texts: string[]) => {
    const rows = await query<{ id: number; value: string }>(
      `select t.id, t.${column} as value from unnest($2::text[]) v
         join ${table} t on t.website_id = $1 and md5(t.${column}) = md5(v) and t.${column} = v`,
      [websiteId, texts],
    );
    for (const row of rows) ids.set(row.value, row.id);
  };
  const distinct = [...new Set(values)];
  await lookUp(distinct);
  const missing = distinct.filter((value) => !ids.has(value));
  if (missing.length === 0) return ids;
  const inserted = await query<{ id: number; value: string }>(
    `insert into ${table} (website_id, ${column}) select $1, v from unnest($2::text[]) v
     on conflict do nothing returning id, ${column} as value`,
    [websiteId, missing],
  );
  for (const row of inserted) ids.set(row.value, row.id);
  // Stored meanwhile by another run: read back.
  if (inserted.length < missing.length) await lookUp(missing.filter((value) => !ids.has(value)));
  return ids;
}

const metricArrays = (rows: SearchAnalyticsRow[]) => [
  rows.map((row) => Math.round(row.clicks)),
  rows.map((row) => Math.round(row.impressions)),
  rows.map((row) => row.position * row.impressions),
];

interface DayFigures {
  total: SearchAnalyticsRow;
  queries: SearchAnalyticsRow[];
  pages: SearchAnalyticsRow[];
  segments: SearchAnalyticsRow[];
  rows: SearchAnalyticsRow[];
}

/**
 * Replaces one stored day in one transaction. False when the connection went or moved to another
 * property meanwhile: the day is not written.
 */
async function writeDay(
  database: Database,
  websiteId: string,
  property: string,
  day: string,
  provisional: boolean,
  figures: DayFigures,
): Promise<boolean> {
  return database.transaction(async (query) => {
    const [still] = await query(
      `select 1 from search_console_connections where website_id = $1 and property = $2 and status = 'connected' for update`,
      [websiteId, property],
    );
    if (!still) return false;
    const queryIds = await idsOf(query, 'search_console_queries', 'query', websiteId, [
      ...figures.queries.map((row) => row.keys[0]!),
      ...figures.rows.map((row) => row.keys[0]!),
    ]);
    const pageIds = await idsOf(query, 'search_console_pages', 'page', websiteId, [
      ...figures.pages.map((row) => row.keys[0]!),
      ...figures.rows.map((row) => row.keys[1]!),
    ]);
    for (const table of DAY_TABLES)
      await query(`delete from ${table} where website_id = $1 and day = $2`, [websiteId, day]);
    await query(
      `insert into search_console_query_days (website_id, day, query_id, clicks, impressions, position_sum)
       select $1, $2, * from unnest($3::int[], $4::int[], $5::int[], $6::float8[])`,
      [
        websiteId,
        day,
        figures.queries.map((row) => queryIds.get(row.keys[0]!)),
        ...metricArrays(figures.queries),
      ],
    );
    await query(
      `insert into search_console_page_days (website_id, day, page_id, clicks, impressions, position_sum)
       select $1, $2, * from unnest($3::int[], $4::int[], $5::int[], $6::float8[])`,
      [websiteId, day, figures.pages.map((row) => pageIds.get(row.keys[0]!)), ...metricArrays(figures.pages)],
    );
    await query(
      `insert into search_console_segment_days (website_id, day, country, device, clicks, impressions, position_sum)
       select $1, $2, * from unnest($3::text[], $4::text[], $5::int[], $6::int[], $7::float8[])`,
      [
        websiteId,
        day,
        figures.segments.map((row) => row.keys[0]!),
        figures.segments.map((row) => row.keys[1]!),
        ...metricArrays(figures.segments),
      ],
    );
    const [clicks, impressions] = metricArrays(figures.rows);
    await query(
      `insert into search_console_rows (website_id, day, query_id, page_id, country, device, clicks, impressions, position)
       select $1, $2, * from unnest($3::int[], $4::int[], $5::text[], $6::int2[], $7::int[], $8::int[], $9::real[])`,
      [
        websiteId,
        day,
        figures.rows.map((row) => queryIds.get(row.keys[0]!)),
        figures.rows.map((row) => pageIds.get(row.keys[1]!)),
        figures.rows.map((row) => row.keys[2]!),
        figures.rows.map((row) => DEVICES[row.keys[3]!] ?? 1),
        clicks,
        impressions,
        figures.rows.map((row) => row.position),
      ],
    );
    await query(
      `insert into search_console_days (website_id, day, clicks, impressions, position_sum, provisional, rows, imported_at)
       values ($1, $2, $3, $4, $5, $6, $7, now())
       on conflict (website_id, day) do update set clicks = excluded.clicks, impressions = excluded.impressions,
         position_sum = excluded.position_sum, provisional = excluded.provisional, rows = excluded.rows, imported_at = now()`,
      [
        websiteId,
        day,
        Math.round(figures.total.clicks),
        Math.round(figures.total.impressions),
        figures.total.position * figures.total.impressions,
        provisional,
        figures.rows.length,
      ],
    );
    return true;
  });
}

interface Connection {
  method: 'oauth' | 'service_account';
  property: string | null;
  refresh_token: Buffer | null;
}

/** Stops the import until the owner acts: Google refused the grant or the property. */
async function needsReconnect(database: Database, websiteId: string, problem: string): Promise<void> {
  await database.query(
    `update search_console_connections set status = 'reconnect', problem = $2, last_run_at = now(), updated_at = now()
      where website_id = $1`,
    [websiteId, problem],
  );
}

/**
 * Imports what a connected website lacks: the days Google has that are not stored, and the days
 * Google still revises, newest first. Answers the days written, or null when nothing was asked
 * (not connected) or Google refused the grant or the property (the connection then says so).
 */
export async function importSearchConsole(
  deps: ImportDeps,
  websiteId: string,
): Promise<{ days: number } | null> {
  const [connection] = await deps.database.query<Connection>(
    `select method, property, refresh_token from search_console_connections
      where website_id = $1 and status = 'connected' and property is not null`,
    [websiteId],
  );
  if (!connection?.property) return null;
  const credential = credentialOf(deps.sealer, connection);
  if (!credential) {
    await needsReconnect(deps.database, websiteId, SEARCH_CONSOLE_MESSAGES.reconnect);
    return null;
  }
  const run: Run = { deps, client: deps.google.client(credential), property: connection.property };
  const now = deps.now?.() ?? new Date();
  const window = keptWindow(now);
  const revisedFrom = addDays(window.last, 1 - REVISED_DAYS);
  let written = 0;
  try {
    const totals = await ask(run, {
      startDate: window.first,
      endDate: window.last,
      dimensions: ['date'],
      type: 'web',
      dataState: 'all',
      rowLimit: ROWS_A_REQUEST,
    });
    const stored = await deps.database.query<{ day: string; provisional: boolean }>(
      'select day::text as day, provisional from search_console_days where website_id = $1 and day >= $2',
      [websiteId, window.first],
    );
    const final = new Set(stored.filter((row) => !row.provisional).map((row) => row.day));
    const due = totals
      .filter((row) => row.keys[0]! >= revisedFrom || !final.has(row.keys[0]!))
      .sort((a, b) => b.keys[0]!.localeCompare(a.keys[0]!));
    // The next day is fetched while one is written, and a day's four grains at once: Google's
    // answers, not the database, set the pace (within the property's quota).
    const fetchDay = async (total: SearchAnalyticsRow): Promise<DayFigures> => {
      const day = total.keys[0]!;
      const [queries, pages, segments, rows] = await Promise.all([
        dayRows(run, day, ['query']),
        dayRows(run, day, ['page']),
        dayRows(run, day, ['country', 'device']),
        dayRows(run, day, ['query', 'page', 'country', 'device']),
      ]);
      return { total, queries, pages, segments, rows };
    };
    let next = due[0] ? fetchDay(due[0]) : null;
    for (let i = 0; next; i += 1) {
      const fetchStart = performance.now();
      const figures = await next;
      // A failed prefetch must not go unhandled while this day is written: it is awaited next.
      next = due[i + 1] ? fetchDay(due[i + 1]!) : null;
      next?.catch(() => undefined);
      const day = figures.total.keys[0]!;
      const writeStart = performance.now();
      if (!(await writeDay(deps.database, websiteId, connection.property, day, day >= revisedFrom, figures)))
        return { days: written };
      written += 1;
      deps.logger.debug(
        {
          websiteId,
          day,
          rows: figures.rows.length,
          waitMs: Math.round(writeStart - fetchStart),
          writeMs: Math.round(performance.now() - writeStart),
        },
        'search console day imported',
      );
    }
  } catch (error) {
    if (error instanceof GoogleError && (error.failure === 'grant' || error.failure === 'permission')) {
      await needsReconnect(deps.database, websiteId, googleFailureText(error, connection.property));
      deps.logger.info({ websiteId, failure: error.failure }, 'search console import stopped: reconnect');
      return null;
    }
    throw error;
  }
  if (written > 0) await summarize(deps.database, websiteId);
  await deps.database.query(
    `update search_console_connections set last_run_at = now(), problem = null where website_id = $1`,
    [websiteId],
  );
  return { days: written };
}

export const searchConsoleImportJob = defineJob(
  'search-console.import',
  z.object({ website_id: z.uuid() }),
  async ({ website_id }, { database, logger }) => {
    const config = loadConfig();
    const result = await importSearchConsole(
      {
        database,
        google: createGoogle(config),
        sealer: await createSealer(database, config.ENCRYPTION_KEY),
        logger,
        queriesPerMinute: config.GOOGLE_QUERIES_PER_MINUTE,
      },
      website_id,
    );
    if (result) logger.info({ websiteId: website_id, days: result.days }, 'search console imported');
  },
  // Sixteen months of a large property take a while; a dead worker's job comes back within 25 s anyway.
  { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 3 * 3600 },
);

/** Once a UTC day, each connected website's import: the revised days again, and what is missing. */
export const searchConsoleDailyJob = defineJob(
  'search-console.daily',
  z.object({}),
  async (_payload, { database, queue }) => {
    const due = await database.query<{ website_id: string }>(
      `update search_console_connections set import_requested_at = now()
        where status = 'connected' and property is not null
          and (import_requested_at is null or import_requested_at < date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
        returning website_id`,
    );
    for (const { website_id } of due)
      await queue.send(searchConsoleImportJob, { website_id }, { singletonKey: website_id });
  },
  { cron: '30 * * * *', atStart: true, retryLimit: 1 },
);
