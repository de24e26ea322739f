import type { OutageListReply } from '@sitelens/contracts';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dayLabel,
  dayStrip,
  dayTimeline,
  defaultOutage,
  issueProblem,
  outageCountText,
  outageIntervals,
  outageIssues,
  outageSpan,
  regionStatuses,
} from './outage-timeline';

const NOW = Date.parse('2026-11-26T15:00:00.000Z');
/** Monitored since before the strip's first day, unless a test says otherwise. */
const SINCE = Date.parse('2026-09-01T08:00:00.000Z');
const at = (iso: string) => Date.parse(iso);
const A = '00000000-0000-4000-8000-0000000000e1';
const B = '00000000-0000-4000-8000-0000000000e2';
const ACTIVE = '00000000-0000-4000-8000-0000000000e3';

const reply = (fields: Partial<OutageListReply> = {}): OutageListReply => ({
  archived: [
    // Across midnight, 25 to 26 Nov.
    {
      guid: A,
      start_at: '2026-11-25T23:30:00.000Z',
      end_at: '2026-11-26T00:45:00.000Z',
      scope: 'regional',
      regions: ['eu-west-1'],
    },
    {
      guid: B,
      start_at: '2026-11-20T10:00:00.000Z',
      end_at: '2026-11-20T10:20:00.000Z',
      scope: 'global',
      regions: ['us-east-1', 'eu-west-1'],
    },
  ],
  active: null,
  no_probe: [],
  probes: [],
  monitored_since: new Date(SINCE).toISOString(),
  ...fields,
});

const active = (iso: string) => ({
  guid: ACTIVE,
  created_at: at(iso) / 1000,
  scope: 'regional' as const,
  regions: ['us-east-1' as const],
});

const stripDay = (iso: string) => {
  const day = dayStrip(outageIntervals(reply(), NOW), NOW, SINCE).find((d) => d.day === at(iso));
  if (!day) throw new Error(`${iso} is not in the strip`);
  return day;
};

describe('outageIntervals', () => {
  it('reads archived ISO times and the active outage in seconds, running until now, oldest first', () => {
    const intervals = outageIntervals(reply({ active: active('2026-11-26T14:10:00.000Z') }), NOW);
    expect(intervals.map((i) => [i.guid, i.start, i.end, i.active])).toEqual([
      [B, at('2026-11-20T10:00:00.000Z'), at('2026-11-20T10:20:00.000Z'), false],
      [A, at('2026-11-25T23:30:00.000Z'), at('2026-11-26T00:45:00.000Z'), false],
      [ACTIVE, at('2026-11-26T14:10:00.000Z'), NOW, true],
    ]);
  });
});

describe('dayStrip', () => {
  it('holds the 30 UTC days ending today', () => {
    const strip = dayStrip([], NOW, SINCE);
    expect(strip).toHaveLength(30);
    expect(strip.at(-1)?.day).toBe(at('2026-11-26T00:00:00.000Z'));
    expect(strip[0]?.day).toBe(at('2026-10-28T00:00:00.000Z'));
  });

  it('puts an outage spanning midnight on both days, each with its part', () => {
    const before = stripDay('2026-11-25T00:00:00.000Z');
    const after = stripDay('2026-11-26T00:00:00.000Z');
    expect(before.outages.map((p) => [p.outage.guid, p.start, p.end])).toEqual([
      [A, at('2026-11-25T23:30:00.000Z'), at('2026-11-26T00:00:00.000Z')],
    ]);
    expect(after.outages.map((p) => [p.outage.guid, p.start, p.end])).toEqual([
      [A, at('2026-11-26T00:00:00.000Z'), at('2026-11-26T00:45:00.000Z')],
    ]);
    expect(dayLabel(before)).toBe('25 Nov: 1 outage');
  });

  it('leaves a day without outages green', () => {
    const quiet = stripDay('2026-11-24T00:00:00.000Z');
    expect(quiet.outages).toEqual([]);
    expect(dayLabel(quiet)).toBe('24 Nov: no outages');
  });

  it('marks the days before the first check as not monitored, and the day of it as partly', () => {
    const began = at('2026-11-26T09:00:00.000Z');
    const strip = dayStrip([], NOW, began);
    expect(strip.slice(0, -1).every((day) => day.monitored === 'none')).toBe(true);
    expect(strip.at(-1)?.monitored).toBe('part');
    expect(dayLabel(strip[0]!)).toBe('28 Oct: not monitored');
    expect(dayLabel(strip.at(-1)!)).toBe('26 Nov: no outages');
    // Before any check, no day was monitored.
    expect(dayStrip([], NOW, null).every((day) => day.monitored === 'none')).toBe(true);
    // Monitored for longer than the strip: every day is.
    expect(dayStrip([], NOW, SINCE).every((day) => day.monitored === 'full')).toBe(true);
  });

  it('counts the active outage on today', () => {
    const intervals = outageIntervals(reply({ active: active('2026-11-26T14:10:00.000Z') }), NOW);
    const today = dayStrip(intervals, NOW, SINCE).at(-1);
    expect(today && dayLabel(today)).toBe('26 Nov: 2 outages');
  });
});

describe('dayTimeline', () => {
  it('covers 00:00 to 24:00 with outage, ok and, after now, future stretches', () => {
    const intervals = outageIntervals(reply({ active: active('2026-11-26T14:10:00.000Z') }), NOW);
    const segments = dayTimeline(intervals, at('2026-11-26T00:00:00.000Z'), NOW, SINCE);
    expect(segments.map((s) => [s.kind, s.start, s.end])).toEqual([
      ['outage', at('2026-11-26T00:00:00.000Z'), at('2026-11-26T00:45:00.000Z')],
      ['ok', at('2026-11-26T00:45:00.000Z'), at('2026-11-26T14:10:00.000Z')],
      // The active outage runs until now.
      ['outage', at('2026-11-26T14:10:00.000Z'), NOW],
      ['future', NOW, at('2026-11-27T00:00:00.000Z')],
    ]);
  });

  it('has no future on a past day, and is all ok without outages', () => {
    const segments = dayTimeline(outageIntervals(reply(), NOW), at('2026-11-24T12:00:00.000Z'), NOW, SINCE);
    expect(segments.map((s) => [s.kind, s.start, s.end])).toEqual([
      ['ok', at('2026-11-24T00:00:00.000Z'), at('2026-11-25T00:00:00.000Z')],
    ]);
  });

  it('marks the rest of today as future when it has no outage', () => {
    const segments = dayTimeline([], NOW, NOW, SINCE);
    expect(segments.map((s) => s.kind)).toEqual(['ok', 'future']);
    expect(segments[1]?.end).toBe(at('2026-11-26T00:00:00.000Z') + DAY_MS);
  });

  it('marks the time before the first check as not monitored, never as ok', () => {
    const began = at('2026-11-26T09:00:00.000Z');
    expect(dayTimeline([], NOW, NOW, began).map((s) => [s.kind, s.start, s.end])).toEqual([
      ['unmonitored', at('2026-11-26T00:00:00.000Z'), began],
      ['ok', began, NOW],
      ['future', NOW, at('2026-11-27T00:00:00.000Z')],
    ]);
    // A day before the first check, and today before any check, are not monitored at all.
    expect(dayTimeline([], at('2026-11-25T00:00:00.000Z'), NOW, began).map((s) => s.kind)).toEqual([
      'unmonitored',
    ]);
    expect(dayTimeline([], NOW, NOW, null).map((s) => [s.kind, s.start, s.end])).toEqual([
      ['unmonitored', at('2026-11-26T00:00:00.000Z'), NOW],
      ['future', NOW, at('2026-11-27T00:00:00.000Z')],
    ]);
  });
});

describe('the selected outage', () => {
  it('defaults to the active outage, else the latest of the day, else none', () => {
    const withActive = outageIntervals(reply({ active: active('2026-11-26T14:10:00.000Z') }), NOW);
    const today = at('2026-11-26T00:00:00.000Z');
    expect(defaultOutage(withActive, today)?.guid).toBe(ACTIVE);
    expect(defaultOutage(outageIntervals(reply(), NOW), today)?.guid).toBe(A);
    expect(defaultOutage(withActive, at('2026-11-24T00:00:00.000Z'))).toBeNull();
  });

  it('writes its span in UTC', () => {
    const [b, a, running] = outageIntervals(reply({ active: active('2026-11-26T14:10:00.000Z') }), NOW);
    expect(b && outageSpan(b)).toBe('10:00 – 10:20 UTC, 20 Nov');
    expect(a && outageSpan(a)).toBe('23:30, 25 Nov – 00:45 UTC, 26 Nov');
    expect(running && outageSpan(running)).toBe('14:10 UTC, 26 Nov – ongoing');
  });
});

describe('the issues', () => {
  it('names each problem and splits ping from HTTP, oldest first', () => {
    expect(issueProblem({ type: 'ping', value: false, error: null })).toBe('Ping failed');
    expect(issueProblem({ type: 'loading_time', value: 25_000, error: null })).toBe('Loading time > 20s');
    expect(issueProblem({ type: 'loading_time', value: null, error: 'HTTP 503' })).toBe('HTTP 503');
    const { ping, http } = outageIssues([
      {
        created_at: '2026-11-26T14:12:05.000Z',
        region: 'us-east-1',
        type: 'ping',
        value: false,
        error: null,
      },
      {
        created_at: '2026-11-26T14:11:00.000Z',
        region: 'us-east-1',
        type: 'ping',
        value: false,
        error: null,
      },
      {
        created_at: '2026-11-26T14:11:30.000Z',
        region: 'eu-west-3',
        type: 'loading_time',
        value: null,
        error: 'HTTP 503',
      },
    ]);
    expect(ping.map((i) => i.time)).toEqual(['14:11:00 UTC', '14:12:05 UTC']);
    expect(http.map((i) => [i.time, i.region, i.problem])).toEqual([
      ['14:11:30 UTC', 'Europe (Paris)', 'HTTP 503'],
    ]);
  });

  it('gives each region its status: down, else no probe, else up', () => {
    expect(regionStatuses(['us-east-1', 'eu-west-1', 'eu-west-3'], ['us-east-1'], ['eu-west-3'])).toEqual([
      { region: 'us-east-1', status: 'down' },
      { region: 'eu-west-1', status: 'up' },
      { region: 'eu-west-3', status: 'no-probe' },
    ]);
  });
});

describe('outageCountText', () => {
  it('counts only monitored time', () => {
    expect(outageCountText(0, null, NOW)).toBe('Not monitored yet: the first check has not run');
    expect(outageCountText(0, at('2026-11-26T09:00:00.000Z'), NOW)).toBe('Monitored since 09:00 UTC, 26 Nov');
    expect(outageCountText(1, at('2026-11-26T09:00:00.000Z'), NOW)).toBe(
      '1 outage since monitoring began at 09:00 UTC, 26 Nov',
    );
    expect(outageCountText(0, at('2026-11-20T09:00:00.000Z'), NOW)).toBe(
      'No outage since monitoring began on 20 Nov',
    );
    expect(outageCountText(2, at('2026-11-20T09:00:00.000Z'), NOW)).toBe(
      '2 outages since monitoring began on 20 Nov',
    );
    expect(outageCountText(0, SINCE, NOW)).toBe('No outage in the last 30 days');
    expect(outageCountText(3, SINCE, NOW)).toBe('3 outages in the last 30 days');
  });
});
