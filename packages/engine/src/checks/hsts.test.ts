import { describe, expect, it } from 'vitest';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { hsts } from './hsts';

const run = (header?: string, finalUrl = 'https://example.com/') => {
  const page = pageArtifact(finalUrl, '', {
    headers: header === undefined ? {} : { 'strict-transport-security': header },
  });
  return hsts.evaluate({ page }, { format });
};

describe('hsts', () => {
  it('passes one year with includeSubDomains and reads preload', () => {
    const result = run('max-age=63072000; includeSubDomains; preload');
    expect(result.status).toBe('passed');
    expect(result.message).toBe('HSTS is on for 730 days, including subdomains.');
    expect(result.data).toEqual({
      hsts_header: {
        raw: 'max-age=63072000; includeSubDomains; preload',
        max_age: 63072000,
        include_subdomains: true,
        preload: true,
      },
    });
  });

  it('reads quoted values and directive names in any case', () => {
    expect(run('MAX-AGE="31536000"; INCLUDESUBDOMAINS').status).toBe('passed');
  });

  it('warns about a max-age under one year', () => {
    const result = run('max-age=86400; includeSubDomains');
    expect(result.status).toBe('warning');
    expect(result.message).toBe('HSTS max-age is 86400 seconds; use at least 31536000 seconds (one year).');
  });

  it('warns without includeSubDomains', () => {
    const result = run('max-age=31536000');
    expect(result.status).toBe('warning');
    expect(result.data).toMatchObject({ hsts_header: { include_subdomains: false } });
  });

  it('uses only the first of repeated headers', () => {
    expect(run('max-age=300, max-age=31536000; includeSubDomains').status).toBe('warning');
  });

  it('fails without the header on HTTPS', () => {
    const result = run();
    expect(result.status).toBe('failed');
    expect(result.data).toEqual({ hsts_header: null });
  });

  it('fails a header without a valid max-age, and max-age=0', () => {
    expect(run('includeSubDomains').message).toContain('no valid max-age');
    expect(run('max-age=0').message).toContain('forget HSTS');
  });

  it('fails a page served over HTTP', () => {
    expect(run('max-age=31536000', 'http://example.com/').message).toContain('plain HTTP');
  });
});
