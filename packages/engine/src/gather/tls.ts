import tls, { type DetailedPeerCertificate, type PeerCertificate } from 'node:tls';
import type { CertificateInfo, TlsArtifact } from '../artifacts';
import { resolveTarget } from '../net/guarded-fetch';
import type { GatherContext } from './context';

export const tlsLimits = { timeoutMs: 10_000 };

/**
 * One TLS handshake with the page's host (address checked and pinned by the guard), reading the
 * chain, protocol, cipher and ALPN, then two short probes for TLS 1.0 and 1.1 support.
 */
export async function gatherTls(context: GatherContext): Promise<TlsArtifact> {
  const page = await context.get('page');
  const url = new URL(page.finalUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port ? Number(url.port) : 443;
  const empty: TlsArtifact = {
    host,
    port,
    https: url.protocol === 'https:',
    reachable: false,
    protocol: null,
    cipher: null,
    authorized: false,
    authorizationError: null,
    chain: [],
    legacyProtocols: { TLSv1: null, 'TLSv1.1': null },
    alpn: [],
  };
  if (url.protocol !== 'https:') return empty;
  if (!context.fetcher) return { ...empty, authorizationError: 'No network policy to connect under.' };
  const target = await resolveTarget(url, context.fetcher.policy, context.signal);
  const address = target.addresses[0]!;
  // The port actually connected to: a FETCH_CONNECT_TO entry may send the URL's port elsewhere.
  const connectPort = target.connectPort;
  const ca = context.fetcher.policy.ca;
  const main = await handshake({ address, host, port: connectPort, ca, alpn: ['h2', 'http/1.1'] });
  if (!main.socket) return { ...empty, authorizationError: main.error };
  const socket = main.socket;
  const peer = socket.getPeerCertificate(true);
  let authorizationError = socket.authorizationError ? String(socket.authorizationError) : null;
  if (!authorizationError && peer && Object.keys(peer).length > 0) {
    const mismatch = tls.checkServerIdentity(host, peer);
    if (mismatch) authorizationError = 'ERR_TLS_CERT_ALTNAME_INVALID';
  }
  const negotiated = socket.alpnProtocol || null;
  const result: TlsArtifact = {
    ...empty,
    reachable: true,
    protocol: socket.getProtocol(),
    cipher: socket.getCipher()?.name ?? null,
    authorized: authorizationError === null,
    authorizationError,
    chain: chainOf(peer),
    alpn: negotiated === 'h2' ? ['h2', 'http/1.1'] : negotiated ? [negotiated] : ['http/1.1'],
  };
  socket.destroy();
  const [v10, v11] = await Promise.all(
    (['TLSv1', 'TLSv1.1'] as const).map(async (version) => {
      const probe = await handshake({ address, host, port: connectPort, ca, version });
      probe.socket?.destroy();
      // Our own OpenSSL may not offer the old protocol at all: then we cannot tell.
      if (probe.error?.includes('no protocols available')) return null;
      return probe.socket !== null;
    }),
  );
  result.legacyProtocols = { TLSv1: v10 ?? null, 'TLSv1.1': v11 ?? null };
  return result;
}

function handshake(options: {
  address: string;
  host: string;
  port: number;
  ca: string | Buffer | Array<string | Buffer> | undefined;
  alpn?: string[];
  version?: 'TLSv1' | 'TLSv1.1';
}): Promise<{ socket: tls.TLSSocket | null; error: string | null }> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: options.address,
      port: options.port,
      servername: /^[\d.]+$|:/.test(options.host) ? undefined : options.host,
      rejectUnauthorized: false,
      ...(options.ca ? { ca: options.ca } : {}),
      ...(options.alpn ? { ALPNProtocols: options.alpn } : {}),
      ...(options.version
        ? { minVersion: options.version, maxVersion: options.version, ciphers: 'DEFAULT@SECLEVEL=0' }
        : {}),
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ socket: null, error: 'The TLS handshake timed out.' });
    }, tlsLimits.timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      resolve({ socket, error: null });
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ socket: null, error: error.message });
    });
  });
}

function chainOf(leaf: DetailedPeerCertificate | undefined): CertificateInfo[] {
  const chain: CertificateInfo[] = [];
  const seen = new Set<string>();
  for (
    let cert: DetailedPeerCertificate | undefined = leaf;
    cert && Object.keys(cert).length > 0;
    cert = cert.issuerCertificate
  ) {
    if (seen.has(cert.fingerprint256)) break;
    seen.add(cert.fingerprint256);
    chain.push(describe(cert));
  }
  return chain;
}

function describe(cert: PeerCertificate): CertificateInfo {
  const name = (entry: Record<string, string | string[] | undefined> | undefined) =>
    entry ? String(entry.CN ?? entry.O ?? Object.values(entry)[0] ?? '') : '';
  const subject = name(cert.subject as unknown as Record<string, string>);
  const issuer = name(cert.issuer as unknown as Record<string, string>);
  return {
    subject,
    issuer,
    not_before: new Date(cert.valid_from).toISOString(),
    not_after: new Date(cert.valid_to).toISOString(),
    sig_alg: signatureAlgorithm(cert.raw),
    san: (cert.subjectaltname ?? '')
      .split(/,\s*/)
      .filter((entry) => entry.startsWith('DNS:'))
      .map((entry) => entry.slice(4)),
    selfSigned: JSON.stringify(cert.subject) === JSON.stringify(cert.issuer),
  };
}

const SIGNATURE_OIDS: Record<string, string> = {
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'rsassaPss',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.3.101.112': 'ed25519',
  '1.3.101.113': 'ed448',
};

/**
 * The certificate's signatureAlgorithm: Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm
 * SEQUENCE { OID, ... }, signature }. Node 20 does not expose it, so read the DER directly.
 */
export function signatureAlgorithm(der: Buffer | undefined): string | null {
  if (!der) return null;
  try {
    const outer = readHeader(der, 0);
    const tbs = readHeader(der, outer.contentStart);
    const algorithm = readHeader(der, tbs.contentStart + tbs.length);
    const oid = readHeader(der, algorithm.contentStart);
    if (der[algorithm.contentStart] !== 0x06) return null;
    const dotted = decodeOid(der.subarray(oid.contentStart, oid.contentStart + oid.length));
    return SIGNATURE_OIDS[dotted] ?? dotted;
  } catch {
    return null;
  }
}

function readHeader(der: Buffer, offset: number): { contentStart: number; length: number } {
  const first = der[offset + 1];
  if (first === undefined) throw new Error('truncated');
  if (first < 0x80) return { contentStart: offset + 2, length: first };
  const bytes = first & 0x7f;
  let length = 0;
  for (let i = 0; i < bytes; i++) length = length * 256 + (der[offset + 2 + i] ?? 0);
  return { contentStart: offset + 2 + bytes, length };
}

function decodeOid(bytes: Buffer): string {
  const parts: number[] = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}
