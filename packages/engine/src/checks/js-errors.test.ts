import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { jsErrors } from './js-errors';

describe('js-errors', () => {
  it('passes a page without errors', () => {
    expect(jsErrors.evaluate({ browser: browserArtifact() }, { format })).toMatchObject({
      status: 'passed',
      data: { js_errors: [] },
    });
  });

  it('fails and lists every error with its source and line', () => {
    const error = {
      message: 'ReferenceError: go is not defined',
      source: 'https://example.com/app.js',
      line: 12,
    };
    const result = jsErrors.evaluate({ browser: browserArtifact({ pageErrors: [error] }) }, { format });
    expect(result).toEqual({
      status: 'failed',
      message:
        '1 script error(s) while loading, first: “ReferenceError: go is not defined”. Features that depend on the failing code may not work.',
      data: { js_errors: [error] },
    });
  });
});
