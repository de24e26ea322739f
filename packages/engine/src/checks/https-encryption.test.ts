import { describe, expect, it } from 'vitest';
import type { CertificateInfo, TlsArtifact } from '../artifacts';
import { format } from './define-check';
import { httpsEncryption } from './https-encryption';

const DAY = 86_400_000;
const cert = (days: number, overrides: Partial<CertificateInfo> = {}): CertificateInfo => ({
  subject: 'example.com',
  issuer: 'R11',
  not_before: new Date(Date.now() - 60 * DAY).toISOString(),
  not_after: new Date(Date.now() + days * DAY + 3_600_000).toISOString(),
  sig_alg: 'sha256WithRSAEncryption',
  san: ['example.com', 'www.example.com'],
  selfSigned: false,
  ...overrides,
});
const ROOT = cert(3000, {
  subject: 'ISRG Root X1',
  issuer: 'ISRG Root X1',
  selfSigned: true,
  sig_alg: 'sha1WithRSAEncryption',
});
const run = (tls: Partial<TlsArtifact> = {}) =>
  httpsEncryption.evaluate(
    {
      tls: {
        host: 'example.com',
        port: 443,
        https: true,
        reachable: true,
        protocol: 'TLSv1.3',
        cipher: 'TLS_AES_256_GCM_SHA384',
        authorized: true,
        authorizationError: null,
        chain: [cert(80), cert(500, { subject: 'R11', issuer: 'ISRG Root X1' }), ROOT],
        legacyProtocols: { TLSv1: false, 'TLSv1.1': false },
        alpn: ['h2', 'http/1.1'],
        ...tls,
      },
    },
    { format },
  );
const subs = (result: ReturnType<typeof run>) =>
  (result.data!.ssl as { sub_results: { name: string; status: string; message: string }[] }).sub_results;
const sub = (result: ReturnType<typeof run>, name: string) => subs(result).find((s) => s.name === name);

describe('https-encryption', () => {
  it('passes a trusted, current certificate on TLS 1.3, ignoring the root’s own SHA-1 signature', () => {
    const result = run();
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'HTTPS is set up well: a trusted certificate for example.com, TLSv1.3, valid for 80 more days.',
    );
    expect(subs(result).map((s) => [s.name, s.status])).toEqual([
      ['https', 'passed'],
      ['trusted-chain', 'passed'],
      ['expiry', 'passed'],
      ['signature', 'passed'],
      ['protocol', 'passed'],
      ['legacy-protocols', 'passed'],
    ]);
    const chain = (result.data!.ssl as { certificate_chain: unknown[] }).certificate_chain;
    expect(chain).toHaveLength(3);
    expect(chain[0]).toEqual({
      subject: 'example.com',
      issuer: 'R11',
      not_before: expect.any(String),
      not_after: expect.any(String),
      sig_alg: 'sha256WithRSAEncryption',
    });
  });

  it('fails plain HTTP', () => {
    const result = run({ https: false, reachable: false, protocol: null, chain: [], alpn: [] });
    expect(result.status).toBe('failed');
    expect(result.message).toContain('served over plain HTTP');
    expect(result.data).toEqual({
      ssl: {
        sub_results: [{ name: 'https', status: 'failed', message: 'The page is not served over HTTPS.' }],
        certificate_chain: [],
      },
    });
  });

  it('fails a handshake that does not complete', () => {
    const result = run({
      reachable: false,
      protocol: null,
      chain: [],
      authorizationError: 'The TLS handshake timed out.',
    });
    expect(result).toMatchObject({
      status: 'failed',
      message: 'The server did not complete a TLS handshake on port 443: The TLS handshake timed out.',
    });
  });

  it.each([
    ['CERT_HAS_EXPIRED', 'has expired'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'not valid for example.com'],
    ['CERT_REVOKED', 'revoked'],
  ])('fails %s', (error, words) => {
    const result = run({ authorized: false, authorizationError: error });
    expect(result.status).toBe('failed');
    expect(result.message).toContain(words);
    expect(sub(result, 'trusted-chain')?.status).toBe('failed');
  });

  it('fails an expired date once, not twice', () => {
    const result = run({ chain: [cert(-3)], authorized: false, authorizationError: 'CERT_HAS_EXPIRED' });
    expect(result.message).toBe('The certificate expired 3 days ago.');
    expect(sub(result, 'expiry')).toMatchObject({ status: 'failed' });
  });

  it('fails SHA-1 or MD5 signatures and TLS 1.0 connections', () => {
    expect(run({ chain: [cert(80, { sig_alg: 'sha1WithRSAEncryption' })] }).message).toBe(
      'The certificate for example.com is signed with sha1WithRSAEncryption, which can be forged; browsers reject it.',
    );
    expect(run({ chain: [cert(80, { sig_alg: 'md5WithRSAEncryption' })] }).status).toBe('failed');
    const old = run({ protocol: 'TLSv1' });
    expect(old.status).toBe('failed');
    expect(sub(old, 'protocol')?.message).toContain('TLSv1, which is no longer secure');
  });

  it('warns about a near expiry', () => {
    expect(run({ chain: [cert(12)] })).toMatchObject({
      status: 'warning',
      message: 'The certificate expires in 12 days; renew it soon.',
    });
  });

  it('warns about an incomplete chain', () => {
    const result = run({
      authorized: false,
      authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      chain: [cert(80)],
    });
    expect(result.status).toBe('warning');
    expect(result.message).toContain('does not send the intermediate certificate(s)');
  });

  it('warns about legacy protocols, and leaves them out when they could not be probed', () => {
    expect(run({ legacyProtocols: { TLSv1: true, 'TLSv1.1': true } }).message).toBe(
      'The server still accepts TLS 1.0 and TLS 1.1, which browsers dropped in 2020; turn them off.',
    );
    expect(
      sub(run({ legacyProtocols: { TLSv1: null, 'TLSv1.1': null } }), 'legacy-protocols'),
    ).toBeUndefined();
  });
});
