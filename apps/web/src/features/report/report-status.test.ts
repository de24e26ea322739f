import { describe, expect, it } from 'vitest';
import { countsOf, fetchedResults, reportCategories, scoreOf } from './report-status';

const result = (status: 'passed' | 'warning' | 'failed' | 'skipped', relevance: number) => ({
  status,
  relevance,
});

describe('scoreOf', () => {
  it('weighs passed 1, warning 0.5 and failed 0 by relevance, rounded (spec 9)', () => {
    expect(scoreOf([result('passed', 10), result('warning', 4), result('failed', 6)])).toBe(60);
    expect(scoreOf([result('passed', 1), result('failed', 2)])).toBe(33);
  });

  it('leaves out checks that could not run, and is 0 without any relevance', () => {
    expect(scoreOf([result('passed', 5), result('skipped', 10)])).toBe(100);
    expect(scoreOf([result('passed', 0)])).toBe(0);
    expect(scoreOf([])).toBe(0);
  });
});

describe('countsOf', () => {
  it('counts every result once: passed, warning, failed, and skipped as not applicable', () => {
    expect(
      countsOf([result('passed', 1), result('skipped', 1), result('failed', 1), result('skipped', 3)]),
    ).toEqual({ passed: 1, warning: 0, failed: 1, not_applicable: 2 });
    expect(countsOf([])).toEqual({ passed: 0, warning: 0, failed: 0, not_applicable: 0 });
  });
});

describe('reportCategories', () => {
  it("keeps the structure's order, only the report's checks, and no empty category", () => {
    const structure = {
      categories: [
        { key: 'a', title: 'A', sections: [{ key: 'a1' }, { key: 'a2' }] },
        { key: 'b', title: 'B', sections: [{ key: 'b1' }] },
      ],
    };
    expect(reportCategories(structure, ['a2', 'x'])).toEqual([
      { key: 'a', title: 'A', sections: [{ key: 'a2' }] },
    ]);
  });
});

describe('fetchedResults', () => {
  it('skips checks still loading or whose fetch failed', () => {
    const reply = {
      top_100_pass_rate: null,
      pass_rate_sample: null,
      result: {
        status: 'passed' as const,
        message: '',
        how_to_fix: '',
        how_to_fix_video: null,
        relevance: 1,
        recommendation: '',
        description: '',
      },
    };
    expect(fetchedResults([reply, 'failed', undefined])).toEqual([reply.result]);
  });
});
