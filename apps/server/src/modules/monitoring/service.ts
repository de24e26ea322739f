import {
  type LoadingTimeCheckBody,
  type LoadingTimeCheckReply,
  type LoadingTimeQuery,
  type LoadingTimeReply,
  type MonitorRegion,
  normaliseDomain,
  OUTAGE_LOOKUP_DAYS,
  type OutageContextReply,
  type OutageListQuery,
  type OutageListReply,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import type { QueryFn } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { liveProbeRegions, regionProbes } from './probe';
import { RAW_HOURS } from './rollups';

const DAY_MS = 86_400_000;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The span a monitoring query asks for, in epoch ms: from its start_date to the end of its
 * end_date (both UTC days), by default the `defaultDays` before now.
 */
function dayRange(
  request: { start_date?: string; end_date?: string },
  defaultDays: number,
  now: Date,
): { start: number; end: number } {
  const end = request.end_date ? Date.parse(request.end_date) + DAY_MS : now.getTime();
  return { start: request.start_date ? Date.parse(request.start_date) : end - defaultDays * DAY_MS, end };
}

/** The organization's tracked website a monitoring call names by URL; another's, or none, is 404. */
async function websiteOfUrl(query: QueryFn, organizationId: string, url: string) {
  const domain = normaliseDomain(url);
  const [website] = domain.ok
    ? await query<{ id: string; regions: MonitorRegion[] }>(
        `select id, array(select jsonb_array_elements_text(coalesce(settings -> 'regions', '[]'::jsonb))) as regions
           from websites where organization_id = $1 and domain = $2`,
        [organizationId, domain.domain],
      )
    : [];
  if (!website) throw new AppError('not_found', WEBSITE_MESSAGES.notFound);
  return website;
}

/** The probes of these regions (live ones, else the silent one last heard) and the regions none live serves. */
async function probesOf(query: QueryFn, regions: readonly MonitorRegion[]) {
  const probes = await regionProbes(query, regions);
  const live = new Set(probes.filter((probe) => !probe.silent).map((probe) => probe.region));
  return { probes, no_probe: regions.filter((region) => !live.has(region)) };
}

/**
 * `GET /api/outage/list`: the website's outages that overlap the days asked (the last 30 by
 * default), over and under way, which probe measures each of its regions, and which regions none does.
 */
export async function listOutages(
  query: QueryFn,
  organizationId: string,
  request: OutageListQuery,
  now = new Date(),
): Promise<OutageListReply> {
  const website = await websiteOfUrl(query, organizationId, request.url);
  const { start, end } = dayRange(request, OUTAGE_LOOKUP_DAYS, now);
  const rows = await query<{
    id: string;
    scope: 'regional' | 'global';
    regions: MonitorRegion[];
    started_at: Date;
    ended_at: Date | null;
  }>(
    `select id, scope, regions, started_at, ended_at from outages
      where website_id = $1 and started_at < $3 and (ended_at is null or ended_at >= $2)
      order by started_at`,
    [website.id, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  const { probes, no_probe } = await probesOf(query, website.regions);
  // Raw results are kept 48 hours, their hourly aggregates 13 months: the earliest of either.
  const [first] = await query<{ at: Date | null }>(
    `select least(
       (select min(checked_at) from monitor_results where website_id = $1),
       (select min(at) from monitor_rollups where website_id = $1 and period = 'hour')) as at`,
    [website.id],
  );
  const active = rows.find((row) => row.ended_at === null);
  return {
    archived: rows
      .filter((row) => row.ended_at !== null)
      .map((row) => ({
        guid: row.id,
        start_at: iso(row.started_at),
        end_at: iso(row.ended_at!),
        scope: row.scope,
        regions: row.regions,
      })),
    active: active
      ? {
          guid: active.id,
          created_at: Math.floor(new Date(active.started_at).getTime() / 1000),
          scope: active.scope,
          regions: active.regions,
        }
      : null,
    no_probe,
    probes,
    monitored_since: first?.at ? iso(first.at) : null,
  };
}

/** `GET /api/outage/context`: an outage's failed checks, oldest first; another organization's outage is 404. */
export async function outageContext(
  query: QueryFn,
  organizationId: string,
  guid: string,
): Promise<OutageContextReply> {
  const [outage] = await query<{ id: string }>(
    'select id from outages where id = $1 and organization_id = $2',
    [guid, organizationId],
  );
  if (!outage) throw new AppError('not_found', 'Outage not found');
  const events = await query<{
    created_at: Date;
    region: MonitorRegion;
    type: 'ping' | 'loading_time';
    value: boolean | number | null;
    error: string | null;
  }>(
    `select created_at, region, type, value, error from outage_events
      where outage_id = $1 order by created_at, region, type`,
    [guid],
  );
  return { guid, events: events.map((event) => ({ ...event, created_at: iso(event.created_at) })) };
}

/**
 * `GET /api/loading-time`: the website's page loads at a region, one point per hour or day (the
 * last 24 hours by hour, the last 30 days by day, unless days are given): average, fastest and
 * slowest time, the page's size (Kb) and speed (Kb/s), and the probe that measures the region. The last 48 hours come from the raw results,
 * older hours from their hourly aggregates.
 */
export async function loadingTime(
  query: QueryFn,
  organizationId: string,
  request: LoadingTimeQuery,
  now = new Date(),
): Promise<LoadingTimeReply> {
  const website = await websiteOfUrl(query, organizationId, request.url);
  if (!website.regions.includes(request.region))
    throw fieldError('bad_request', 'region', 'The website is not monitored from this region');
  const { start, end } = dayRange(request, request.group_by === 'hour' ? 1 : 30, now);
  const rows = await query<{
    at: Date;
    avg_ms: number;
    min_ms: number;
    max_ms: number;
    avg_bytes: number | null;
  }>(
    `with hours as (
       select date_trunc('hour', checked_at) as at, count(*) filter (where value_ms is not null) as checks,
              min(value_ms) as min_ms, max(value_ms) as max_ms, avg(value_ms) as avg_ms, avg(bytes) as avg_bytes
         from monitor_results
        where website_id = $1 and region = $2 and "check" = 'page_load'
          and checked_at >= greatest($3::timestamptz, date_trunc('hour', now() - make_interval(hours => $6)))
          and checked_at < $4
        group by 1
       union all
       select at, checks - failures, min_ms, max_ms, avg_ms, avg_bytes
         from monitor_rollups
        where website_id = $1 and region = $2 and "check" = 'page_load' and period = 'hour'
          and at >= $3 and at < least($4::timestamptz, date_trunc('hour', now() - make_interval(hours => $6))))
     select date_trunc($5, at) as at,
            (sum(avg_ms * checks) / nullif(sum(checks) filter (where avg_ms is not null), 0))::float8 as avg_ms,
            min(min_ms)::float8 as min_ms, max(max_ms)::float8 as max_ms,
            (sum(avg_bytes * checks) / nullif(sum(checks) filter (where avg_bytes is not null), 0))::float8 as avg_bytes
       from hours group by 1 having sum(checks) > 0 order by 1`,
    [
      website.id,
      request.region,
      new Date(start).toISOString(),
      new Date(end).toISOString(),
      request.group_by,
      RAW_HOURS - 1,
    ],
  );
  const { probes, no_probe } = await probesOf(query, [request.region]);
  // Raw results are kept 48 hours, their hourly aggregates 13 months: the earliest of either.
  const [first] = await query<{ at: Date | null }>(
    `select least(
       (select min(checked_at) from monitor_results where website_id = $1 and region = $2 and "check" = 'page_load'),
       (select min(at) from monitor_rollups
         where website_id = $1 and region = $2 and "check" = 'page_load' and period = 'hour')) as at`,
    [website.id, request.region],
  );
  const round = (value: number, places = 0) => Math.round(value * 10 ** places) / 10 ** places;
  return {
    reports: rows.map((row) => {
      const kb = (row.avg_bytes ?? 0) / 1024;
      return {
        c_at: iso(row.at),
        loading_time: round(row.avg_ms),
        min_loading_time: round(row.min_ms),
        max_loading_time: round(row.max_ms),
        page_size: round(kb, 1),
        loading_speed: row.avg_ms > 0 ? round(kb / (row.avg_ms / 1000), 1) : 0,
      };
    }),
    no_probe: no_probe.length > 0,
    probes,
    monitored_since: first?.at ? iso(first.at) : null,
  };
}

/** `POST /api/loading-time`: the page loaded now at the region (or each of the website's regions) a probe serves. */
export async function requestPageLoad(
  query: QueryFn,
  organizationId: string,
  body: LoadingTimeCheckBody,
): Promise<LoadingTimeCheckReply> {
  const website = await websiteOfUrl(query, organizationId, body.url);
  if (body.region && !website.regions.includes(body.region))
    throw fieldError('bad_request', 'region', 'The website is not monitored from this region');
  const asked = body.region ? [body.region] : website.regions;
  const live = await liveProbeRegions(query);
  // A slot under way keeps its lease; the next one comes soon enough.
  const queued = await query<{ region: MonitorRegion }>(
    `update monitor_schedule set due_at = date_trunc('milliseconds', now())
      where website_id = $1 and kind = 'speed' and region = any($2::text[])
        and (lease_until is null or lease_until < now())
      returning region`,
    [website.id, asked.filter((region) => live.has(region))],
  );
  return {
    queued: asked.filter((region) => queued.some((row) => row.region === region)),
    no_probe: asked.filter((region) => !live.has(region)),
  };
}
