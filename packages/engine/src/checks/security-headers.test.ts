import { describe, expect, it } from 'vitest';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { securityHeaders } from './security-headers';

const run = (headers: Record<string, string>) => {
  const page = pageArtifact('https://example.com/', '', { headers });
  return securityHeaders.evaluate({ page }, { format });
};

const all = {
  'content-security-policy': "default-src 'self'; script-src 'self' 'nonce-abc' 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=()',
  'cross-origin-opener-policy': 'same-origin',
};

describe('security-headers', () => {
  it('passes all six headers, with unsafe-inline neutralised by a nonce', () => {
    const result = run(all);
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The page sends all 6 recommended security headers.');
    expect(result.data).toEqual({ security_headers: all, missing_headers: [] });
  });

  it('counts CSP frame-ancestors as clickjacking protection', () => {
    const { 'x-frame-options': _, ...rest } = all;
    const result = run({ ...rest, 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" });
    expect(result.status).toBe('passed');
    expect(result.data).toMatchObject({ security_headers: { 'x-frame-options': null } });
  });

  it('warns about one to three missing headers, and a wrong nosniff value', () => {
    const result = run({ ...all, 'x-content-type-options': 'sniff', 'permissions-policy': '' });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page lacks 2 of 6 security headers: x-content-type-options, permissions-policy.',
    );
    expect(result.data).toMatchObject({ missing_headers: ['x-content-type-options', 'permissions-policy'] });
  });

  it('warns about a CSP that allows unsafe-inline and unsafe-eval', () => {
    const result = run({
      ...all,
      'content-security-policy': "default-src 'self' 'unsafe-inline' 'unsafe-eval'",
    });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      "The Content-Security-Policy allows 'unsafe-inline' and 'unsafe-eval' for scripts, which lets injected scripts run.",
    );
  });

  it('fails with more than three missing', () => {
    const result = run({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    expect(result.status).toBe('failed');
    expect(result.message).toContain('lacks 4 of 6');
  });

  it('fails with none', () => {
    const result = run({ server: 'nginx' });
    expect(result.status).toBe('failed');
    expect(result.message).toBe('The page sends none of the 6 recommended security headers.');
  });
});
