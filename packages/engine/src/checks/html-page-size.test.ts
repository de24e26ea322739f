import { afterEach, describe, expect, it } from 'vitest';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { htmlPageSize, strictPreset, thresholds } from './html-page-size';

const defaults = { ...thresholds };
const run = (bytes: number, transferBytes: number | null = null) =>
  htmlPageSize.evaluate(
    { page: pageArtifact('https://example.com/', '<html></html>', { bytes, transferBytes }) },
    { format },
  );

describe('html-page-size', () => {
  afterEach(() => {
    Object.assign(thresholds, defaults);
  });

  it('passes up to 100 KB and reports both sizes', () => {
    expect(run(40 * 1024, 9 * 1024)).toEqual({
      status: 'passed',
      message: 'The HTML is 40 KB (9 KB on the wire).',
      data: { html_size: 40 * 1024, html_transfer_size: 9 * 1024 },
    });
    expect(run(100 * 1024)).toEqual({
      status: 'passed',
      message: 'The HTML is 100 KB.',
      data: { html_size: 100 * 1024, html_transfer_size: null },
    });
  });

  it('warns between 100 and 500 KB', () => {
    expect(run(200 * 1024, 30 * 1024)).toEqual({
      status: 'warning',
      message:
        'The HTML is 200 KB (30 KB on the wire); above 100 KB it delays the first paint, most of all on phones.',
      data: { html_size: 200 * 1024, html_transfer_size: 30 * 1024 },
    });
  });

  it('fails above 500 KB', () => {
    const result = run(600 * 1024);
    expect(result.status).toBe('failed');
    expect(result.message).toContain('The HTML is 600 KB, over 500 KB');
  });

  it('offers SEO Site Checkup’s stricter 33 KB preset', () => {
    expect(run(50 * 1024).status).toBe('passed');
    Object.assign(thresholds, strictPreset);
    expect(run(50 * 1024).status).toBe('warning');
    expect(run(50 * 1024).message).toContain('above 33 KB');
  });
});
