import type { CertificateInfo, TlsArtifact } from '../artifacts';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { expiryWarningDays: 30 };

type SubStatus = 'passed' | 'warning' | 'failed';
interface SubResult {
  name: string;
  status: SubStatus;
  message: string;
}

const messages = {
  noHttps:
    'The page is served over plain HTTP: browsers mark it “Not secure”, and everything visitors send and receive can be read and changed on the way.',
  noHandshake: 'The server did not complete a TLS handshake on port {port}: {error}',
  ok: 'HTTPS is set up well: a trusted certificate for {host}, {protocol}, valid for {days} more days.',
  sub: {
    https: {
      passed: 'The page is served over HTTPS.',
      failed: 'The page is not served over HTTPS.',
      unreachable: 'The page’s address is HTTPS, but the TLS handshake failed.',
    },
    trust: {
      passed: 'The certificate chain is trusted.',
      expired: 'A certificate in the chain has expired, so browsers refuse the connection.',
      selfSigned:
        'The certificate is self-signed: no browser trusts it, and visitors see a full-page warning.',
      name: 'The certificate is not valid for {host}: browsers show a warning instead of the page.',
      revoked: 'The certificate has been revoked by its issuer.',
      chain:
        'The server does not send the intermediate certificate(s): browsers that have not cached them, and many crawlers and apps, cannot verify the chain.',
      other: 'The certificate is not trusted ({error}).',
    },
    expiry: {
      passed: 'The certificate is valid for {days} more days.',
      warning: 'The certificate expires in {days} days; renew it soon.',
      failed: 'The certificate expired {days} days ago.',
    },
    protocol: {
      passed: 'The connection uses {protocol}.',
      failed: 'The connection uses {protocol}, which is no longer secure; use TLS 1.2 or 1.3.',
    },
    legacy: {
      passed: 'TLS 1.0 and 1.1 are turned off.',
      warning: 'The server still accepts {versions}, which browsers dropped in 2020; turn them off.',
    },
    signature: {
      passed: 'The certificates are signed with {algorithm}.',
      failed:
        'The certificate for {subject} is signed with {algorithm}, which can be forged; browsers reject it.',
      unknown: 'The signature algorithm could not be read.',
    },
  },
};

const DAY = 86_400_000;
const WEAK_SIGNATURE = /md5|sha-?1(?!\d)/i;
const OLD_PROTOCOL = /^(SSLv\d|TLSv1(\.[01])?)$/;

function trustResult(tls: TlsArtifact, format: (t: string, v: Record<string, string | number>) => string) {
  const error = tls.authorizationError;
  const leaf = tls.chain[0];
  if (!error) return { status: 'passed' as const, message: messages.sub.trust.passed };
  if (error === 'CERT_HAS_EXPIRED') return { status: 'failed' as const, message: messages.sub.trust.expired };
  if (/SELF_SIGNED/.test(error) || (leaf?.selfSigned && tls.chain.length === 1))
    return { status: 'failed' as const, message: messages.sub.trust.selfSigned };
  if (/ALTNAME|HOSTNAME|HOST_MISMATCH/i.test(error))
    return { status: 'failed' as const, message: format(messages.sub.trust.name, { host: tls.host }) };
  if (error === 'CERT_REVOKED') return { status: 'failed' as const, message: messages.sub.trust.revoked };
  if (error === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' || error === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY')
    return { status: 'warning' as const, message: messages.sub.trust.chain };
  return { status: 'failed' as const, message: format(messages.sub.trust.other, { error }) };
}

/** Certificates whose signature matters: all but a self-signed root, whose own signature nobody checks. */
const signed = (chain: CertificateInfo[]) =>
  chain.filter((cert, index) => index === 0 || !(cert.selfSigned && index === chain.length - 1));

export const httpsEncryption = defineCheck({
  key: 'https-encryption',
  title: 'HTTPS & certificate',
  category: 'server-security',
  relevance: 10,
  scope: 'page',
  requires: ['tls'],
  description:
    'Checks the TLS connection to the site: that the page uses HTTPS, that its certificate is trusted, names this host and is not about to expire, and that the protocol and signature are current. Browsers mark HTTP pages “Not secure” and block pages with a bad certificate; Google uses HTTPS as a ranking signal.',
  recommendation: 'Serve the site over HTTPS with a trusted, current certificate and TLS 1.2 or newer only.',
  howToFix:
    'Get a certificate from Let’s Encrypt (free, renewed automatically by certbot or your host) or your CA, covering every host name the site uses (with and without www). Install the full chain (in nginx, point <code>ssl_certificate</code> at <code>fullchain.pem</code>, not <code>cert.pem</code>). Allow only TLS 1.2 and 1.3, e.g. nginx <code>ssl_protocols TLSv1.2 TLSv1.3;</code> or Apache <code>SSLProtocol -all +TLSv1.2 +TLSv1.3</code>. Set up automatic renewal, and an alert before the certificate expires (certbot, most hosts and CAs can send one).',
  evaluate({ tls }, { format }) {
    const chain = tls.chain.map(({ subject, issuer, not_before, not_after, sig_alg }) => ({
      subject,
      issuer,
      not_before,
      not_after,
      sig_alg,
    }));
    const sub: SubResult[] = [];
    const add = (name: string, status: SubStatus, message: string) => sub.push({ name, status, message });
    const data = () => ({ ssl: { sub_results: sub, certificate_chain: chain } });

    if (!tls.https) {
      add('https', 'failed', messages.sub.https.failed);
      return failed(messages.noHttps, data());
    }
    if (!tls.reachable) {
      add('https', 'failed', messages.sub.https.unreachable);
      return failed(
        format(messages.noHandshake, { port: tls.port, error: tls.authorizationError ?? 'no answer' }),
        data(),
      );
    }
    add('https', 'passed', messages.sub.https.passed);

    const trust = trustResult(tls, format);
    add('trusted-chain', trust.status, trust.message);

    const leaf = tls.chain[0];
    let days = 0;
    if (leaf) {
      days = Math.floor((Date.parse(leaf.not_after) - Date.now()) / DAY);
      if (days < 0) add('expiry', 'failed', format(messages.sub.expiry.failed, { days: -days }));
      else if (days <= thresholds.expiryWarningDays)
        add('expiry', 'warning', format(messages.sub.expiry.warning, { days }));
      else add('expiry', 'passed', format(messages.sub.expiry.passed, { days }));

      const weak = signed(tls.chain).find((cert) => cert.sig_alg && WEAK_SIGNATURE.test(cert.sig_alg));
      if (weak)
        add(
          'signature',
          'failed',
          format(messages.sub.signature.failed, { subject: weak.subject, algorithm: weak.sig_alg! }),
        );
      else if (leaf.sig_alg)
        add('signature', 'passed', format(messages.sub.signature.passed, { algorithm: leaf.sig_alg }));
    }

    const protocol = tls.protocol ?? 'an unknown protocol';
    if (tls.protocol && OLD_PROTOCOL.test(tls.protocol))
      add('protocol', 'failed', format(messages.sub.protocol.failed, { protocol }));
    else add('protocol', 'passed', format(messages.sub.protocol.passed, { protocol }));

    const { legacyProtocols } = tls;
    if (legacyProtocols.TLSv1 !== null || legacyProtocols['TLSv1.1'] !== null) {
      const legacy = (['TLSv1', 'TLSv1.1'] as const).filter((version) => legacyProtocols[version] === true);
      if (legacy.length > 0)
        add(
          'legacy-protocols',
          'warning',
          format(messages.sub.legacy.warning, {
            versions: legacy.map((version) => (version === 'TLSv1' ? 'TLS 1.0' : 'TLS 1.1')).join(' and '),
          }),
        );
      else add('legacy-protocols', 'passed', messages.sub.legacy.passed);
    }

    // An expired leaf is told once, with its date, not again as an untrusted chain.
    const told = (s: SubResult) =>
      !(s.name === 'trusted-chain' && tls.authorizationError === 'CERT_HAS_EXPIRED' && days < 0);
    const failures = sub.filter((s) => s.status === 'failed' && told(s));
    const warnings = sub.filter((s) => s.status === 'warning');
    if (failures.length > 0) return failed(failures.map((s) => s.message).join(' '), data());
    if (warnings.length > 0) return warning(warnings.map((s) => s.message).join(' '), data());
    return passed(format(messages.ok, { host: tls.host, protocol, days }), data());
  },
});
