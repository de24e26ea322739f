import type { PositionPoint, TrackedKeyword } from '@sitelens/contracts';

// How the tracker writes positions (spec 2.5, 4 and 9): above 100 shows as 100, null (not in the
// top 100) as '-', and a keyword entering or leaving the top 100 counts as moving from or to 101,
// as the server's tiles count it.

/** The deepest position shown: the check reads the top 100 results. */
export const MAX_POSITION = 100;
/** Where a keyword outside the top 100 stands when two positions are compared. */
const UNRANKED = MAX_POSITION + 1;

const rankOf = (pos: number | null) => (pos === null ? UNRANKED : Math.min(pos, MAX_POSITION));

/** A checked position as shown: '-' outside the top 100, else capped at 100. */
export const formatPosition = (pos: number | null): string =>
  pos === null ? '-' : String(Math.min(pos, MAX_POSITION));

/**
 * How many places a keyword moved since the check before: positive when it went up (a lower
 * number), negative when it went down, null without two checks to compare.
 */
export function positionChange(keyword: Pick<TrackedKeyword, 'pos' | 'prev_pos'>): number | null {
  if (keyword.pos === undefined || keyword.prev_pos === undefined) return null;
  return rankOf(keyword.prev_pos) - rankOf(keyword.pos);
}

/**
 * Whether the keyword has a position to chart: checked, and in the top 100 on its latest check or
 * the one before. (The list does not say whether it ranked earlier than that.)
 */
export const hasPosition = (keyword: Pick<TrackedKeyword, 'pos' | 'prev_pos'>): boolean =>
  typeof keyword.pos === 'number' || typeof keyword.prev_pos === 'number';

/** The time of an ISO moment in UTC, 'HH:mm'. */
export function utcTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/** A checked day ('YYYY-MM-DD') as a local midnight, so the shared date format shows that very day. */
export function dayTime(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date).getTime();
}

/** One point of the trend chart: the day, the position drawn (100 when outside the top 100), and whether it was. */
export interface TrendPoint {
  time: number;
  pos: number;
  outside: boolean;
}

/** Positions the trend's axis shows beyond the best and the worst point. */
const AXIS_PADDING = 5;

/**
 * The trend chart's points, oldest first, and its axis: from 5 places above the best position (not
 * above 1) to 5 below the worst (not below 100). A day outside the top 100 is drawn at 100.
 */
export function trendSeries(points: PositionPoint[]): { data: TrendPoint[]; domain: [number, number] } {
  const data = points
    .map((point) => ({
      time: dayTime(point.c_at),
      pos: point.pos === null ? MAX_POSITION : Math.min(point.pos, MAX_POSITION),
      outside: point.pos === null || point.pos > MAX_POSITION,
    }))
    .sort((a, b) => a.time - b.time);
  const positions = data.map((point) => point.pos);
  const best = positions.length ? Math.min(...positions) : 1;
  const worst = positions.length ? Math.max(...positions) : MAX_POSITION;
  return {
    data,
    domain: [Math.max(1, best - AXIS_PADDING), Math.min(MAX_POSITION, worst + AXIS_PADDING)],
  };
}
