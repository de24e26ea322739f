import {
  type MonitorRegion,
  normaliseDomain,
  OUTAGE_LOOKUP_DAYS,
  type OutageContextReply,
  type OutageListQuery,
  type OutageListReply,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import type { QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import { liveProbeRegions } from './probe';

const DAY_MS = 86_400_000;
const iso = (value: Date | string) => new Date(value).toISOString();

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

/**
 * `GET /api/outage/list`: the website's outages that overlap the days asked (the last 30 by
 * default), over and under way, and which of its regions no probe serves.
 */
export async function listOutages(
  query: QueryFn,
  organizationId: string,
  request: OutageListQuery,
  now = new Date(),
): Promise<OutageListReply> {
  const website = await websiteOfUrl(query, organizationId, request.url);
  const end = request.end_date ? Date.parse(request.end_date) + DAY_MS : now.getTime();
  const start = request.start_date ? Date.parse(request.start_date) : end - OUTAGE_LOOKUP_DAYS * DAY_MS;
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
  const live = await liveProbeRegions(query);
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
    no_probe: website.regions.filter((region) => !live.has(region)),
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
