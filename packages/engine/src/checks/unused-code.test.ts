import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { unusedCode } from './unused-code';

const file = (url: string, total: number, unused: number) => ({ url, total, unused });

describe('unused-code', () => {
  it('passes files with little unused code', () => {
    const browser = browserArtifact({
      coverage: { js: [file('https://example.com/a.js', 40_000, 5_000)], css: [] },
    });
    expect(unusedCode.evaluate({ browser }, { format })).toEqual({
      status: 'passed',
      message: 'No script or stylesheet ships more than 20 KB of code the page does not use.',
      data: { unused: { js: [], css: [] } },
    });
  });

  it('warns about files with over 20 KB unused, largest first', () => {
    const browser = browserArtifact({
      coverage: {
        js: [file('https://example.com/vendor.js', 300_000, 210_000)],
        css: [file('https://example.com/site.css', 90_000, 70_000)],
      },
    });
    const result = unusedCode.evaluate({ browser }, { format });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '2 file(s) ship code the page never uses, 273 KB in all; the largest is https://example.com/vendor.js.',
    );
  });

  it('does not apply without files', () => {
    expect(unusedCode.evaluate({ browser: browserArtifact() }, { format }).status).toBe('skipped');
  });
});
