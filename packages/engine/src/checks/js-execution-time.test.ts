import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { jsExecutionTime } from './js-execution-time';

const run = (total_ms: number, by_script: { url: string; ms: number }[] = []) =>
  jsExecutionTime.evaluate(
    { browser: browserArtifact({ jsExecution: { total_ms, by_script } }) },
    { format },
  );

describe('js-execution-time', () => {
  it('passes under 2 s', () => {
    expect(run(300)).toEqual({
      status: 'passed',
      message: 'Scripts ran for 300 ms while the page loaded.',
      data: { js_execution: { total_ms: 300, by_script: [] } },
    });
  });

  it('warns up to 3.5 s and fails beyond, naming the heaviest script', () => {
    expect(run(2000).status).toBe('passed');
    expect(run(3500).status).toBe('warning');
    const result = run(4200, [{ url: 'https://example.com/bundle.js', ms: 3100 }]);
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'Scripts ran for 4200 ms while the page loaded, most in https://example.com/bundle.js (3100 ms): the page stays sluggish long after it appears.',
    );
  });

  it('lists the scripts heaviest first', () => {
    const result = run(2100, [
      { url: 'https://example.com/a.js', ms: 300 },
      { url: 'https://example.com/b.js', ms: 1500 },
    ]);
    expect(result.status).toBe('warning');
    expect(result.data).toEqual({
      js_execution: {
        total_ms: 2100,
        by_script: [
          { url: 'https://example.com/b.js', ms: 1500 },
          { url: 'https://example.com/a.js', ms: 300 },
        ],
      },
    });
    expect(result.message).toContain('most in https://example.com/b.js (1500 ms)');
  });
});
