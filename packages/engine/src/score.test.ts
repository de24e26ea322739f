import { describe, expect, it } from 'vitest';
import type { CheckMeta } from './checks/define-check';
import type { CheckResult } from './evaluate';
import { impactOf, importantFixes, priorityOf, scoreResults } from './score';

const meta = (key: string, relevance: number, recommendation = `Fix ${key}.`) =>
  [key, { key, relevance, recommendation } as CheckMeta] as const;
const metas = new Map([meta('a', 10), meta('b', 5), meta('c', 5), meta('d', 0), meta('e', 8, '')]);
const result = (key: string, status: CheckResult['status']) =>
  (status === 'skipped'
    ? { key, status, reason: 'no browser' }
    : { key, status, message: '', data: {} }) as CheckResult;

describe('scoreResults', () => {
  it('weights passed 1, warning 0.5, failed 0 by relevance and rounds', () => {
    // (10·1 + 5·0.5 + 5·0) / 20 = 62.5 → 63
    expect(scoreResults([result('a', 'passed'), result('b', 'warning'), result('c', 'failed')], metas)).toBe(
      63,
    );
  });

  it('leaves skipped and errored checks out of the score', () => {
    expect(scoreResults([result('a', 'passed'), result('b', 'skipped'), result('c', 'error')], metas)).toBe(
      100,
    );
  });

  it('is 0 when the total relevance is 0', () => {
    expect(scoreResults([result('d', 'passed')], metas)).toBe(0);
    expect(scoreResults([], metas)).toBe(0);
  });
});

describe('importantFixes', () => {
  it('lists failed checks with relevance and a recommendation, most relevant first', () => {
    const fixes = importantFixes(
      [
        result('c', 'failed'),
        result('a', 'failed'),
        result('b', 'warning'),
        result('d', 'failed'),
        result('e', 'failed'),
      ],
      metas,
    );
    expect(fixes).toEqual([
      { section_key: 'a', relevance: 10, recommendation: 'Fix a.' },
      { section_key: 'c', relevance: 5, recommendation: 'Fix c.' },
    ]);
  });
});

describe('bands', () => {
  it.each([
    [1, 'low'],
    [3, 'low'],
    [4, 'medium'],
    [7, 'medium'],
    [8, 'high'],
    [10, 'high'],
  ] as const)('priority of relevance %d is %s', (relevance, band) =>
    expect(priorityOf(relevance)).toBe(band),
  );

  it.each([
    [3, 'low'],
    [4, 'medium'],
    [6, 'medium'],
    [7, 'high'],
  ] as const)('impact of severity %d is %s', (severity, band) => expect(impactOf(severity)).toBe(band));
});
