import { describe, expect, it } from 'vitest';
import { AUDIT_OVERVIEW_MESSAGES } from './deep-analysis-overview';
import { formatDate, formatTime, scoreBand, scoreColor, scoreVerdict } from './format';

describe('formatDate', () => {
  it("writes 'MMM DD, YYYY'", () => {
    expect(formatDate(new Date(2026, 10, 2))).toBe('Nov 02, 2026');
    expect(formatDate(new Date(2019, 0, 31))).toBe('Jan 31, 2019');
  });

  it('accepts ISO strings and gives nothing for an invalid date', () => {
    expect(formatDate('2026-12-25T12:00:00')).toBe('Dec 25, 2026');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatTime', () => {
  it("writes 24-hour 'HH:mm', and nothing for an invalid date", () => {
    expect(formatTime(new Date(2026, 10, 2, 9, 5))).toBe('09:05');
    expect(formatTime(new Date(2026, 10, 2, 23, 59))).toBe('23:59');
    expect(formatTime('not a date')).toBe('');
  });
});

describe('scoreBand', () => {
  it.each([
    [0, 'red'],
    [49, 'red'],
    [49.9, 'red'],
    [50, 'amber'],
    [74, 'amber'],
    [75, 'green'],
    [100, 'green'],
  ] as const)('%d is %s', (score, band) => expect(scoreBand(score)).toBe(band));

  it('gives each band its colour', () => {
    expect(new Set([scoreColor(10), scoreColor(60), scoreColor(90)]).size).toBe(3);
  });
});

describe('scoreVerdict', () => {
  it('tells apart the four bands of the spec around the top-100 average of 75', () => {
    expect(scoreVerdict(49)).toMatch(/well below .*\(75\)/);
    expect(scoreVerdict(50)).toMatch(/scores below .*room for improvement/);
    expect(scoreVerdict(74)).toMatch(/scores below/);
    expect(scoreVerdict(75)).toMatch(/on par with/);
    expect(scoreVerdict(76)).toMatch(/above .*Well done/);
  });
});

describe('the audit overview’s score words', () => {
  it('follow the score colours: below 50 poor, 50 to 74 fair, 75 and above good', () => {
    expect([49, 50, 74, 75].map(AUDIT_OVERVIEW_MESSAGES.scoreBand)).toEqual(['poor', 'fair', 'fair', 'good']);
  });
});
