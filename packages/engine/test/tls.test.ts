import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificates, type TestCertificates } from './certificates';
import { type FixtureSite, startSite } from './fixture-sites';
import { gatherFrom } from './gather-context';

let certificates: TestCertificates;
const sites: FixtureSite[] = [];
beforeAll(async () => {
  certificates = await makeCertificates();
});
afterAll(() => Promise.all(sites.map((site) => site.close())));

async function tlsOf(which: keyof Omit<TestCertificates, 'ca'>) {
  const site = await startSite('well-made', certificates[which]);
  sites.push(site);
  // The page is read past its certificate, as the runner does; the gatherer judges the certificate.
  return gatherFrom(`${site.origin}/`, 'tls', {
    allowPrivate: site.allow,
    ca: certificates.ca,
    insecureTls: true,
  });
}

describe('the TLS gatherer', () => {
  it('reads a trusted chain, the protocol, the signature algorithm and the expiry', async () => {
    const tls = await tlsOf('valid');
    expect(tls).toMatchObject({ https: true, reachable: true, authorized: true, authorizationError: null });
    expect(tls.protocol).toBe('TLSv1.3');
    expect(tls.chain[0]).toMatchObject({
      subject: '127.0.0.1',
      issuer: 'Sitelens Test CA',
      sig_alg: 'ecdsa-with-SHA256',
    });
    expect(new Date(tls.chain[0]!.not_after).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    // Node's own server refuses TLS 1.0 and 1.1 by default.
    expect(tls.legacyProtocols.TLSv1).not.toBe(true);
  });

  it('names an expired certificate', async () => {
    expect(await tlsOf('expired')).toMatchObject({
      authorized: false,
      authorizationError: 'CERT_HAS_EXPIRED',
    });
  });

  it('names a certificate for another host', async () => {
    expect(await tlsOf('wrongName')).toMatchObject({
      authorized: false,
      authorizationError: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
  });

  it('follows FETCH_CONNECT_TO: connects to the target port, judging the certificate for the URL name', async () => {
    // This certificate is for other.test only: served on 127.0.0.1:<port>, reached as other.test:443.
    const site = await startSite('well-made', certificates.wrongName);
    sites.push(site);
    const tls = await gatherFrom('https://other.test/', 'tls', {
      connectTo: `other.test:443:${site.allow}`,
      ca: certificates.ca,
    });
    expect(tls).toMatchObject({
      host: 'other.test',
      port: 443,
      reachable: true,
      authorized: true,
      authorizationError: null,
    });
  });

  it('names a certificate nobody trusted signed', async () => {
    const tls = await tlsOf('selfSigned');
    expect(tls.authorized).toBe(false);
    expect(tls.authorizationError).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(tls.chain[0]?.selfSigned).toBe(true);
  });

  it('reports a plain-http page as not on HTTPS without connecting', async () => {
    const site = await startSite('neglected');
    sites.push(site);
    expect(await gatherFrom(`${site.origin}/`, 'tls', { allowPrivate: site.allow })).toMatchObject({
      https: false,
      reachable: false,
      chain: [],
    });
  });
});
