import { describe, expect, it } from 'vitest';
import type { BrowserArtifact } from '../artifacts';
import { browserArtifact, pageArtifact } from '../testing/artifacts';
import { consoleErrors } from './console-errors';
import { format } from './define-check';

const run = (console: BrowserArtifact['console']) =>
  consoleErrors.evaluate(
    { browser: browserArtifact({ console }), page: pageArtifact('https://www.example.com/') },
    { format },
  );

describe('console-errors', () => {
  it('passes a clean console', () => {
    expect(run([])).toMatchObject({
      status: 'passed',
      data: { console_messages: { errors: [], warnings: [] } },
    });
  });

  it('warns about warnings only, or errors only from third parties', () => {
    expect(
      run([{ type: 'warning', text: 'Deprecated API', url: 'https://www.example.com/app.js' }]).status,
    ).toBe('warning');
    const result = run([{ type: 'error', text: 'widget failed', url: 'https://chat.vendor.example/w.js' }]);
    expect(result).toMatchObject({
      status: 'warning',
      message: expect.stringContaining('all from third-party code'),
    });
  });

  it('fails errors from the site’s own code (its subdomains included) or failed requests', () => {
    const result = run([
      { type: 'warning', text: 'Deprecated API', url: null },
      { type: 'error', text: 'Cart failed', url: 'https://static.example.com/cart.js' },
    ]);
    expect(result).toEqual({
      status: 'failed',
      message: 'The console shows 1 error(s) from the site itself or failed requests, e.g. “Cart failed”.',
      data: {
        console_messages: {
          errors: [{ text: 'Cart failed', url: 'https://static.example.com/cart.js' }],
          warnings: [{ text: 'Deprecated API', url: null }],
        },
      },
    });
    expect(
      run([
        {
          type: 'error',
          text: 'Failed to load resource: the server responded with a status of 404 (Not Found)',
          url: 'https://cdn.other.example/x.css',
        },
      ]).status,
    ).toBe('failed');
  });
});
