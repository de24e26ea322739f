import {
  LOADING_DOWN_MS,
  MONITOR_REGIONS,
  type MonitorRegion,
  OUTAGE_LOOKUP_DAYS,
  type OutageEvent,
  type OutageListReply,
  splitAtUtcMidnight,
} from '@sitelens/contracts';

// The outage screen's arithmetic (checkup document 4 and 9), free of React: the outages of the
// list as intervals, the 30-day strip, one day's 24-hour timeline, and how times are written. All
// days and times are UTC.

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** An outage of the list in epoch milliseconds; the active one runs until now. */
export interface OutageInterval {
  guid: string;
  start: number;
  end: number;
  active: boolean;
  regions: MonitorRegion[];
}

/** The part of an outage within one UTC day. */
export interface OutagePiece {
  outage: OutageInterval;
  start: number;
  end: number;
}

/**
 * A day of the strip: its UTC midnight, the parts of outages within it, and whether it was
 * monitored: `none` before the day of the first check (or with no check yet), `part` on that day,
 * `full` after.
 */
export interface StripDay {
  day: number;
  outages: OutagePiece[];
  monitored: 'none' | 'part' | 'full';
}

/**
 * A stretch of a day's timeline: an outage's part, time without one, time before monitoring began,
 * or time still to come.
 */
export type TimelineSegment =
  | { kind: 'outage'; start: number; end: number; outage: OutageInterval }
  | { kind: 'ok' | 'unmonitored' | 'future'; start: number; end: number };

/** The UTC midnight starting the day of `at`. */
export const utcDay = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;

/** The archived outages and the active one, oldest first; the active one ends now (never before it began). */
export function outageIntervals(reply: OutageListReply, now: number): OutageInterval[] {
  const intervals: OutageInterval[] = reply.archived.map((outage) => ({
    guid: outage.guid,
    start: Date.parse(outage.start_at),
    end: Date.parse(outage.end_at),
    active: false,
    regions: outage.regions,
  }));
  if (reply.active) {
    const start = reply.active.created_at * 1000;
    intervals.push({
      guid: reply.active.guid,
      start,
      end: Math.max(now, start),
      active: true,
      regions: reply.active.regions,
    });
  }
  return intervals.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** An outage's parts, one per UTC day it touches (an outage of no length keeps its moment). */
function piecesOf(outage: OutageInterval): OutagePiece[] {
  if (outage.end <= outage.start) return [{ outage, start: outage.start, end: outage.start }];
  return splitAtUtcMidnight(outage).map((piece) => ({ outage, ...piece }));
}

/** The UTC midnight of the strip's first day: 30 days ending today. */
const stripStart = (now: number): number => utcDay(now) - (OUTAGE_LOOKUP_DAYS - 1) * DAY_MS;

/** The epoch milliseconds of the reply's `monitored_since`, or null before the first check. */
export const monitoredSinceOf = (reply: Pick<OutageListReply, 'monitored_since'>): number | null =>
  reply.monitored_since ? Date.parse(reply.monitored_since) : null;

/**
 * The strip's 30 UTC days, oldest first and ending today, each with its outages' parts split at
 * midnight and how much of it was monitored (`monitoredSince`: the first check, null before one).
 */
export function dayStrip(
  intervals: readonly OutageInterval[],
  now: number,
  monitoredSince: number | null,
): StripDay[] {
  const first = stripStart(now);
  const began = monitoredSince === null ? null : utcDay(monitoredSince);
  const days: StripDay[] = Array.from({ length: OUTAGE_LOOKUP_DAYS }, (_, i) => {
    const day = first + i * DAY_MS;
    const monitored = began === null || day < began ? 'none' : day === began ? 'part' : 'full';
    return { day, outages: [], monitored };
  });
  for (const outage of intervals)
    for (const piece of piecesOf(outage)) {
      const index = (utcDay(piece.start) - first) / DAY_MS;
      days[index]?.outages.push(piece);
    }
  return days;
}

/** The outages' parts within one UTC day, in order. */
export function dayOutages(intervals: readonly OutageInterval[], day: number): OutagePiece[] {
  const start = utcDay(day);
  return intervals.flatMap(piecesOf).filter((piece) => utcDay(piece.start) === start);
}

/**
 * One UTC day from 00:00 to 24:00 in ordered stretches: 'unmonitored' before the first check
 * (`monitoredSince`; all of it before one), each outage's part, 'ok' between them, and 'future'
 * from now on when the day is today (a day after today is all future).
 */
export function dayTimeline(
  intervals: readonly OutageInterval[],
  day: number,
  now: number,
  monitoredSince: number | null,
): TimelineSegment[] {
  const dayStart = utcDay(day);
  const dayEnd = dayStart + DAY_MS;
  const futureFrom = Math.min(Math.max(now, dayStart), dayEnd);
  const segments: TimelineSegment[] = [];
  let cursor = dayStart;
  const monitoredFrom = Math.min(Math.max(monitoredSince ?? futureFrom, dayStart), futureFrom);
  if (monitoredFrom > cursor) {
    segments.push({ kind: 'unmonitored', start: cursor, end: monitoredFrom });
    cursor = monitoredFrom;
  }
  for (const piece of dayOutages(intervals, dayStart)) {
    const start = Math.max(piece.start, cursor);
    const end = Math.min(piece.end, futureFrom);
    if (end <= start) continue;
    if (start > cursor) segments.push({ kind: 'ok', start: cursor, end: start });
    segments.push({ kind: 'outage', start, end, outage: piece.outage });
    cursor = end;
  }
  if (futureFrom > cursor) segments.push({ kind: 'ok', start: cursor, end: futureFrom });
  if (dayEnd > futureFrom) segments.push({ kind: 'future', start: futureFrom, end: dayEnd });
  return segments;
}

/**
 * The outage selected by default on a day: the active one if it touches the day, else the day's
 * latest, else none.
 */
export function defaultOutage(intervals: readonly OutageInterval[], day: number): OutageInterval | null {
  const pieces = dayOutages(intervals, day);
  return pieces.find((piece) => piece.outage.active)?.outage ?? pieces.at(-1)?.outage ?? null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** A UTC day as '26 Nov'. */
export const formatDay = (at: number): string => {
  const date = new Date(at);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
};
/** A UTC time as 'HH:mm'. */
export const formatTime = (at: number): string => {
  const date = new Date(at);
  return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
};
/** A UTC time as 'HH:mm:ss'. */
export const formatSeconds = (at: number): string => `${formatTime(at)}:${two(new Date(at).getUTCSeconds())}`;

/** A moment in UTC, 'HH:mm UTC' (to the second when asked), with the day when it is not today: 'HH:mm UTC, 26 Nov'. */
export function utcMoment(at: number, now: number, seconds = false): string {
  const clock = `${seconds ? formatSeconds(at) : formatTime(at)} UTC`;
  return utcDay(at) === utcDay(now) ? clock : `${clock}, ${formatDay(at)}`;
}

const outagesText = (n: number) => (n === 1 ? '1 outage' : `${n} outages`);

/**
 * A strip day's name for assistive technology: '26 Nov: 2 outages', '25 Nov: no outages', '24 Nov:
 * not monitored' (before the first check).
 */
export function dayLabel({ day, outages, monitored }: StripDay): string {
  if (monitored === 'none') return `${formatDay(day)}: not monitored`;
  const count = new Set(outages.map((piece) => piece.outage.guid)).size;
  return `${formatDay(day)}: ${count === 0 ? 'no outages' : outagesText(count)}`;
}

/**
 * The outages of the last 30 days in words, counting only monitored time: before the first check
 * 'Not monitored yet', in the first day 'Monitored since 09:00 UTC, 26 Nov', within the 30 days
 * 'No outage since monitoring began on 20 Nov', else 'No outage in the last 30 days' ('2 outages …').
 */
export function outageCountText(count: number, monitoredSince: number | null, now: number): string {
  if (monitoredSince === null) return 'Not monitored yet: the first check has not run';
  const began = `${formatTime(monitoredSince)} UTC, ${formatDay(monitoredSince)}`;
  if (now - monitoredSince < DAY_MS)
    return count === 0
      ? `Monitored since ${began}`
      : `${outagesText(count)} since monitoring began at ${began}`;
  if (monitoredSince > stripStart(now)) {
    const day = formatDay(monitoredSince);
    return count === 0
      ? `No outage since monitoring began on ${day}`
      : `${outagesText(count)} since monitoring began on ${day}`;
  }
  return count === 0 ? 'No outage in the last 30 days' : `${outagesText(count)} in the last 30 days`;
}

/**
 * An outage's span: '14:05 – 14:40 UTC, 26 Nov'; one that crossed midnight names both days
 * ('23:50, 25 Nov – 00:20 UTC, 26 Nov'); the active one '14:05 UTC, 26 Nov – ongoing'.
 */
export function outageSpan(outage: OutageInterval): string {
  if (outage.active) return `${formatTime(outage.start)} UTC, ${formatDay(outage.start)} – ongoing`;
  if (utcDay(outage.start) === utcDay(outage.end))
    return `${formatTime(outage.start)} – ${formatTime(outage.end)} UTC, ${formatDay(outage.start)}`;
  return `${formatTime(outage.start)}, ${formatDay(outage.start)} – ${formatTime(outage.end)} UTC, ${formatDay(outage.end)}`;
}

/** The hours a timeline marks: every three (00, 03 … 21), or every one when there is room. */
export const hourTicks = (every: 1 | 3): { hour: number; label: string; offset: number }[] =>
  Array.from({ length: 24 / every }, (_, i) => {
    const hour = i * every;
    return { hour, label: two(hour), offset: (hour * HOUR_MS) / DAY_MS };
  });

/** A region's label ('Europe (Paris)'), or its code when unknown. */
export const regionLabel = (region: string): string => MONITOR_REGIONS[region as MonitorRegion] ?? region;

/** One failed check as the issues lists show it. */
export interface OutageIssue {
  key: string;
  at: number;
  time: string;
  region: string;
  problem: string;
}

/** What went wrong: 'Ping failed'; a page load above 20 s 'Loading time > 20s', else its error ('HTTP 503'). */
export function issueProblem(event: Pick<OutageEvent, 'type' | 'value' | 'error'>): string {
  if (event.type === 'ping') return 'Ping failed';
  if (typeof event.value === 'number' && event.value > LOADING_DOWN_MS) return 'Loading time > 20s';
  return event.error ?? 'Page did not load';
}

/** An outage's failed checks split into the 'Ping issues' and 'HTTP issues' lists, each oldest first. */
export function outageIssues(events: readonly OutageEvent[]): { ping: OutageIssue[]; http: OutageIssue[] } {
  const issues = events
    .map((event, i) => {
      const at = Date.parse(event.created_at);
      return {
        type: event.type,
        issue: {
          key: `${i}-${event.created_at}-${event.region}`,
          at,
          time: `${formatSeconds(at)} UTC`,
          region: regionLabel(event.region),
          problem: issueProblem(event),
        },
      };
    })
    .sort((a, b) => a.issue.at - b.issue.at);
  return {
    ping: issues.filter((i) => i.type === 'ping').map((i) => i.issue),
    http: issues.filter((i) => i.type === 'loading_time').map((i) => i.issue),
  };
}

/** What the map and its legend say of a region. */
export type RegionStatus = 'down' | 'up' | 'no-probe';

/** Each of the website's regions with its status: down in `down`, else without a probe, else up. */
export function regionStatuses(
  regions: readonly MonitorRegion[],
  down: readonly MonitorRegion[],
  noProbe: readonly MonitorRegion[],
): { region: MonitorRegion; status: RegionStatus }[] {
  return regions.map((region) => ({
    region,
    status: down.includes(region) ? 'down' : noProbe.includes(region) ? 'no-probe' : 'up',
  }));
}
