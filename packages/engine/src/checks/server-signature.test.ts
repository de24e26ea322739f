import { describe, expect, it } from 'vitest';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { serverSignature } from './server-signature';

const run = (headers: Record<string, string>) => {
  const page = pageArtifact('https://example.com/', '', { headers });
  return serverSignature.evaluate({ page }, { format });
};

describe('server-signature', () => {
  it('passes product names without versions', () => {
    const result = run({ server: 'nginx', 'x-powered-by': 'Express' });
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The response headers reveal no software versions.');
    expect(result.data).toEqual({
      server_signature: { server: 'nginx', x_powered_by: 'Express' },
      exposed_versions: [],
    });
  });

  it('passes without the headers, and does not take a CDN node id for a version', () => {
    expect(run({}).data).toMatchObject({ server_signature: { server: null, x_powered_by: null } });
    expect(run({ server: 'ECS (dcb/7F83)' }).status).toBe('passed');
    expect(run({ server: 'cloudflare' }).status).toBe('passed');
  });

  it('warns about versions in Server and X-Powered-By', () => {
    const result = run({ server: 'Apache/2.4.41 (Ubuntu)', 'x-powered-by': 'PHP/8.1.2' });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The server reveals software versions (server: Apache/2.4.41 (Ubuntu); x-powered-by: PHP/8.1.2); attackers use them to pick known exploits.',
    );
    expect(result.data).toMatchObject({
      exposed_versions: [
        { header: 'server', value: 'Apache/2.4.41 (Ubuntu)' },
        { header: 'x-powered-by', value: 'PHP/8.1.2' },
      ],
    });
  });

  it.each(['nginx/1.18.0', 'Microsoft-IIS/10.0', 'openresty/1.21.4.1', 'Jetty(9.4.z) 9.4.51'])(
    'warns about "%s"',
    (server) => {
      expect(run({ server }).status).toBe('warning');
    },
  );

  it('warns about X-AspNet-Version whatever its value', () => {
    expect(run({ 'x-aspnet-version': '4.0.30319' }).status).toBe('warning');
  });
});
