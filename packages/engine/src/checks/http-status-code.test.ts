import { describe, expect, it } from 'vitest';
import type { PageArtifact } from '../artifacts';
import { format } from './define-check';
import { httpStatusCode } from './http-status-code';

const page = (overrides: Partial<PageArtifact>): PageArtifact => ({
  requestedUrl: 'https://example.com/',
  finalUrl: 'https://example.com/',
  status: 200,
  headers: {},
  html: '<html><body>Hello</body></html>',
  file: null,
  bytes: 31,
  transferBytes: null,
  redirects: [],
  timings: { total: 420 },
  ...overrides,
});

const run = (overrides: Partial<PageArtifact> = {}) =>
  httpStatusCode.evaluate({ page: page(overrides) }, { format });

describe('http-status-code', () => {
  it('passes a 200 with content and reports the response time', () => {
    const result = run();
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The page answered with HTTP 200 in 0.42 s.');
    expect(result.data).toEqual({ status_code: 200, response_time: 420 });
  });

  it('warns about 204 No Content', () => {
    const result = run({ status: 204, html: '', bytes: 0 });
    expect(result.status).toBe('warning');
    expect(result.message).toContain('204 No Content');
  });

  it('warns about a 200 with an empty body', () => {
    const result = run({ html: '  \n', bytes: 3 });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page answered with HTTP 200, but the body is empty; there is nothing to index.',
    );
  });

  it.each([404, 410, 451])('fails a client error %i', (status) => {
    const result = run({ status });
    expect(result.status).toBe('failed');
    expect(result.message).toContain(`HTTP ${status}`);
    expect(result.data).toMatchObject({ status_code: status });
  });

  it('fails a server error', () => {
    const result = run({ status: 503 });
    expect(result.status).toBe('failed');
    expect(result.message).toContain('HTTP 503; repeated server errors');
  });

  it('fails when the final response is still a redirect', () => {
    expect(run({ status: 302 }).message).toContain('still a redirect (HTTP 302)');
  });
});
