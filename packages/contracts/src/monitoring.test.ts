import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Interval,
  inDanger,
  isDown,
  LOADING_DOWN_MS,
  mergeIntervals,
  OUTAGE_MERGE_GAP_MS,
  outageScope,
  splitAtUtcMidnight,
} from './monitoring';

const DAY = 86_400_000;
const MINUTE = 60_000;
// Times over a few days around a fixed date, with spans from a minute to two days.
const interval = fc
  .tuple(fc.integer({ min: 0, max: 5 * DAY }), fc.integer({ min: 1, max: 2 * DAY }))
  .map(([offset, length]) => ({
    start: Date.UTC(2026, 10, 1) + offset,
    end: Date.UTC(2026, 10, 1) + offset + length,
  }));
const covers = (intervals: Interval[], at: number) => intervals.some((i) => i.start <= at && at < i.end);

describe('check results', () => {
  it('ping is up only when its value is true', () => {
    expect(isDown({ type: 'ping', value: true, error: null })).toBe(false);
    expect(isDown({ type: 'ping', value: false, error: null })).toBe(true);
    expect(isDown({ type: 'ping', value: null, error: 'connect ETIMEDOUT' })).toBe(true);
  });

  it('a page load is down on an error or above 20,000 ms, and up at 20,000 ms exactly', () => {
    expect(isDown({ type: 'loading_time', value: LOADING_DOWN_MS, error: null })).toBe(false);
    expect(isDown({ type: 'loading_time', value: LOADING_DOWN_MS + 1, error: null })).toBe(true);
    expect(isDown({ type: 'loading_time', value: 850, error: 'HTTP 503' })).toBe(true);
  });

  it('a region is in danger when either its ping or its page load is down', () => {
    const up = {
      ping: { type: 'ping', value: true, error: null },
      loading: { type: 'loading_time', value: 900, error: null },
    } as const;
    expect(inDanger(up)).toBe(false);
    expect(inDanger({ ...up, ping: { type: 'ping', value: false, error: null } })).toBe(true);
    expect(inDanger({ ...up, loading: { type: 'loading_time', value: 25_000, error: null } })).toBe(true);
    expect(inDanger({})).toBe(false);
  });
});

describe('mergeIntervals', () => {
  it('joins outages 5 minutes apart or closer, and keeps those further apart', () => {
    const at = (minute: number) => Date.UTC(2026, 10, 1, 10, minute);
    expect(
      mergeIntervals([
        { start: at(20), end: at(25) },
        { start: at(0), end: at(10) },
        { start: at(15), end: at(18) }, // 5 minutes after the first: joined
        { start: at(31), end: at(40) }, // 6 minutes after: kept apart
      ]),
    ).toEqual([
      { start: at(0), end: at(25) },
      { start: at(31), end: at(40) },
    ]);
  });

  it('for any outages: sorted, apart by more than the gap, covering every moment of every input, and no longer than needed', () => {
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 30 }),
        fc.integer({ min: 0, max: 60 }),
        (intervals, probe) => {
          const merged = mergeIntervals(intervals);
          for (let i = 1; i < merged.length; i++)
            expect(merged[i]!.start - merged[i - 1]!.end).toBeGreaterThan(OUTAGE_MERGE_GAP_MS);
          // Every input moment is covered; each merged span starts and ends where an input does.
          for (const { start, end } of intervals) {
            expect(covers(merged, start)).toBe(true);
            expect(covers(merged, end - 1)).toBe(true);
            expect(covers(merged, start + ((end - start) * probe) / 61)).toBe(true);
          }
          for (const { start, end } of merged) {
            expect(intervals.some((i) => i.start === start)).toBe(true);
            expect(intervals.some((i) => i.end === end)).toBe(true);
          }
          expect(mergeIntervals(merged)).toEqual(merged);
          expect(mergeIntervals([...intervals].reverse())).toEqual(merged);
        },
      ),
    );
  });
});

describe('splitAtUtcMidnight', () => {
  it('cuts an outage from 23:50 to 00:20 into two days', () => {
    expect(
      splitAtUtcMidnight({ start: Date.UTC(2026, 10, 1, 23, 50), end: Date.UTC(2026, 10, 2, 0, 20) }),
    ).toEqual([
      { start: Date.UTC(2026, 10, 1, 23, 50), end: Date.UTC(2026, 10, 2) },
      { start: Date.UTC(2026, 10, 2), end: Date.UTC(2026, 10, 2, 0, 20) },
    ]);
  });

  it('for any outage: contiguous pieces, each within one UTC day, together the whole', () => {
    fc.assert(
      fc.property(interval, ({ start, end }) => {
        const pieces = splitAtUtcMidnight({ start, end });
        expect(pieces[0]!.start).toBe(start);
        expect(pieces.at(-1)!.end).toBe(end);
        for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.start).toBe(pieces[i - 1]!.end);
        for (const piece of pieces) {
          expect(piece.end).toBeGreaterThan(piece.start);
          expect(Math.floor(piece.start / DAY)).toBe(Math.floor((piece.end - 1) / DAY));
        }
        expect(pieces.length).toBe(Math.floor((end - 1) / DAY) - Math.floor(start / DAY) + 1);
      }),
    );
  });

  it('leaves an outage within one day whole', () => {
    const outage = { start: Date.UTC(2026, 10, 1, 9), end: Date.UTC(2026, 10, 1, 9) + 10 * MINUTE };
    expect(splitAtUtcMidnight(outage)).toEqual([outage]);
  });
});

describe('outageScope', () => {
  const regions = ['us-east-1', 'eu-west-1', 'ap-south-1'];

  it('by default one failing region makes a regional outage and all of them a global one', () => {
    expect(outageScope([], regions)).toBe('none');
    expect(outageScope(['eu-west-1'], regions)).toBe('regional');
    expect(outageScope(['eu-west-1', 'us-east-1'], regions)).toBe('regional');
    expect(outageScope(regions, regions)).toBe('global');
  });

  it('a quorum of two ignores one failing region; regions not monitored never count', () => {
    expect(outageScope(['eu-west-1'], regions, 2)).toBe('none');
    expect(outageScope(['eu-west-1', 'ap-south-1'], regions, 2)).toBe('regional');
    expect(outageScope(['sa-east-1', 'ca-central-1'], regions, 2)).toBe('none');
    // A quorum above the number of regions needs all of them.
    expect(outageScope(['eu-west-1', 'ap-south-1'], regions, 5)).toBe('none');
    expect(outageScope(regions, regions, 5)).toBe('global');
  });

  it('one region alone never makes a global outage: it takes probes in at least two regions', () => {
    expect(outageScope(['us-east-1'], ['us-east-1'])).toBe('regional');
    expect(outageScope(['us-east-1'], ['us-east-1'], 3)).toBe('regional');
    expect(outageScope(['us-east-1', 'eu-west-1'], ['us-east-1', 'eu-west-1'])).toBe('global');
  });

  it('for any failing set and quorum: global exactly when every monitored region fails', () => {
    fc.assert(
      fc.property(fc.subarray(regions), fc.integer({ min: 1, max: 4 }), (failing, quorum) => {
        const scope = outageScope(failing, regions, quorum);
        expect(scope === 'global').toBe(failing.length === regions.length);
        expect(scope === 'none').toBe(failing.length < Math.min(quorum, regions.length));
      }),
    );
  });
});
