import { describe, expect, it } from 'vitest';
import type { PageArtifact, ResourceArtifact, TlsArtifact } from '../artifacts';
import { pageArtifact, resource } from '../testing/artifacts';
import { format } from './define-check';
import { http2 } from './http2';

const tls = (overrides: Partial<TlsArtifact> = {}): TlsArtifact => ({
  host: 'example.com',
  port: 443,
  https: true,
  reachable: true,
  protocol: 'TLSv1.3',
  cipher: null,
  authorized: true,
  authorizationError: null,
  chain: [],
  legacyProtocols: { TLSv1: false, 'TLSv1.1': false },
  alpn: ['h2', 'http/1.1'],
  ...overrides,
});
const files = [
  resource('https://example.com/site.css', { type: 'stylesheet' }),
  resource('https://cdn.example.net/lib.js', { type: 'script' }),
  resource('https://example.com/gone.png', { status: null, error: 'timeout' }),
];
const run = ({
  page = pageArtifact('https://example.com/'),
  resources = files,
  tlsArtifact = tls(),
}: {
  page?: PageArtifact;
  resources?: ResourceArtifact[];
  tlsArtifact?: TlsArtifact;
} = {}) => http2.evaluate({ page, resources, tls: tlsArtifact }, { format });

describe('http2', () => {
  it('passes a server that negotiates HTTP/2', () => {
    expect(run()).toEqual({
      status: 'passed',
      message: 'The server speaks HTTP/2, so the page and its files from this site load over one connection.',
      data: { protocol: 'h2', non_http2_resources: [] },
    });
  });

  it('reports HTTP/3 advertised in Alt-Svc', () => {
    const page = pageArtifact('https://example.com/', '', { headers: { 'alt-svc': 'h3=":443"; ma=86400' } });
    expect(run({ page })).toMatchObject({ status: 'passed', data: { protocol: 'h3' } });
    expect(run({ page, tlsArtifact: tls({ alpn: ['http/1.1'] }) })).toMatchObject({
      status: 'passed',
      message: 'The server advertises HTTP/3 (Alt-Svc); browsers switch to it after the first request.',
      data: { protocol: 'h3', non_http2_resources: [] },
    });
  });

  it('does not take h3 from an unrelated Alt-Svc value', () => {
    const page = pageArtifact('https://example.com/', '', { headers: { 'alt-svc': 'clear' } });
    expect(run({ page, tlsArtifact: tls({ alpn: ['http/1.1'] }) }).status).toBe('failed');
  });

  it('fails a server that offers only HTTP/1.1, listing the files of its own origin', () => {
    const result = run({ tlsArtifact: tls({ alpn: ['http/1.1'] }) });
    expect(result).toEqual({
      status: 'failed',
      message:
        'The server offers only HTTP/1.1: the page and its 1 file(s) from this site load a few at a time over several connections.',
      data: { protocol: 'http/1.1', non_http2_resources: ['https://example.com/site.css'] },
    });
  });

  it('fails plain HTTP', () => {
    const result = run({
      page: pageArtifact('http://example.com/'),
      resources: [resource('http://example.com/site.css', { type: 'stylesheet' })],
      tlsArtifact: tls({ https: false, reachable: false, alpn: [] }),
    });
    expect(result).toMatchObject({
      status: 'failed',
      data: { protocol: 'http/1.1', non_http2_resources: ['http://example.com/site.css'] },
    });
    expect(result.message).toContain('served over plain HTTP');
  });
});
