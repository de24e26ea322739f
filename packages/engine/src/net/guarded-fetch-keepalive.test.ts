// Keep-alive of the guarded fetcher, proved by counting TCP connections at local servers: reuse per
// origin and checked address set, the guard still run on every hop, and nothing left open by close().
import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CERT, TEST_KEY } from './fixture-servers';
import {
  createGuardedFetcher,
  FetchRefused,
  type FetchRefusedCode,
  type GuardedFetcher,
  type GuardedFetcherOptions,
  type LookupFn,
} from './guarded-fetch';

interface Site {
  port: number;
  url(path: string): string;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Connections not closed yet, as the server sees them. */
  open(): number;
  /** Most requests the server was answering at once. */
  maxActive(): number;
  close(): Promise<void>;
}

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://site');
  const n = Number(url.searchParams.get('n') ?? 0);
  if (url.pathname === '/ok') {
    res.setHeader('content-type', 'text/plain');
    res.end('ok');
  } else if (url.pathname === '/slow') {
    setTimeout(() => res.end('slow'), 40);
  } else if (url.pathname.startsWith('/chain/')) {
    const left = Number(url.pathname.slice('/chain/'.length));
    if (left <= 0) res.end('end of chain');
    else {
      res.writeHead(302, { location: `/chain/${left - 1}` });
      res.end('moved');
    }
  } else if (url.pathname === '/big') {
    res.end(Buffer.alloc(n, 'a'));
  } else if (url.pathname === '/redirect') {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/ok' });
    res.end();
  } else if (url.pathname === '/moved-big') {
    // A redirect with a body too large to read just to keep the connection.
    res.writeHead(302, { location: '/ok' });
    res.end(Buffer.alloc(n, 'm'));
  } else if (url.pathname === '/no-content') {
    res.writeHead(204);
    res.end();
  } else {
    res.writeHead(404);
    res.end('not found');
  }
}

async function startSite(secure = false): Promise<Site> {
  const server = secure
    ? https.createServer({ key: TEST_KEY, cert: TEST_CERT }, route)
    : http.createServer(route);
  let count = 0;
  let active = 0;
  let maxActive = 0;
  const sockets = new Set<net.Socket>();
  // For a TLS server 'connection' is still the TCP accept.
  server.on('connection', (socket: net.Socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (_req, res: http.ServerResponse) => {
    maxActive = Math.max(maxActive, ++active);
    res.on('close', () => active--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: (path) => `${secure ? 'https' : 'http'}://127.0.0.1:${port}${path}`,
    connections: () => count,
    open: () => sockets.size,
    maxActive: () => maxActive,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits (at most a second) until the server has seen every connection close. */
async function allClosed(site: Site): Promise<number> {
  for (let i = 0; i < 100 && site.open() > 0; i++) await new Promise((r) => setTimeout(r, 10));
  return site.open();
}

let site: Site;
let other: Site;
let secure: Site;
const fetchers: GuardedFetcher[] = [];

beforeAll(async () => {
  [site, other, secure] = await Promise.all([startSite(), startSite(), startSite(true)]);
});

afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((f) => f.close()));
});

afterAll(async () => {
  await Promise.all([site.close(), other.close(), secure.close()]);
});

/** A fetcher that may reach only the local sites (exact 127.0.0.1:port pairs); closed after each test. */
function fetcher(options: GuardedFetcherOptions = {}): GuardedFetcher {
  const f = createGuardedFetcher({
    allowPrivate: `127.0.0.1:${site.port},127.0.0.1:${other.port},127.0.0.1:${secure.port}`,
    ca: TEST_CERT,
    timeoutMs: 3000,
    connectTimeoutMs: 1000,
    keepAlive: true,
    ...options,
  });
  fetchers.push(f);
  return f;
}

async function expectRefused(promise: Promise<unknown>, code: FetchRefusedCode): Promise<FetchRefused> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchRefused);
  expect((err as FetchRefused).code, (err as FetchRefused).message).toBe(code);
  return err as FetchRefused;
}

describe('guarded fetch: keep-alive reuse', () => {
  it('20 sequential GETs use one connection with keepAlive, 20 without', async () => {
    const kept = fetcher();
    let before = site.connections();
    for (let i = 0; i < 20; i++) {
      const result = await kept.fetchPage(site.url(`/ok?i=${i}`));
      expect(result.status).toBe(200);
      expect(result.body.toString()).toBe('ok');
    }
    expect(site.connections() - before).toBe(1);
    await kept.close();
    expect(await allClosed(site)).toBe(0);

    const plain = fetcher({ keepAlive: undefined });
    before = site.connections();
    for (let i = 0; i < 20; i++) expect((await plain.fetchPage(site.url('/ok'))).status).toBe(200);
    expect(site.connections() - before).toBe(20);
    // Without keepAlive every hop closed its own connection already.
    expect(await allClosed(site)).toBe(0);
  });

  it('10 concurrent GETs with connectionsPerPool 3 open at most 3 connections', async () => {
    const f = fetcher({ keepAlive: { connectionsPerPool: 3 } });
    const before = site.connections();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => f.fetchPage(site.url(`/slow?i=${i}`))),
    );
    expect(results.map((r) => r.body.toString())).toEqual(Array(10).fill('slow'));
    const opened = site.connections() - before;
    expect(opened).toBeGreaterThanOrEqual(1);
    expect(opened).toBeLessThanOrEqual(3);
    expect(site.maxActive()).toBeLessThanOrEqual(3);
  });

  it('a redirect chain on one origin uses one connection; only its first hop connects', async () => {
    const f = fetcher();
    const before = site.connections();
    const result = await f.fetchPage(site.url('/chain/3'));
    expect(result.status).toBe(200);
    expect(result.body.toString()).toBe('end of chain');
    expect(result.hops.map((h) => h.status)).toEqual([302, 302, 302, 200]);
    expect(site.connections() - before).toBe(1);
    expect(result.hops[0]?.timings.connect).toBeGreaterThanOrEqual(0);
    for (const hop of result.hops.slice(1)) {
      expect(hop.timings.connect).toBeUndefined();
      expect(hop).toMatchObject({ remoteAddress: '127.0.0.1', remotePort: site.port, protocol: 'http/1.1' });
    }
  });

  it('the second request on a kept-alive connection reports no connect, with firstByte and the address', async () => {
    const f = fetcher();
    const first = await f.fetchPage(site.url('/ok'));
    const second = await f.fetchPage(site.url('/ok'));
    expect(first.timings.connect).toBeGreaterThanOrEqual(0);
    expect(second.timings.connect).toBeUndefined();
    expect(second.timings.tls).toBeUndefined();
    // An IP literal: no DNS either.
    expect(second.timings.dns).toBeUndefined();
    expect(second.timings.firstByte).toBeGreaterThanOrEqual(0);
    expect(second.timings.total).toBeGreaterThanOrEqual(second.timings.firstByte!);
    expect(second.hops[0]).toMatchObject({
      remoteAddress: '127.0.0.1',
      remotePort: site.port,
      protocol: 'http/1.1',
    });
  });

  it("names the part of the wait for the first byte that this process's own work held back", async () => {
    const f = fetcher();
    await f.fetchPage(site.url('/ok'));
    // The moment the request is on the wire, this process runs 400 ms of other work (a crawl's
    // other pages, an embedded database): the answer cannot be read before it ends.
    const sent = diagnostics.channel('undici:client:sendHeaders');
    const work = () => {
      sent.unsubscribe(work);
      const until = performance.now() + 400;
      while (performance.now() < until) {}
    };
    sent.subscribe(work);
    const held = await f.fetchPage(site.url('/ok'));
    expect(held.timings.firstByte).toBeGreaterThanOrEqual(400);
    expect(held.timings.busy).toBeGreaterThanOrEqual(400);
    expect(held.timings.busy).toBeLessThanOrEqual(held.timings.firstByte!);
    // Nothing held back: the wait is the site's.
    const quiet = await f.fetchPage(site.url('/ok'));
    expect(quiet.timings.busy).toBeLessThan(400);
  });

  it('https: the second request reuses the TLS connection, with no connect or tls timing', async () => {
    const f = fetcher();
    const before = secure.connections();
    const first = await f.fetchPage(secure.url('/ok'));
    const second = await f.fetchPage(secure.url('/ok'));
    expect(second.body.toString()).toBe('ok');
    expect(secure.connections() - before).toBe(1);
    expect(first.timings.tls).toBeGreaterThanOrEqual(0);
    expect(second.timings.connect).toBeUndefined();
    expect(second.timings.tls).toBeUndefined();
    expect(second.protocol).toBe('http/1.1');
    expect(second.hops[0]?.remoteAddress).toBe('127.0.0.1');
  });

  it('a 204 leaves the connection usable; a HEAD closes it (undici: servers may send a body)', async () => {
    const f = fetcher();
    const before = site.connections();
    expect((await f.fetchPage(site.url('/no-content'))).status).toBe(204);
    expect((await f.fetchPage(site.url('/ok'))).body.toString()).toBe('ok');
    expect(site.connections() - before).toBe(1);
    const head = await f.fetchPage(site.url('/ok'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.bytes).toBe(0);
    expect(head.timings.connect).toBeUndefined();
    const next = await f.fetchPage(site.url('/ok'));
    expect(next.body.toString()).toBe('ok');
    expect(next.timings.connect).toBeGreaterThanOrEqual(0);
    expect(site.connections() - before).toBe(2);
  });

  it('a body cut at its cap closes its connection; the next fetch opens a new one', async () => {
    // The transfer cap well above the decoded one, so the cut is at exactly maxBytes.
    const f = fetcher({ maxTransferBytes: 10_000_000 });
    const before = site.connections();
    const cut = await f.fetchPage(site.url('/big?n=2000000'), { maxBytes: 1000, truncate: true });
    expect(cut.truncated).toBe(true);
    expect(cut.bytes).toBe(1000);
    await expectRefused(f.fetchPage(site.url('/big?n=2000000'), { maxBytes: 1000 }), 'too-large');
    const next = await f.fetchPage(site.url('/ok'));
    expect(next.body.toString()).toBe('ok');
    expect(next.timings.connect).toBeGreaterThanOrEqual(0);
    expect(site.connections() - before).toBe(3);
    await f.close();

    // Dropped, not reconnected behind our back (undici does that to skip an aborted request).
    const last = fetcher({ maxTransferBytes: 10_000_000 });
    const lastBefore = site.connections();
    await last.fetchPage(site.url('/big?n=2000000'), { maxBytes: 1000, truncate: true });
    await last.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(await allClosed(site)).toBe(0);
    expect(site.connections() - lastBefore).toBe(1);
  });

  it('a redirect with a large body is dropped with its connection, not read', async () => {
    const f = fetcher();
    const before = site.connections();
    const result = await f.fetchPage(site.url('/moved-big?n=5000000'));
    expect(result.hops.map((h) => h.status)).toEqual([302, 200]);
    expect(result.body.toString()).toBe('ok');
    expect(site.connections() - before).toBe(2);
  });

  it('keeps one pool per origin and closes the least recently used beyond maxPools', async () => {
    const f = fetcher({ keepAlive: { maxPools: 1 } });
    const [siteBefore, otherBefore] = [site.connections(), other.connections()];
    await f.fetchPage(site.url('/ok'));
    await f.fetchPage(site.url('/ok'));
    expect(site.connections() - siteBefore).toBe(1);
    // A second origin evicts the first pool, whose connection is closed.
    await f.fetchPage(other.url('/ok'));
    expect(other.connections() - otherBefore).toBe(1);
    expect(await allClosed(site)).toBe(0);
    await f.fetchPage(site.url('/ok'));
    expect(site.connections() - siteBefore).toBe(2);
  });

  it('rejects a connectionsPerPool or maxPools that is not a positive integer', () => {
    expect(() => createGuardedFetcher({ keepAlive: { connectionsPerPool: 0 } })).toThrow(RangeError);
    expect(() => createGuardedFetcher({ keepAlive: { maxPools: 1.5 } })).toThrow(RangeError);
  });
});

describe('guarded fetch: keep-alive keeps the guard', () => {
  it('a host resolving to 127.0.0.1 without allowPrivate is refused', async () => {
    const lookup: LookupFn = async () => [{ address: '127.0.0.1', family: 4 }];
    const f = createGuardedFetcher({ keepAlive: true, lookup, timeoutMs: 1000 });
    fetchers.push(f);
    const before = site.connections();
    const err = await expectRefused(f.fetchPage(`http://evil.test:${site.port}/ok`), 'forbidden-address');
    expect(err.message).toContain('evil.test');
    expect(site.connections()).toBe(before);
  });

  it('DNS rebinding: an answer that turns forbidden is refused although a pool for the host exists', async () => {
    // The first answer is allowed (the allow-listed 127.0.0.1:port stands in for a public address,
    // which these tests may not connect to); every later one is forbidden.
    const answers = [['127.0.0.1'], ['169.254.169.254'], ['127.0.0.1', '10.0.0.1'], ['127.0.0.1']];
    let calls = 0;
    const lookup: LookupFn = async () =>
      (answers[calls++] ?? ['10.0.0.1']).map((address) => ({ address, family: 4 }));
    const f = fetcher({ lookup });
    const url = `http://rebind.test:${site.port}/ok`;
    const before = site.connections();
    const first = await f.fetchPage(url);
    expect(first.hops[0]?.remoteAddress).toBe('127.0.0.1');
    expect(first.timings.dns).toBeGreaterThanOrEqual(0);

    await expectRefused(f.fetchPage(url), 'forbidden-address');
    await expectRefused(f.fetchPage(url), 'forbidden-address');
    expect(calls).toBe(3);
    // The pooled connection was never used for the refused fetches, and is still there.
    const again = await f.fetchPage(url);
    expect(again.body.toString()).toBe('ok');
    expect(again.timings.connect).toBeUndefined();
    expect(site.connections() - before).toBe(1);
  });

  it('a redirect to a forbidden address is still refused with keepAlive', async () => {
    const f = fetcher();
    expect((await f.fetchPage(site.url('/ok'))).status).toBe(200);
    for (const to of ['http://169.254.169.254/latest/meta-data/', `http://127.0.0.2:${site.port}/ok`]) {
      const err = await expectRefused(
        f.fetchPage(site.url(`/redirect?to=${encodeURIComponent(to)}`)),
        'forbidden-address',
      );
      expect(err.message).toMatch(/^Redirect from /);
    }
  });
});

describe('guarded fetch: keep-alive close and insecure', () => {
  it('close() leaves no open socket, and the fetcher opens a new connection afterwards', async () => {
    const f = createGuardedFetcher({
      keepAlive: true,
      allowPrivate: `127.0.0.1:${site.port}`,
      timeoutMs: 3000,
    });
    const before = site.connections();
    await Promise.all([f.fetchPage(site.url('/slow')), f.fetchPage(site.url('/slow'))]);
    expect(site.connections() - before).toBe(2);
    expect(site.open()).toBeGreaterThanOrEqual(2);
    await f.close();
    expect(await allClosed(site)).toBe(0);

    expect((await f.fetchPage(site.url('/ok'))).body.toString()).toBe('ok');
    expect(site.connections() - before).toBe(3);
    await f.close();
    expect(await allClosed(site)).toBe(0);
    // Twice is fine, and a fetcher without keepAlive has nothing to close.
    await f.close();
    await createGuardedFetcher().close();
  });

  it('close() waits for a fetch under way, then closes its connection', async () => {
    const f = createGuardedFetcher({ keepAlive: true, allowPrivate: `127.0.0.1:${site.port}` });
    const pending = f.fetchPage(site.url('/slow'));
    await new Promise((r) => setTimeout(r, 10));
    await f.close();
    expect((await pending).body.toString()).toBe('slow');
    expect(await allClosed(site)).toBe(0);
  });

  it('insecure() of a keep-alive fetcher keeps alive too, and the parent close() closes it', async () => {
    const parent = createGuardedFetcher({
      keepAlive: true,
      allowPrivate: `127.0.0.1:${secure.port}`,
      timeoutMs: 3000,
    });
    // No ca: the test certificate does not verify, so only the insecure fetcher reads it.
    await expectRefused(parent.fetchPage(secure.url('/ok')), 'tls');
    const insecure = parent.insecure();
    expect(parent.insecure()).toBe(insecure);
    const before = secure.connections();
    for (let i = 0; i < 3; i++) expect((await insecure.fetchPage(secure.url('/ok'))).status).toBe(200);
    expect(secure.connections() - before).toBe(1);
    expect(secure.open()).toBeGreaterThanOrEqual(1);
    await parent.close();
    expect(await allClosed(secure)).toBe(0);
  });
});

describe('guarded fetch: a kept-alive connection the server dropped', () => {
  it('is retried once on a new connection', async () => {
    // Answers the first request of each connection and keeps it open, then drops it unanswered at
    // the next request: the race of a server closing an idle connection as the client reuses it.
    let accepted = 0;
    const server = net.createServer((socket) => {
      accepted++;
      let served = false;
      socket.on('error', () => {});
      socket.on('data', () => {
        if (served) return void socket.destroy();
        served = true;
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nkeep-alive: timeout=60\r\n\r\nok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const f = fetcher({ allowPrivate: `127.0.0.1:${port}` });
      expect((await f.fetchPage(`http://127.0.0.1:${port}/a`)).body.toString()).toBe('ok');
      const second = await f.fetchPage(`http://127.0.0.1:${port}/b`);
      expect(second.body.toString()).toBe('ok');
      expect(second.timings.connect).toBeGreaterThanOrEqual(0);
      expect(accepted).toBe(2);
    } finally {
      await Promise.all(fetchers.splice(0).map((f) => f.close()));
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
