import { z } from 'zod';
import { CalendarDateSchema, startNotAfterEnd } from './date-range';
import { MonitorRegionSchema } from './websites';

// Monitoring's rules (checkup document 4 and 9), shared by the probes, the outage calls and the
// outage screen: when a check counts as down, when a region is in danger, how outage intervals
// are merged and split, and when failing regions make an outage.

/** Regions whose probes must all see an outage before it is global: one place alone is regional. */
export const GLOBAL_OUTAGE_REGIONS = 2;
/** A page load above this many milliseconds counts as down ('Loading time > 20s'). */
export const LOADING_DOWN_MS = 20_000;
/** Two outages this close (or closer) are one. */
export const OUTAGE_MERGE_GAP_MS = 5 * 60_000;
/** How far back the outage calls look. */
export const OUTAGE_LOOKUP_DAYS = 30;
/** Entries shown in 'Ping issues' and 'HTTP issues' before '+More issues'. */
export const OUTAGE_ISSUES_SHOWN = 3;

const DAY_MS = 86_400_000;

/** One check's result at a region: ping (reachable or not) or a page load (ms, or an error). */
export type CheckEvent =
  | { type: 'ping'; value: boolean | null; error: string | null }
  | { type: 'loading_time'; value: number | null; error: string | null };

/** Ping is up only when its value is true; a page load is down on an error or above 20,000 ms. */
export function isDown(event: CheckEvent): boolean {
  if (event.type === 'ping') return event.value !== true;
  return event.error !== null || event.value === null || event.value > LOADING_DOWN_MS;
}

/** A region is in danger when its latest ping or its latest page load is down. */
export function inDanger(latest: { ping?: CheckEvent; loading?: CheckEvent }): boolean {
  return (
    (latest.ping !== undefined && isDown(latest.ping)) ||
    (latest.loading !== undefined && isDown(latest.loading))
  );
}

/** A span of time in epoch milliseconds, `start` included, `end` excluded. */
export interface Interval {
  start: number;
  end: number;
}

/**
 * Sorts intervals and joins those that overlap or lie at most `gapMs` apart (the gap joins the
 * outage: a site down, up for two minutes, then down again was down throughout).
 */
export function mergeIntervals(intervals: readonly Interval[], gapMs = OUTAGE_MERGE_GAP_MS): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const { start, end } of sorted) {
    const last = merged.at(-1);
    if (last && start - last.end <= gapMs) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

/** Cuts an interval at each UTC midnight it spans, so each piece falls within one day of the strip. */
export function splitAtUtcMidnight({ start, end }: Interval): Interval[] {
  const pieces: Interval[] = [];
  let from = start;
  while (from < end) {
    const midnight = (Math.floor(from / DAY_MS) + 1) * DAY_MS;
    const to = Math.min(end, midnight);
    pieces.push({ start: from, end: to });
    from = to;
  }
  return pieces;
}

/**
 * Whether the regions failing at one moment make an outage: `regional` when at least `quorum` of
 * the website's regions fail (default one), `global` when all of them do and they are at least two
 * (probes in two places saw it: one region alone cannot tell the site from its own network), else
 * `none`. Regions the website does not monitor do not count.
 */
export function outageScope(
  failing: Iterable<string>,
  websiteRegions: readonly string[],
  quorum = 1,
): 'none' | 'regional' | 'global' {
  const monitored = new Set(websiteRegions);
  const down = new Set([...failing].filter((region) => monitored.has(region))).size;
  if (monitored.size === 0 || down === 0 || down < Math.min(Math.max(1, quorum), monitored.size))
    return 'none';
  return down >= GLOBAL_OUTAGE_REGIONS && down === monitored.size ? 'global' : 'regional';
}

/** What every monitoring call says of a region no probe serves: nothing there was measured. */
export const NO_PROBE_TEXT = 'no probe in this region';

/** A probe silent for this many of its heartbeat periods (or stopped) measures nothing: its region says so. */
export const PROBE_SILENT_BEATS = 3;

/**
 * The probe that measures a region: the machine it runs on (host name, and the address the
 * database sees it connect from, or the machine's own when the database sees none) and when it
 * last reported. `silent`: stopped, or not heard for three of its heartbeats; nothing is measured
 * there since `last_report_at`.
 */
export const RegionProbeSchema = z.object({
  region: MonitorRegionSchema,
  host: z.string(),
  address: z.string().nullable(),
  last_report_at: z.iso.datetime(),
  silent: z.boolean(),
});
export type RegionProbe = z.infer<typeof RegionProbeSchema>;

const MonitoredUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter the URL of a tracked website' })
  .max(2048);

/** `GET /api/outage/list`: a tracked website's outages (by its URL) between two days, the last 30 by default. */
export const OutageListQuerySchema = z
  .object({
    url: MonitoredUrlSchema,
    start_date: CalendarDateSchema.optional(),
    end_date: CalendarDateSchema.optional(),
  })
  .refine(...startNotAfterEnd);
export type OutageListQuery = z.output<typeof OutageListQuerySchema>;

const OutageScopeSchema = z.enum(['regional', 'global']);

/** An outage over: when it started and ended (ISO times, UTC), where. */
export const ArchivedOutageSchema = z.object({
  guid: z.uuid(),
  start_at: z.iso.datetime(),
  end_at: z.iso.datetime(),
  scope: OutageScopeSchema,
  regions: z.array(MonitorRegionSchema),
});
export type ArchivedOutage = z.infer<typeof ArchivedOutageSchema>;

/** The outage under way: `created_at` is when it started, in unix seconds (spec 3). */
export const ActiveOutageSchema = z.object({
  guid: z.uuid(),
  created_at: z.number().int(),
  scope: OutageScopeSchema,
  regions: z.array(MonitorRegionSchema),
});
export type ActiveOutage = z.infer<typeof ActiveOutageSchema>;

export const OutageListReplySchema = z.object({
  archived: z.array(ArchivedOutageSchema),
  active: ActiveOutageSchema.nullable(),
  /** The website's regions no live probe serves: their absence of outages means nothing was measured. */
  no_probe: z.array(MonitorRegionSchema),
  /** For each of the website's regions, its live probes, or the silent one last heard there (none if never). */
  probes: z.array(RegionProbeSchema),
  /**
   * The website's first check at any of its regions; null before the first. Time before it was not
   * monitored: no outage there means nothing, not "up".
   */
  monitored_since: z.iso.datetime().nullable(),
});
export type OutageListReply = z.infer<typeof OutageListReplySchema>;

export const OutageContextQuerySchema = z.object({ guid: z.uuid({ error: 'Unknown outage' }) });

/** One failed check of an outage: a ping (value false) or a page load (its ms, or null, and the error). */
export const OutageEventSchema = z.object({
  created_at: z.iso.datetime(),
  region: MonitorRegionSchema,
  type: z.enum(['ping', 'loading_time']),
  value: z.union([z.boolean(), z.number()]).nullable(),
  error: z.string().nullable(),
});
export type OutageEvent = z.infer<typeof OutageEventSchema>;

export const OutageContextReplySchema = z.object({ guid: z.uuid(), events: z.array(OutageEventSchema) });
export type OutageContextReply = z.infer<typeof OutageContextReplySchema>;

/** `GET /api/loading-time`: a tracked website's page loads at one of its regions, by hour or by day. */
export const LoadingTimeQuerySchema = z
  .object({
    url: MonitoredUrlSchema,
    region: MonitorRegionSchema,
    start_date: CalendarDateSchema.optional(),
    end_date: CalendarDateSchema.optional(),
    group_by: z.enum(['hour', 'day']).default('hour'),
  })
  .refine(...startNotAfterEnd);
export type LoadingTimeQuery = z.output<typeof LoadingTimeQuerySchema>;

/** One hour or day of page loads: times in ms, the page's size in Kb, its speed in Kb/s. */
export const LoadingTimeReportSchema = z.object({
  c_at: z.iso.datetime(),
  loading_time: z.number(),
  min_loading_time: z.number(),
  max_loading_time: z.number(),
  page_size: z.number(),
  loading_speed: z.number(),
});
export type LoadingTimeReport = z.infer<typeof LoadingTimeReportSchema>;

export const LoadingTimeReplySchema = z.object({
  reports: z.array(LoadingTimeReportSchema),
  /** No live probe serves the region: the chart has nothing new to show, and says so. */
  no_probe: z.boolean(),
  /** The region's live probes, or the silent one last heard there (none if never). */
  probes: z.array(RegionProbeSchema),
  /** The first page load measured at the region: before it nothing was measured; null before any. */
  monitored_since: z.iso.datetime().nullable(),
});
export type LoadingTimeReply = z.infer<typeof LoadingTimeReplySchema>;

/** `POST /api/loading-time`: load the page now, at one region or at all the website's regions. */
export const LoadingTimeCheckBodySchema = z.object({
  url: MonitoredUrlSchema,
  region: MonitorRegionSchema.optional(),
});
export type LoadingTimeCheckBody = z.output<typeof LoadingTimeCheckBodySchema>;

export const LoadingTimeCheckReplySchema = z.object({
  /** Regions whose probe loads the page within seconds. */
  queued: z.array(MonitorRegionSchema),
  /** Regions asked for that no live probe serves. */
  no_probe: z.array(MonitorRegionSchema),
});
export type LoadingTimeCheckReply = z.infer<typeof LoadingTimeCheckReplySchema>;
