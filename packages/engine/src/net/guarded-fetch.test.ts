import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowPrivate } from './allow-private';
import { startGuardedProxy } from './browser-proxy';
import { parseConnectTo } from './connect-to';
import {
  type CountingServer,
  gzipBomb,
  HTML,
  startFixture,
  startTarget,
  startTlsFixture,
  TEST_CERT,
  TEST_KEY,
} from './fixture-servers';
import {
  createGuardedFetcher,
  createPinnedConnector,
  DEFAULT_USER_AGENT,
  FetchRefused,
  type FetchRefusedCode,
  type GuardedFetcherOptions,
  type LookupFn,
  resolveTarget,
} from './guarded-fetch';
import { toPageArtifact } from './page-artifact';

let fixture: CountingServer;
let target: CountingServer;
let secure: CountingServer;

beforeAll(async () => {
  [fixture, target, secure] = await Promise.all([startFixture(), startTarget(), startTlsFixture()]);
  gzipBomb();
});

afterAll(async () => {
  // Nothing in this file may ever reach the forbidden target.
  expect(target.connections()).toBe(0);
  await Promise.all([fixture.close(), target.close(), secure.close()]);
});

/** A fetcher that may reach only the fixture sites (exact 127.0.0.1:port pairs), never the target. */
function fetcher(options: GuardedFetcherOptions = {}) {
  return createGuardedFetcher({
    allowPrivate: `127.0.0.1:${fixture.port},127.0.0.1:${secure.port}`,
    ca: TEST_CERT,
    timeoutMs: 1500,
    connectTimeoutMs: 500,
    ...options,
  });
}

const site = (path: string) => `http://127.0.0.1:${fixture.port}${path}`;

async function refusal(promise: Promise<unknown>): Promise<FetchRefused> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof FetchRefused) return err;
    throw err;
  }
  throw new Error('expected the fetch to be refused');
}

async function expectRefused(promise: Promise<unknown>, code: FetchRefusedCode): Promise<FetchRefused> {
  const before = target.connections();
  const err = await refusal(promise);
  expect(err.code, err.message).toBe(code);
  expect(target.connections()).toBe(before);
  return err;
}

const staticLookup =
  (...addresses: string[]): LookupFn =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('guarded fetch: addresses', () => {
  it('serves an allow-listed 127.0.0.1:port and refuses it without the allow-list', async () => {
    const before = fixture.connections();
    await expectRefused(
      createGuardedFetcher({ timeoutMs: 1000 }).fetchPage(site('/ok')),
      'forbidden-address',
    );
    expect(fixture.connections()).toBe(before);

    const result = await fetcher().fetchPage(site('/ok'));
    expect(result.status).toBe(200);
    expect(result.body.toString()).toBe(HTML);
    expect(fixture.connections()).toBe(before + 1);
  });

  it('allow-listing is by exact pair: another port on the same address stays refused', async () => {
    await expectRefused(fetcher().fetchPage(`http://127.0.0.1:${target.port}/`), 'forbidden-address');
  });

  it.each([
    (p: number) => `http://127.0.0.1:${p}/`,
    (p: number) => `HTTP://127.0.0.1:${p}/`,
    (p: number) => `http://2130706433:${p}/`,
    (p: number) => `http://0x7f.1:${p}/`,
    (p: number) => `http://127.1:${p}/`,
    (p: number) => `http://0177.0.0.1:${p}/`,
    (p: number) => `http://127.0.0.2:${p}/`,
    (p: number) => `http://0.0.0.0:${p}/`,
    (p: number) => `http://[::1]:${p}/`,
    (p: number) => `http://[::]:${p}/`,
    (p: number) => `http://[::ffff:127.0.0.1]:${p}/`,
    (p: number) => `http://[::ffff:7f00:1]:${p}/`,
    (p: number) => `http://[::127.0.0.1]:${p}/`,
    (p: number) => `http://[64:ff9b::127.0.0.1]:${p}/`,
    (p: number) => `http://[2002:7f00:1::]:${p}/`,
    (p: number) => `http://[2001:0:7f00:1::]:${p}/`,
    (p: number) => `http://[fd00:ec2::254]:${p}/`,
    (p: number) => `http://169.254.169.254:${p}/latest/meta-data/`,
    (p: number) => `http://100.64.0.1:${p}/`,
    (p: number) => `http://10.0.0.1:${p}/`,
    (p: number) => `http://localhost:${p}/`,
    (p: number) => `https://127.0.0.1:${p}/`,
  ])('refuses %s with zero sockets at the target', async (make) => {
    await expectRefused(fetcher().fetchPage(make(target.port)), 'forbidden-address');
  });

  it.each([
    ['file:///etc/passwd', 'bad-scheme'],
    ['gopher://127.0.0.1:{p}/_GET', 'bad-scheme'],
    ['ftp://127.0.0.1:{p}/', 'bad-scheme'],
    ['ws://127.0.0.1:{p}/', 'bad-scheme'],
    ['http://user:pass@127.0.0.1:{f}/ok', 'bad-url'],
    ['not a url', 'bad-url'],
  ] as const)('refuses %s (%s)', async (url, code) => {
    const before = fixture.connections();
    await expectRefused(
      fetcher().fetchPage(url.replace('{p}', String(target.port)).replace('{f}', String(fixture.port))),
      code,
    );
    expect(fixture.connections()).toBe(before);
  });

  it('refuses a host name that resolves to a forbidden address', async () => {
    for (const address of ['169.254.169.254', '10.0.0.1', '::1', 'fd00:ec2::254', '::ffff:192.168.0.1']) {
      const err = await expectRefused(
        fetcher({ lookup: staticLookup(address) }).fetchPage('http://evil.test/'),
        'forbidden-address',
      );
      expect(err.message).toContain('evil.test');
    }
  });

  it('DNS rebinding: a public address followed by a forbidden one is refused', async () => {
    const lookup = staticLookup('93.184.216.34', '127.0.0.1');
    await expectRefused(
      fetcher({ lookup }).fetchPage(`http://rebind.test:${target.port}/`),
      'forbidden-address',
    );
  });

  it('DNS rebinding: resolves once per hop and connects to the address it checked', async () => {
    let calls = 0;
    // First answer allowed (the allow-listed fixture), every later answer forbidden.
    const lookup: LookupFn = async () => [
      { address: calls++ === 0 ? '127.0.0.1' : '169.254.169.254', family: 4 },
    ];
    const result = await fetcher({ lookup }).fetchPage(`http://rebind.test:${fixture.port}/ok`);
    expect(result.status).toBe(200);
    expect(calls).toBe(1);
    expect(result.hops[0]?.remoteAddress).toBe('127.0.0.1');
    expect(result.timings.dns).toBeGreaterThanOrEqual(0);
  });

  it('a host name allow-listed by name reaches its private address; other names do not', async () => {
    const lookup = staticLookup('127.0.0.1');
    const f = createGuardedFetcher({ lookup, allowPrivate: `fixture.test:${fixture.port}`, timeoutMs: 1000 });
    expect((await f.fetchPage(`http://fixture.test:${fixture.port}/ok`)).status).toBe(200);
    await expectRefused(f.fetchPage(`http://other.test:${target.port}/`), 'forbidden-address');
  });

  it('reports a resolver failure as dns', async () => {
    const lookup: LookupFn = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    await expectRefused(fetcher({ lookup }).fetchPage('http://nowhere.test/'), 'dns');
    await expectRefused(fetcher({ lookup: staticLookup() }).fetchPage('http://empty.test/'), 'dns');
  });

  it('reports a closed port as connect', async () => {
    const closed = await startTarget();
    const port = closed.port;
    await closed.close();
    const f = createGuardedFetcher({ allowPrivate: `127.0.0.1:${port}`, timeoutMs: 1000 });
    const err = await refusal(f.fetchPage(`http://127.0.0.1:${port}/`));
    expect(err.code).toBe('connect');
  });
});

describe('guard pieces', () => {
  it('the pinned connector re-checks an IP literal and opens no socket for a forbidden one', async () => {
    const url = new URL(`http://127.0.0.1:${target.port}/`);
    const connect = createPinnedConnector(
      {
        url,
        hostname: '127.0.0.1',
        port: target.port,
        connectHost: '127.0.0.1',
        connectPort: target.port,
        https: false,
        addresses: ['127.0.0.1'],
      },
      { allowPrivate: parseAllowPrivate(''), connectTimeoutMs: 500 },
      {},
    );
    const err = await new Promise<Error | null>((resolve) =>
      connect({ hostname: '127.0.0.1', protocol: 'http:', port: String(target.port) }, (...args) => {
        args[1]?.destroy();
        resolve(args[0]);
      }),
    );
    expect(err).toBeInstanceOf(FetchRefused);
    expect((err as FetchRefused).code).toBe('forbidden-address');
    expect(target.connections()).toBe(0);
  });

  it('resolveTarget checks every address and returns them canonical', async () => {
    const allowPrivate = parseAllowPrivate('');
    const lookup = staticLookup('93.184.216.34', '::ffff:8.8.8.8');
    const resolved = await resolveTarget(new URL('https://public.test/x'), { allowPrivate, lookup });
    expect(resolved).toMatchObject({ hostname: 'public.test', port: 443, https: true });
    expect(resolved.addresses).toEqual(['93.184.216.34', '8.8.8.8']);
    await expect(
      resolveTarget(new URL('http://mixed.test/'), {
        allowPrivate,
        lookup: staticLookup('8.8.8.8', '10.0.0.1'),
      }),
    ).rejects.toMatchObject({ code: 'forbidden-address' });
  });
});

describe('guarded fetch: redirects', () => {
  const forbiddenTargets = (p: number) => [
    `http://127.0.0.1:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://2130706433:${p}/`,
    `http://169.254.169.254/latest/meta-data/`,
  ];

  for (const status of [301, 302, 303, 307, 308]) {
    it(`refuses a ${status} to a forbidden address, to file: and to gopher:`, async () => {
      const f = fetcher();
      for (const to of forbiddenTargets(target.port)) {
        const err = await expectRefused(
          f.fetchPage(site(`/redirect?status=${status}&to=${encodeURIComponent(to)}`)),
          'forbidden-address',
        );
        expect(err.url).toBe(new URL(to).href);
        expect(err.message).toMatch(/^Redirect from .* refused: .* Sitelens only fetches public addresses$/);
      }
      for (const to of ['file:///etc/passwd', `gopher://127.0.0.1:${target.port}/_x`]) {
        const err = await expectRefused(
          f.fetchPage(site(`/redirect?status=${status}&to=${encodeURIComponent(to)}`)),
          'bad-scheme',
        );
        expect(err.message).toMatch(/^Redirect from .* refused/);
      }
    });
  }

  it('follows up to 5 redirects and refuses a sixth', async () => {
    const result = await fetcher().fetchPage(site('/chain/5'));
    expect(result.status).toBe(200);
    expect(result.hops).toHaveLength(6);
    await expectRefused(fetcher().fetchPage(site('/chain/6')), 'too-many-redirects');
  });

  it('records every hop with status, location, headers and timings', async () => {
    const result = await fetcher().fetchPage(site('/redirect?status=301&to=%2Fchain%2F1'));
    expect(result.requestedUrl).toBe(site('/redirect?status=301&to=%2Fchain%2F1'));
    expect(result.finalUrl).toBe(site('/chain/0'));
    expect(result.hops.map((h) => [h.url, h.status, h.location])).toEqual([
      [site('/redirect?status=301&to=%2Fchain%2F1'), 301, site('/chain/1')],
      [site('/chain/1'), 302, site('/chain/0')],
      [site('/chain/0'), 200, null],
    ]);
    for (const hop of result.hops) {
      expect(hop.headers['content-length'] ?? hop.headers['transfer-encoding']).toBeDefined();
      expect(hop.remoteAddress).toBe('127.0.0.1');
      expect(hop.remotePort).toBe(fixture.port);
      expect(hop.protocol).toBe('http/1.1');
      expect(hop.timings.connect).toBeGreaterThanOrEqual(0);
      expect(hop.timings.firstByte).toBeGreaterThanOrEqual(0);
      expect(hop.timings.total).toBeGreaterThanOrEqual(hop.timings.firstByte!);
      // IP literal: no DNS; plain http: no TLS.
      expect(hop.timings.dns).toBeUndefined();
      expect(hop.timings.tls).toBeUndefined();
    }
    expect(result.timings.total).toBeGreaterThanOrEqual(result.hops[2]!.timings.total);

    const page = toPageArtifact(result);
    expect(page.redirects).toEqual([
      { url: site('/redirect?status=301&to=%2Fchain%2F1'), status: 301, location: site('/chain/1') },
      { url: site('/chain/1'), status: 302, location: site('/chain/0') },
    ]);
    expect(page.html).toBe(HTML);
    expect(page.timings.total).toBe(result.timings.total);
  });

  it('followRedirects: false returns the redirect itself', async () => {
    const result = await fetcher().fetchPage(site('/redirect?status=308&to=%2Fok'), {
      followRedirects: false,
    });
    expect(result.status).toBe(308);
    expect(result.hops).toHaveLength(1);
    expect(result.hops[0]?.location).toBe(site('/ok'));
    expect(result.headers.location).toBe('/ok');
  });

  it('does not even check a redirect target it is told not to follow', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${target.port}/`);
    const result = await fetcher().fetchPage(site(`/redirect?status=302&to=${to}`), {
      followRedirects: false,
    });
    expect(result.status).toBe(302);
  });
});

describe('guarded fetch: limits', () => {
  it('a trickling server hits the total timeout', async () => {
    const started = Date.now();
    const err = await refusal(fetcher({ timeoutMs: 300 }).fetchPage(site('/trickle')));
    expect(err.code).toBe('timeout');
    // Aborted at 300 ms, where the trickle would go on for ever: a bound far from both, so a
    // loaded machine does not fail it.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a server that never answers hits the total timeout', async () => {
    const err = await refusal(fetcher().fetchPage(site('/stall'), { timeoutMs: 200 }));
    expect(err.code).toBe('timeout');
  });

  it('a gzip bomb (1 GiB of zeros) stops at the cap', async () => {
    const started = Date.now();
    const err = await refusal(fetcher({ maxBytes: 1024 * 1024 }).fetchPage(site('/bomb')));
    expect(err.code).toBe('too-large');
    expect(err.message).toContain('decodes to more than 1048576 bytes');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a gzip bomb stops at the default 10 MiB cap with truncate', async () => {
    const result = await fetcher().fetchPage(site('/bomb'), { truncate: true });
    expect(result.truncated).toBe(true);
    expect(result.bytes).toBe(10 * 1024 * 1024);
    // It stopped reading the wire too, long before the whole 1 MB bomb arrived.
    expect(result.transferBytes).toBeLessThan(gzipBomb().length / 2);
  });

  it('a TLS handshake that never completes hits the connect timeout', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const f = createGuardedFetcher({
        allowPrivate: `127.0.0.1:${port}`,
        connectTimeoutMs: 150,
        timeoutMs: 1500,
      });
      const err = await refusal(f.fetchPage(`https://127.0.0.1:${port}/`));
      expect(err.code).toBe('timeout');
      expect(err.message).toMatch(/Connecting .* timed out after 150 ms/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('caps an uncompressed body, with a per-call override', async () => {
    await expectRefused(fetcher().fetchPage(site('/big?n=300000'), { maxBytes: 100_000 }), 'too-large');
    const result = await fetcher({ maxBytes: 100 }).fetchPage(site('/big?n=300000'), { maxBytes: 400_000 });
    expect(result.bytes).toBe(300_000);
    expect(result.transferBytes).toBe(300_000);
  });

  it.each(['gzip', 'br', 'deflate', 'deflate-raw', 'gzip-br', 'identity'])('decodes %s', async (coding) => {
    const result = await fetcher().fetchPage(site(`/encoded?coding=${coding}`));
    expect(result.body.toString()).toBe(HTML);
    expect(result.decoded).toBe(true);
    expect(result.bytes).toBe(Buffer.byteLength(HTML));
  });

  it('keeps the raw bytes of an unknown content coding', async () => {
    const result = await fetcher().fetchPage(site('/encoded?coding=compress'));
    expect(result.decoded).toBe(false);
    expect(result.body.toString()).toBe(HTML);
  });
});

describe('guarded fetch: requests', () => {
  it('sends the honest User-Agent and Accept-Encoding', async () => {
    const result = await fetcher().fetchPage(site('/echo'));
    const { headers } = JSON.parse(result.body.toString()) as { headers: Record<string, string> };
    expect(headers['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(DEFAULT_USER_AGENT).toMatch(/^SitelensBot\/\d+\.\d+\.\d+ \(\+https?:\/\/\S+\)$/);
    expect(headers['accept-encoding']).toContain('gzip');
    expect(headers.host).toBe(`127.0.0.1:${fixture.port}`);
  });

  it('takes a configured User-Agent', async () => {
    const result = await fetcher({ userAgent: 'SitelensBot/9 (+https://example.test)' }).fetchPage(
      site('/echo'),
    );
    expect(JSON.parse(result.body.toString()).headers['user-agent']).toBe(
      'SitelensBot/9 (+https://example.test)',
    );
  });

  it('sends the URL host name in Host while connecting to the pinned address', async () => {
    const f = fetcher({ lookup: staticLookup('127.0.0.1') });
    const result = await f.fetchPage(`http://site.test:${fixture.port}/echo`);
    expect(JSON.parse(result.body.toString()).headers.host).toBe(`site.test:${fixture.port}`);
  });

  it('HEAD reads no body', async () => {
    const result = await fetcher().fetchPage(site('/echo'), { method: 'HEAD' });
    expect(result.status).toBe(200);
    expect(result.method).toBe('HEAD');
    expect(result.bytes).toBe(0);
  });

  it('joins repeated headers and lower-cases names', async () => {
    const result = await fetcher().fetchPage(site('/ok'));
    expect(result.headers['x-multi']).toBe('a, b');
    expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('a caller abort surfaces as the caller reason', async () => {
    const controller = new AbortController();
    const pending = fetcher().fetchPage(site('/stall'), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(pending).rejects.toThrow('stop');
  });

  it('fetches https with the pinned address, timing TLS', async () => {
    const result = await fetcher().fetchPage(`https://127.0.0.1:${secure.port}/ok`);
    expect(result.status).toBe(200);
    expect(result.protocol).toBe('http/1.1');
    expect(result.timings.tls).toBeGreaterThanOrEqual(0);
    expect(result.timings.connect).toBeGreaterThanOrEqual(0);

    const named = fetcher({ lookup: staticLookup('127.0.0.1'), allowPrivate: `tls.test:${secure.port}` });
    const byName = await named.fetchPage(`https://tls.test:${secure.port}/ok`);
    expect(byName.status).toBe(200);
    expect(byName.timings.dns).toBeGreaterThanOrEqual(0);
  });

  it('refuses a certificate that does not match the host name', async () => {
    const f = fetcher({ lookup: staticLookup('127.0.0.1'), allowPrivate: `wrong.test:${secure.port}` });
    const err = await refusal(f.fetchPage(`https://wrong.test:${secure.port}/ok`));
    expect(err.code).toBe('tls');
  });

  it('builds a page artifact with the decoded HTML', async () => {
    const page = toPageArtifact(await fetcher().fetchPage(site('/latin1')));
    expect(page.html).toBe('café');
    expect(page.bytes).toBe(4);
    expect(page.redirects).toEqual([]);
    expect(page.status).toBe(200);
  });
});

describe('guarded fetch: connectTo (FETCH_CONNECT_TO)', () => {
  /** No DNS at all: a mapped name must never be resolved. */
  const noDns: LookupFn = async (hostname) => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };
  /** Nothing allow-listed: the fixture is reachable only through the mapping. */
  const mapped = (options: GuardedFetcherOptions = {}) =>
    createGuardedFetcher({
      connectTo: `shop.example.test:80:127.0.0.1:${fixture.port},tls.test:443:127.0.0.1:${secure.port}`,
      lookup: noDns,
      ca: TEST_CERT,
      timeoutMs: 1500,
      connectTimeoutMs: 500,
      ...options,
    });

  it('connects a mapped host and port to the target, keeping the name in the URL and Host', async () => {
    const before = fixture.connections();
    const result = await mapped().fetchPage('http://shop.example.test/echo');
    expect(result.status).toBe(200);
    expect(result.finalUrl).toBe('http://shop.example.test/echo');
    expect(JSON.parse(result.body.toString()).headers.host).toBe('shop.example.test');
    expect(result.hops[0]).toMatchObject({ remoteAddress: '127.0.0.1', remotePort: fixture.port });
    expect(result.timings.dns).toBeUndefined();
    expect(fixture.connections()).toBe(before + 1);
  });

  it('follows a redirect to the mapped name itself', async () => {
    const result = await mapped().fetchPage('http://Shop.Example.Test./redirect?to=%2Fchain%2F1');
    expect(result.status).toBe(200);
    expect(result.hops.map((h) => h.url)).toEqual([
      'http://shop.example.test./redirect?to=%2Fchain%2F1',
      'http://shop.example.test./chain/1',
      'http://shop.example.test./chain/0',
    ]);
  });

  it('a redirect from the mapped site to an unmapped private host is refused, zero sockets', async () => {
    const f = mapped({ lookup: staticLookup('127.0.0.1') });
    for (const to of [
      `http://127.0.0.1:${target.port}/`,
      `http://other.test:${target.port}/`,
      // The same name on another port is not mapped either.
      `http://shop.example.test:${target.port}/`,
    ]) {
      const err = await expectRefused(
        f.fetchPage(`http://shop.example.test/redirect?to=${encodeURIComponent(to)}`),
        'forbidden-address',
      );
      expect(err.message).toMatch(/^Redirect from http:\/\/shop\.example\.test\/redirect/);
    }
  });

  it('the target itself is allowed only through the mapping', async () => {
    const before = fixture.connections();
    await expectRefused(mapped().fetchPage(`http://127.0.0.1:${fixture.port}/ok`), 'forbidden-address');
    expect(fixture.connections()).toBe(before);
  });

  it('without the entry the name does not resolve, or resolves to a refused address', async () => {
    const before = fixture.connections();
    await expectRefused(mapped({ connectTo: '' }).fetchPage('http://shop.example.test/ok'), 'dns');
    await expectRefused(
      mapped({ connectTo: undefined, lookup: staticLookup('127.0.0.1') }).fetchPage(
        `http://shop.example.test:${fixture.port}/ok`,
      ),
      'forbidden-address',
    );
    expect(fixture.connections()).toBe(before);
  });

  it('resolves a target name with the fetcher lookup', async () => {
    const names: string[] = [];
    const lookup: LookupFn = async (hostname) => {
      names.push(hostname);
      return hostname === 'backend.test' ? [{ address: '127.0.0.1', family: 4 }] : noDns(hostname);
    };
    const f = mapped({ lookup, connectTo: `shop.example.test:80:backend.test:${fixture.port}` });
    const result = await f.fetchPage('http://shop.example.test/echo');
    expect(JSON.parse(result.body.toString()).headers.host).toBe('shop.example.test');
    expect(result.timings.dns).toBeGreaterThanOrEqual(0);
    expect(names).toEqual(['backend.test']);
  });

  it('resolveTarget reports the URL port and the port to connect to', async () => {
    const resolved = await resolveTarget(new URL('http://shop.example.test/'), {
      allowPrivate: parseAllowPrivate(''),
      connectTo: parseConnectTo(`shop.example.test:80:127.0.0.1:${fixture.port}`),
      lookup: noDns,
    });
    expect(resolved).toMatchObject({
      hostname: 'shop.example.test',
      port: 80,
      connectHost: '127.0.0.1',
      connectPort: fixture.port,
      addresses: ['127.0.0.1'],
    });
  });

  it('https keeps the name for SNI and the certificate', async () => {
    const result = await mapped().fetchPage('https://tls.test/ok');
    expect(result.status).toBe(200);
    expect(result.body.toString()).toBe(HTML);
    expect(result.timings.tls).toBeGreaterThanOrEqual(0);
    expect(result.hops[0]?.remotePort).toBe(secure.port);

    // The certificate is for tls.test: another name mapped to the same server fails on TLS.
    const wrong = mapped({ connectTo: `wrong.test:443:127.0.0.1:${secure.port}` });
    expect((await refusal(wrong.fetchPage('https://wrong.test/ok'))).code).toBe('tls');

    // The server sees the original name as SNI.
    const seen: string[] = [];
    const context = tls.createSecureContext({ key: TEST_KEY, cert: TEST_CERT });
    const sni = https.createServer(
      {
        key: TEST_KEY,
        cert: TEST_CERT,
        SNICallback: (name, callback) => {
          seen.push(name);
          callback(null, context);
        },
      },
      (_req, res) => res.end('sni'),
    );
    await new Promise<void>((resolve) => sni.listen(0, '127.0.0.1', resolve));
    const port = (sni.address() as net.AddressInfo).port;
    try {
      const f = mapped({ connectTo: `tls.test:443:127.0.0.1:${port}` });
      expect((await f.fetchPage('https://tls.test/')).body.toString()).toBe('sni');
      expect(seen).toEqual(['tls.test']);
    } finally {
      sni.closeAllConnections();
      await new Promise((resolve) => sni.close(resolve));
    }
  });
});

describe('browser proxy: connectTo', () => {
  /** One request through the proxy, as Chromium sends it: an absolute URL on the request line. */
  function viaProxy(proxyPort: number, url: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: proxyPort,
        path: url,
        headers: { host: new URL(url).host },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  /** A CONNECT tunnel through the proxy; resolves to the status line's code and the socket. */
  function connect(proxyPort: number, authority: string): Promise<{ status: number; socket: net.Socket }> {
    return new Promise((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: proxyPort,
        method: 'CONNECT',
        path: authority,
      });
      request.on('connect', (response, socket) => resolve({ status: response.statusCode ?? 0, socket }));
      request.on('error', reject);
      request.end();
    });
  }

  it('sends plain http and CONNECT tunnels for a mapped name to the target', async () => {
    const f = createGuardedFetcher({
      connectTo: `shop.example.test:80:127.0.0.1:${fixture.port},tls.test:443:127.0.0.1:${secure.port}`,
      lookup: staticLookup('127.0.0.1'),
      timeoutMs: 1500,
    });
    const proxy = await startGuardedProxy(f);
    try {
      const plain = await viaProxy(proxy.port, 'http://shop.example.test/echo');
      expect(plain.status).toBe(200);
      expect(JSON.parse(plain.body).headers.host).toBe('shop.example.test');

      const before = target.connections();
      expect((await viaProxy(proxy.port, `http://127.0.0.1:${target.port}/`)).status).toBe(403);
      expect((await viaProxy(proxy.port, `http://other.test:${target.port}/`)).status).toBe(403);

      const tunnel = await connect(proxy.port, 'tls.test:443');
      expect(tunnel.status).toBe(200);
      const secureSocket = tls.connect({ socket: tunnel.socket, servername: 'tls.test', ca: TEST_CERT });
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        secureSocket.on('secureConnect', () =>
          secureSocket.write('GET /ok HTTP/1.1\r\nHost: tls.test\r\nConnection: close\r\n\r\n'),
        );
        secureSocket.setEncoding('utf8');
        secureSocket.on('data', (chunk) => (text += chunk));
        secureSocket.on('end', () => resolve(text));
        secureSocket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(answer).toContain(HTML);

      const refused = await connect(proxy.port, `tls.test:${target.port}`);
      expect(refused.status).toBe(403);
      refused.socket.destroy();
      expect(target.connections()).toBe(before);
      expect(proxy.refused).toHaveLength(3);
    } finally {
      await proxy.close();
    }
  });
});

describe('POST (webhooks)', () => {
  it('sends the body with its headers and reads the answer', async () => {
    const result = await fetcher().fetchPage(site('/echo'), {
      method: 'POST',
      body: '{"event":"outage_opened"}',
      headers: { 'content-type': 'application/json', 'x-signature': 't=1,v1=ab' },
    });
    const echoed = JSON.parse(result.body.toString());
    expect(result.method).toBe('POST');
    expect(echoed).toMatchObject({
      method: 'POST',
      body: '{"event":"outage_opened"}',
      headers: { 'content-type': 'application/json', 'x-signature': 't=1,v1=ab' },
    });
  });

  it('does not follow a redirect, which would send the body somewhere else', async () => {
    const result = await fetcher().fetchPage(site(`/redirect?to=${encodeURIComponent(site('/echo'))}`), {
      method: 'POST',
      body: 'x',
    });
    expect(result.status).toBe(302);
    expect(result.hops).toHaveLength(1);
  });

  it('is refused at a private address like any other fetch', async () => {
    await expectRefused(
      fetcher().fetchPage(`http://127.0.0.1:${target.port}/hook`, { method: 'POST', body: '{}' }),
      'forbidden-address',
    );
  });
});
