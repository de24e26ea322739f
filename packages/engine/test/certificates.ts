import { generate } from 'selfsigned';

export interface TestCertificates {
  ca: string;
  valid: { key: string; cert: string };
  expired: { key: string; cert: string };
  wrongName: { key: string; cert: string };
  /** Signed by nobody we trust. */
  selfSigned: { key: string; cert: string };
}

const DAY = 86_400_000;

/** A test certificate authority and server certificates for 127.0.0.1, made when the tests start. */
export async function makeCertificates(): Promise<TestCertificates> {
  const ca = await generate([{ name: 'commonName', value: 'Sitelens Test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const leaf = async (
    altNames: { type: 2 | 7; value?: string; ip?: string }[],
    from: Date,
    to: Date,
    signer = true,
  ) => {
    const pems = await generate(
      [{ name: 'commonName', value: altNames[0]?.value ?? altNames[0]?.ip ?? 'test' }],
      {
        keyType: 'ec',
        algorithm: 'sha256',
        notBeforeDate: from,
        notAfterDate: to,
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames },
        ],
        ...(signer ? { ca: { key: ca.private, cert: ca.cert } } : {}),
      },
    );
    return { key: pems.private, cert: pems.cert };
  };
  const now = Date.now();
  const ip = [{ type: 7 as const, ip: '127.0.0.1' }];
  return {
    ca: ca.cert,
    valid: await leaf(ip, new Date(now - DAY), new Date(now + 365 * DAY)),
    expired: await leaf(ip, new Date(now - 400 * DAY), new Date(now - 10 * DAY)),
    wrongName: await leaf([{ type: 2, value: 'other.test' }], new Date(now - DAY), new Date(now + 365 * DAY)),
    selfSigned: await leaf(ip, new Date(now - DAY), new Date(now + 365 * DAY), false),
  };
}
