import {
  SEARCH_CONSOLE_MESSAGES,
  type SearchMetrics,
  type SearchPerformance,
  type SearchPerformanceQuery,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import type { Database } from '../../db/client';
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
function topRows(database: Database, grain: 'query' | 'page', params: unknown[]) {
  return database.query<MetricRow & { value: string }>(
    `select n.${grain} as value, d.clicks, d.impressions, d.position_sum from (
       select ${grain}_id, ${SUMS} from search_console_${grain}_days where website_id = $1 and day between $2 and $3
        group by ${grain}_id order by sum(clicks) desc, sum(impressions) desc limit ${TOP_ROWS}) d
       join search_console_${grain === 'query' ? 'queries' : 'pages'} n on n.id = d.${grain}_id
      order by d.clicks desc, d.impressions desc, n.${grain}`,
    params,
  );
}

/** `GET /api/search-console/{guid}/performance`: a range's totals, days, top queries and pages. */
export async function searchPerformance(
  database: Database,
  caller: AuthContext,
  guid: string,
  range: SearchPerformanceQuery,
): Promise<SearchPerformance> {
  const [website] = await database.query<{ id: string; property: string | null }>(
    `select w.id, c.property from websites w left join search_console_connections c on c.website_id = w.id
      where w.id = $1 and w.organization_id = $2`,
    [guid, organizationOf(caller)],
  );
  if (!website) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
  if (!website.property) throw new AppError('not_found', SEARCH_CONSOLE_MESSAGES.notConnected);
  const params = [website.id, range.start_date, range.end_date];
  const inRange = 'website_id = $1 and day between $2 and $3';
  const [days, queries, pages, [named]] = await Promise.all([
    database.query<MetricRow & { date: string; provisional: boolean }>(
      `select day::text as date, clicks::float8 as clicks, impressions::float8 as impressions, position_sum, provisional
         from search_console_days where ${inRange} order by day`,
      params,
    ),
    topRows(database, 'query', params),
    topRows(database, 'page', params),
    database.query<{ clicks: number | null; impressions: number | null }>(
      `select sum(clicks)::float8 as clicks, sum(impressions)::float8 as impressions
         from search_console_query_days where ${inRange}`,
      params,
    ),
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
    queries: queries.map(({ value, ...row }) => ({ query: value, ...metricsOf(row) })),
    pages: pages.map(({ value, ...row }) => ({ page: value, ...metricsOf(row) })),
    // What Google counts in the totals but names in no query row.
    anonymized: {
      clicks: Math.max(0, totals.clicks - Number(named?.clicks ?? 0)),
      impressions: Math.max(0, totals.impressions - Number(named?.impressions ?? 0)),
    },
  };
}
