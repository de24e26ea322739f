import { describe, expect, it } from 'vitest';
import type { UrlVariantsArtifact } from '../artifacts';
import { format } from './define-check';
import { urlCanonicalization } from './url-canonicalization';

const FINAL = 'https://www.example.com/';
type Variant = UrlVariantsArtifact['variants'][number];
type Final = UrlVariantsArtifact['finals'][number];
const v = (url: string, status: number | null, location: string | null = FINAL): Variant => ({
  url,
  status,
  location: status !== null && status >= 300 && status < 400 ? location : null,
});
/** Where each variant ends: its Location's target (or itself), one hop unless told. */
const run = (variants: Variant[], overrides: Record<string, Partial<Final>> = {}) =>
  urlCanonicalization.evaluate(
    {
      urlVariants: {
        variants,
        finals: variants.map((x) => ({
          url: x.url,
          finalUrl: x.status === null ? null : (x.location ?? x.url),
          hops: x.location ? 1 : 0,
          status: x.status === null ? null : x.status >= 400 ? x.status : 200,
          ...overrides[x.url],
        })),
      },
    },
    { format },
  );
const good = [
  v('http://example.com/', 301),
  v('https://example.com/', 301),
  v('http://www.example.com/', 308),
  v(FINAL, 200),
];

describe('url-canonicalization', () => {
  it('passes when every variant reaches one HTTPS origin with one permanent redirect', () => {
    const result = run(good);
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'Every variant of the address (4) leads to https://www.example.com with a single permanent redirect.',
    );
    expect(result.data).toEqual({ variants: good });
  });

  it('ignores a variant that does not resolve', () => {
    expect(run([v('http://example.com/', 301), v('https://example.com/', null), v(FINAL, 200)]).status).toBe(
      'passed',
    );
  });

  it('fails when two variants both answer 200', () => {
    const result = run([v('http://example.com/', 301), v('https://example.com/', 200), v(FINAL, 200)]);
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'https://example.com/ and https://www.example.com/ all answer 200: search engines see duplicate sites and split their signals between them.',
    );
  });

  it('fails when the variants end on different origins', () => {
    const result = run([v('http://example.com/', 301, 'https://example.com/'), v(FINAL, 200)]);
    expect(result.status).toBe('failed');
    expect(result.message).toContain('https://example.com, https://www.example.com');
  });

  it('fails when http is not redirected to https', () => {
    const result = run([v('http://www.example.com/', 200), v(FINAL, 301, 'http://www.example.com/')]);
    expect(result).toMatchObject({
      status: 'failed',
      message:
        'http://www.example.com/ is not redirected to HTTPS, so visitors and crawlers can stay on the insecure version.',
    });
    expect(
      run([v('http://example.com/', 301, 'http://www.example.com/'), v('http://www.example.com/', 200)])
        .status,
    ).toBe('failed');
  });

  it('warns about a temporary redirect', () => {
    expect(run([v('http://example.com/', 302), v(FINAL, 200)])).toMatchObject({
      status: 'warning',
      message:
        'http://example.com/ redirects with a temporary 302; use 301 or 308 so search engines move their signals.',
    });
  });

  it('warns about an extra hop', () => {
    const result = run(good, { 'http://example.com/': { hops: 2 } });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'http://example.com/ takes 2 redirects to reach the site; send it there in one.',
    );
  });

  it('warns about a variant that answers an error', () => {
    const result = run([v('http://example.com/', 301), v('https://example.com/', 404), v(FINAL, 200)]);
    expect(result.status).toBe('warning');
    expect(result.message).toContain('https://example.com/ answers 404');
  });

  it('warns when no variant answered', () => {
    expect(run([v('http://example.com/', null), v(FINAL, null)]).status).toBe('warning');
  });
});
