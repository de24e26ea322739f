import { describe, expect, it } from 'vitest';
import type { FetchResult } from './guarded-fetch';
import { toPageArtifact } from './page-artifact';

describe('toPageArtifact', () => {
  it('maps the final hop, the redirects before it and the timings', () => {
    const body = Buffer.from([0x63, 0x61, 0x66, 0xe9]);
    const result: FetchResult = {
      requestedUrl: 'http://a.test/',
      finalUrl: 'https://a.test/',
      method: 'GET',
      status: 200,
      headers: { 'content-type': 'text/html; charset=windows-1252' },
      body,
      bytes: 4,
      transferBytes: 3,
      truncated: false,
      decoded: true,
      protocol: 'http/1.1',
      hops: [
        {
          url: 'http://a.test/',
          status: 301,
          headers: { location: 'https://a.test/' },
          location: 'https://a.test/',
          remoteAddress: '93.184.216.34',
          remotePort: 80,
          protocol: 'http/1.1',
          timings: { dns: 1, connect: 2, firstByte: 3, total: 6 },
        },
        {
          url: 'https://a.test/',
          status: 200,
          headers: { 'content-type': 'text/html; charset=windows-1252' },
          location: null,
          remoteAddress: '93.184.216.34',
          remotePort: 443,
          protocol: 'http/1.1',
          timings: { dns: 1, connect: 2, tls: 4, firstByte: 5, total: 12 },
        },
      ],
      timings: { dns: 1, connect: 2, tls: 4, firstByte: 5, total: 20 },
    };
    expect(toPageArtifact(result)).toEqual({
      requestedUrl: 'http://a.test/',
      finalUrl: 'https://a.test/',
      status: 200,
      headers: { 'content-type': 'text/html; charset=windows-1252' },
      html: 'café',
      file: null,
      bytes: 4,
      transferBytes: 3,
      redirects: [{ url: 'http://a.test/', status: 301, location: 'https://a.test/' }],
      timings: { dns: 1, connect: 2, tls: 4, firstByte: 5, total: 20 },
    });
  });
});
