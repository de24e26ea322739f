import { describe, expect, it } from 'vitest';
import { TRACKED_KEYWORDS_POLL_MS, trackedKeywordsPoll } from './keyword-position.queries';
import { formatPosition, hasPosition, positionChange, trendSeries, utcTime } from './position-values';
import { trackedKeyword, trendPoints, uncheckedKeyword } from './test-fixtures';

describe('formatPosition', () => {
  it("writes '-' outside the top 100 and caps a deeper position at 100", () => {
    expect(formatPosition(null)).toBe('-');
    expect(formatPosition(1)).toBe('1');
    expect(formatPosition(100)).toBe('100');
    expect(formatPosition(130)).toBe('100');
  });
});

describe('positionChange', () => {
  it('is the gain when the number got lower, the loss when it got higher', () => {
    expect(positionChange({ pos: 7, prev_pos: 10 })).toBe(3);
    expect(positionChange({ pos: 9, prev_pos: 7 })).toBe(-2);
    expect(positionChange({ pos: 5, prev_pos: 5 })).toBe(0);
  });

  it('counts outside the top 100 as 101: entering it is a gain, leaving it a loss', () => {
    expect(positionChange({ pos: 20, prev_pos: null })).toBe(81);
    expect(positionChange({ pos: null, prev_pos: 99 })).toBe(-2);
    expect(positionChange({ pos: null, prev_pos: null })).toBe(0);
  });

  it('compares the capped positions, and needs two checks', () => {
    expect(positionChange({ pos: 130, prev_pos: 120 })).toBe(0);
    expect(positionChange({ pos: 130, prev_pos: null })).toBe(1);
    expect(positionChange({ pos: 4, prev_pos: undefined })).toBeNull();
    expect(positionChange({ pos: undefined, prev_pos: undefined })).toBeNull();
  });
});

describe('hasPosition', () => {
  it('is false before the first check and while the keyword stays outside the top 100', () => {
    expect(hasPosition({ pos: undefined })).toBe(false);
    expect(hasPosition({ pos: null, prev_pos: null })).toBe(false);
    expect(hasPosition({ pos: null })).toBe(false);
    expect(hasPosition({ pos: null, prev_pos: 40 })).toBe(true);
    expect(hasPosition({ pos: 3 })).toBe(true);
  });
});

describe('utcTime', () => {
  it("reads an ISO moment as 'HH:mm' in UTC", () => {
    expect(utcTime('2026-11-24T14:05:00.000Z')).toBe('14:05');
    expect(utcTime('2026-11-24T23:30:00+02:00')).toBe('21:30');
    expect(utcTime('not a time')).toBe('');
  });
});

describe('trendSeries', () => {
  it('draws a day outside the top 100 at 100 and pads the axis by 5, between 1 and 100', () => {
    const { data, domain } = trendSeries(trendPoints([12, null, 3, 130]));
    expect(data.map((point) => [point.pos, point.outside])).toEqual([
      [12, false],
      [100, true],
      [3, false],
      [100, true],
    ]);
    expect(domain).toEqual([1, 100]);
    expect(trendSeries(trendPoints([20, 30])).domain).toEqual([15, 35]);
  });

  it('keeps the days in order, oldest first', () => {
    const { data } = trendSeries([
      { pos: 5, c_at: '2026-03-02' },
      { pos: 6, c_at: '2026-03-01' },
    ]);
    expect(data.map((point) => point.pos)).toEqual([6, 5]);
    expect(new Date(data[0]?.time ?? 0).getDate()).toBe(1);
  });
});

describe('trackedKeywordsPoll', () => {
  const waiting = { tracked_keywords: [trackedKeyword('a'), uncheckedKeyword('b')] };
  const checked = { tracked_keywords: [trackedKeyword('a'), trackedKeyword('b', { pos: null })] };

  it('polls every 10 s while a keyword has no position yet', () => {
    expect(TRACKED_KEYWORDS_POLL_MS).toBe(10_000);
    expect(trackedKeywordsPoll(waiting, true)).toBe(10_000);
    // Unknown yet (the usage call has not answered): the spinners show, so the list is read again.
    expect(trackedKeywordsPoll(waiting, undefined)).toBe(10_000);
  });

  it('stops once every keyword was checked, and never polls without a data source', () => {
    expect(trackedKeywordsPoll(checked, true)).toBe(false);
    expect(trackedKeywordsPoll(waiting, false)).toBe(false);
    expect(trackedKeywordsPoll(undefined, true)).toBe(false);
  });
});
