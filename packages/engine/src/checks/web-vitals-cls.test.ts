import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { webVitalsCls } from './web-vitals-cls';

const run = (score: number, node: string | null = null) => {
  const browser = browserArtifact();
  const cls = { score, largestEntry: node ? { node, value: score, time: 412.4 } : null };
  return webVitalsCls.evaluate({ browser: { ...browser, vitals: { ...browser.vitals, cls } } }, { format });
};

describe('web-vitals-cls', () => {
  it('passes up to 0.1', () => {
    expect(run(0.02)).toEqual({
      status: 'passed',
      message: 'Layout shift score 0.020: the page holds still while it loads.',
      data: { cls: { score: 0.02, largest_entry: null } },
    });
  });

  it('warns up to 0.25 and fails beyond, naming the element that moved', () => {
    expect(run(0.18, 'p#text').status).toBe('warning');
    const result = run(0.4, 'p#text');
    expect(result).toMatchObject({
      status: 'failed',
      data: { cls: { largest_entry: { node: 'p#text', value: 0.4, time: 412 } } },
    });
    expect(result.message).toBe(
      'Layout shift score 0.400, the largest shift moving p#text: content jumps while visitors read or tap.',
    );
  });
});
