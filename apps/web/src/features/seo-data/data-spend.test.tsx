import { describe, expect, it } from 'vitest';
import { dataSpendText } from './data-spend';
import { usage } from './test-support';

describe('dataSpendText', () => {
  it("says the month's spend against the cap, the paid calls and the cached answers", () => {
    expect(dataSpendText(usage())).toBe(
      'Data spend this month: $0.42 of $20.00 · 12 provider calls · 30 answers from cache',
    );
  });

  it('says when there is no cap, and counts one call and one answer in the singular', () => {
    expect(dataSpendText(usage({ spent_usd: 1234.5, cap_usd: null, calls: 1, cached_answers: 1 }))).toBe(
      'Data spend this month: $1,234.50 (no cap) · 1 provider call · 1 answer from cache',
    );
  });
});
