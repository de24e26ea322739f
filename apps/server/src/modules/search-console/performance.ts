import {
  SEARCH_CONSOLE_MESSAGES,
  type SearchMetrics,
  type SearchPerformance,
  type SearchPerformanceQuery,
  type SearchRanking,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import type { Database, QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import { type AuthContext, organizationOf } from '../../http/authenticate';

// What was imported from Search Console, read back for a range of days. Every figure is Google's:
// sums of its clicks and impressions, CTR from them, and the impression-weighted average of its
// positions (stored as position × impressions, so a range's average is exact).

/** The queries and pages one answer lists, by clicks. */
export const TOP_ROWS = 1_000;

interface MetricRow {
  clicks: number;
  impressions: number;
  position_sum: number;
}

export const metricsOf = (row: MetricRow): SearchMetrics => ({
  clicks: Number(row.clicks),
  impressions: Number(row.impressions),
  ctr: Number(row.impressions) > 0 ? Number(row.clicks) / Number(row.impressions) : null,
  position: Number(row.impressions) > 0 ? Number(row.position_sum) / Number(row.impressions) : null,
});

const SUMS =
  'sum(clicks)::float8 as clicks, sum(impressions)::float8 as impressions, sum(position_sum) as position_sum';

/** A range's top queries or pages by clicks, with their text (`value`). */
function topRows(query: QueryFn, grain: 'query' | 'page', params: unknown[]) {
  return query<MetricRow & { value: string }>(
    `select n.${grain} as value, d.clicks, d.impressions, d.position_sum from (
       select ${grain}_id, ${SUMS} from search_console_${grain}_days where website_id = $1 and day between $2 and $3
        group by ${grain}_id order by sum(clicks) desc, sum(impressions) desc limit ${TOP_ROWS}) d
       join search_console_${grain === 'query' ? 'queries' : 'pages'} n on n.id = d.${grain}_id
      order by d.clicks desc, d.impressions desc, n.${grain}`,
    params,
  );
}

/** A range's top queries and pages, and what its named queries add up to. */
export async function rankRange(
  query: QueryFn,
  websiteId: string,
  start: string,
  end: string,
): Promise<SearchRanking> {
  const params = [websiteId, start, end];
  // One after the other: `query` may be a transaction's, whose connection runs one statement at a time.
  const queries = await topRows(query, 'query', params);
  const pages = await topRows(query, 'page', params);
  const [named] = await query<{ clicks: number | null; impressions: number | null }>(
    `select sum(clicks)::float8 as clicks, sum(impressions)::float8 as impressions
       from search_console_query_days where website_id = $1 and day between $2 and $3`,
    params,
  );
  return {
    queries: queries.map(({ value, ...row }) => ({ query: value, ...metricsOf(row) })),
    pages: pages.map(({ value, ...row }) => ({ page: value, ...metricsOf(row) })),
    named: { clicks: Number(named?.clicks ?? 0), impressions: Number(named?.impressions ?? 0) },
  };
}

/** The ranges the screen offers, in days up to the newest stored day; 0 is everything stored. */
export const SUMMARY_DAYS = [7, 28, 91, 182, 365, 0];

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

type StoredBounds = { first: string; last: string; imported: Date };

/** The days a website has stored, first and last, and when a day was last imported. */
async function storedBounds(query: QueryFn, websiteId: string): Promise<StoredBounds | null> {
  const [bounds] = await query<{ first: string | null; last: string | null; imported: Date | null }>(
    `select min(day)::text as first, max(day)::text as last, max(imported_at) as imported
       from search_console_days where website_id = $1`,
    [websiteId],
  );
  return bounds?.first && bounds.last
    ? { first: bounds.first, last: bounds.last, imported: bounds.imported! }
    : null;
}

/** Ranks the screen's ranges again, after an import: the old rankings go in the same transaction. */
export async function summarize(database: Database, websiteId: string): Promise<void> {
  await database.transaction(async (query) => {
    await query('delete from search_console_summaries where website_id = $1', [websiteId]);
    const bounds = await storedBounds(query, websiteId);
    if (!bounds) return;
    const starts = new Set(
      SUMMARY_DAYS.map((days) => {
        const start = days === 0 ? bounds.first : daysBefore(bounds.last, days - 1);
        return start < bounds.first ? bounds.first : start;
      }),
    );
    for (const start of starts)
      await query(
        `insert into search_console_summaries (website_id, start_day, end_day, ranking) values ($1, $2, $3, $4)`,
        [
          websiteId,
          start,
          bounds.last,
          JSON.stringify(await rankRange(query, websiteId, start, bounds.last)),
        ],
      );
  });
}

/**
 * A range's ranking: the one ranked after the last import where the range (clipped to the stored
 * days) is one of the screen's and no day was imported since; otherwise ranked now.
 */
async function rankingOf(database: Database, websiteId: string, range: Range, bounds: StoredBounds | null) {
  if (!bounds) return rankRange(database.query, websiteId, range.start_date, range.end_date);
  const start = range.start_date < bounds.first ? bounds.first : range.start_date;
  const end = range.end_date > bounds.last ? bounds.last : range.end_date;
  const [summary] = await database.query<{ ranking: SearchRanking }>(
    `select ranking from search_console_summaries
      where website_id = $1 and start_day = $2 and end_day = $3 and computed_at >= $4`,
    [websiteId, start, end, bounds.imported],
  );
  return summary?.ranking ?? rankRange(database.query, websiteId, range.start_date, range.end_date);
}

interface Range {
  start_date: string;
  end_date: string;
}

/** The range asked, its missing ends filled: up to the newest imported day (else yesterday), 28 days. */
function rangeOf(asked: SearchPerformanceQuery, bounds: StoredBounds | null): Range {
  const end = asked.end_date ?? bounds?.last ?? daysBefore(new Date().toISOString().slice(0, 10), 1);
  return { start_date: asked.start_date ?? daysBefore(end, 27), end_date: end };
}

/** `GET /api/search-console/{guid}/performance`: a range's totals, days, top queries and pages. */
export async function searchPerformance(
  database: Database,
  caller: AuthContext,
  guid: string,
  asked: SearchPerformanceQuery,
): Promise<SearchPerformance> {
  const [website] = await database.query<{ id: string; property: string | null }>(
    `select w.id, c.property from websites w left join search_console_connections c on c.website_id = w.id
      where w.id = $1 and w.organization_id = $2`,
    [guid, organizationOf(caller)],
  );
  if (!website) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
  if (!website.property) throw new AppError('not_found', SEARCH_CONSOLE_MESSAGES.notConnected);
  const bounds = await storedBounds(database.query, website.id);
  const range = rangeOf(asked, bounds);
  const [days, ranking] = await Promise.all([
    database.query<MetricRow & { date: string; provisional: boolean }>(
      `select day::text as date, clicks::float8 as clicks, impressions::float8 as impressions, position_sum, provisional
         from search_console_days where website_id = $1 and day between $2 and $3 order by day`,
      [website.id, range.start_date, range.end_date],
    ),
    rankingOf(database, website.id, range, bounds),
  ]);
  const totals = days.reduce(
    (sum, day) => ({
      clicks: sum.clicks + Number(day.clicks),
      impressions: sum.impressions + Number(day.impressions),
      position_sum: sum.position_sum + Number(day.position_sum),
    }),
    { clicks: 0, impressions: 0, position_sum: 0 },
  );
  return {
    source: 'google_search_console',
    property: website.property,
    start_date: range.start_date,
    end_date: range.end_date,
    totals: metricsOf(totals),
    days: days.map((day) => ({ date: day.date, provisional: day.provisional, ...metricsOf(day) })),
    queries: ranking.queries,
    pages: ranking.pages,
    // What Google counts in the totals but names in no query row.
    anonymized: {
      clicks: Math.max(0, totals.clicks - ranking.named.clicks),
      impressions: Math.max(0, totals.impressions - ranking.named.impressions),
    },
  };
}
