// Local servers for the net tests. Everything listens on 127.0.0.1 and counts accepted sockets, so
// "refused" can be proved as "zero connections reached it".
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import zlib from 'node:zlib';

export interface CountingServer {
  port: number;
  /** Accepted TCP connections so far. */
  connections(): number;
  close(): Promise<void>;
}

function track(server: net.Server): { count: () => number; close: () => Promise<void> } {
  let count = 0;
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    count: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** A bare TCP target that must never be reached: it answers any request with 200 "reached". */
export async function startTarget(): Promise<CountingServer> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () =>
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 7\r\nconnection: close\r\n\r\nreached'),
    );
  });
  const tracked = track(server);
  const port = await listen(server);
  return { port, connections: tracked.count, close: tracked.close };
}

/** 1 GiB of zeros as 1,024 concatenated gzip members of 1 MiB each: about 1 MB on the wire. */
let bomb: Buffer | null = null;
export function gzipBomb(): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  bomb ??= Buffer.concat(Array.from({ length: 1024 }, () => member));
  return bomb;
}

export const HTML = '<!doctype html><html><head><title>Fixture</title></head><body>café</body></html>';

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://fixture');
  const path = url.pathname;
  const q = url.searchParams;
  if (path === '/ok') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('x-multi', ['a', 'b']);
    res.end(HTML);
  } else if (path === '/echo') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
  } else if (path === '/redirect') {
    res.writeHead(Number(q.get('status') ?? 302), { location: q.get('to') ?? '/ok' });
    res.end('moved');
  } else if (path.startsWith('/chain/')) {
    const left = Number(path.slice('/chain/'.length));
    if (left <= 0) {
      res.setHeader('content-type', 'text/html');
      res.end(HTML);
    } else {
      res.writeHead(302, { location: `/chain/${left - 1}` });
      res.end();
    }
  } else if (path === '/trickle') {
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => res.write('.'), 20);
    res.on('close', () => clearInterval(timer));
  } else if (path === '/stall') {
    // Never answers.
  } else if (path === '/bomb') {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    res.end(gzipBomb());
  } else if (path === '/big') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(Buffer.alloc(Number(q.get('n') ?? 0), 'a'));
  } else if (path === '/encoded') {
    const body = Buffer.from(HTML);
    const coding = q.get('coding') ?? 'gzip';
    const encoded =
      coding === 'gzip'
        ? zlib.gzipSync(body)
        : coding === 'br'
          ? zlib.brotliCompressSync(body)
          : coding === 'deflate'
            ? zlib.deflateSync(body)
            : coding === 'deflate-raw'
              ? zlib.deflateRawSync(body)
              : coding === 'gzip-br'
                ? zlib.brotliCompressSync(zlib.gzipSync(body))
                : body;
    const header = coding === 'deflate-raw' ? 'deflate' : coding === 'gzip-br' ? 'gzip, br' : coding;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': header });
    res.end(encoded);
  } else if (path === '/latin1') {
    res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' });
    res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  } else {
    res.writeHead(404);
    res.end('not found');
  }
}

/** The allowed fixture site (tests allow-list its exact 127.0.0.1:port). */
export async function startFixture(): Promise<CountingServer> {
  const server = http.createServer(route);
  const tracked = track(server);
  const port = await listen(server);
  return { port, connections: tracked.count, close: tracked.close };
}

// Self-signed for IP:127.0.0.1 and DNS:tls.test, valid until 2126; test use only.
export const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgW0uuB2laFiHMM3U6
Z+QtKQqZ3iKSrv168gBl4yGR436hRANCAAQdT6eBp7tx89t5DjS8pZMkmM8sCoMS
1YfR3zekfep8xq6zotX2Dsj+JpU3MO4VPirWXJ1B0a8LT/Gn4Qffk5Gl
-----END PRIVATE KEY-----
`;
export const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBozCCAUigAwIBAgIUDuIwf2iho0WtQ+4lFmvzHQQbIDwwCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNc2l0ZWxlbnMtdGVzdDAgFw0yNjExMjIxNTAxNDlaGA8yMTI2
MTAyOTE1MDE0OVowGDEWMBQGA1UEAwwNc2l0ZWxlbnMtdGVzdDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABB1Pp4Gnu3Hz23kONLylkySYzywKgxLVh9HfN6R96nzG
rrOi1fYOyP4mlTcw7hU+KtZcnUHRrwtP8afhB9+TkaWjbjBsMB0GA1UdDgQWBBR8
vCYsOcxPyWayY1Zh1pMM8NivpDAfBgNVHSMEGDAWgBR8vCYsOcxPyWayY1Zh1pMM
8NivpDAPBgNVHRMBAf8EBTADAQH/MBkGA1UdEQQSMBCHBH8AAAGCCHRscy50ZXN0
MAoGCCqGSM49BAMCA0kAMEYCIQDT+olUL6KOTytqNrTupkRHF8XH8PjzDLe2BdJO
hWde/QIhAOEjir9j3ByIR8Ip2H8NWLPiyMM+C513X8T5t+SLC9oc
-----END CERTIFICATE-----
`;

export async function startTlsFixture(): Promise<CountingServer> {
  const server = https.createServer({ key: TEST_KEY, cert: TEST_CERT }, route);
  // For a TLS server 'connection' is still the TCP accept.
  const tracked = track(server);
  const port = await listen(server);
  return { port, connections: tracked.count, close: tracked.close };
}
