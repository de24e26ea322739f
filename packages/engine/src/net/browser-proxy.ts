import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { FetchRefused, type GuardedFetcher, resolveTarget } from './guarded-fetch';

/** A forward proxy on 127.0.0.1 that holds Chromium's every connection to the fetcher's policy. */
export interface GuardedProxy {
  port: number;
  /** Requests refused, as `host:port — reason`, for the report and the tests. */
  refused: string[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Starts the in-process proxy Chromium is launched behind (SECURITY.md A5). Plain http requests
 * and CONNECT tunnels alike resolve the host once through the guard, which refuses forbidden
 * addresses, and connect to that checked address only. WebSocket upgrades are refused outright:
 * a checkup never needs them.
 */
export async function startGuardedProxy(fetcher: GuardedFetcher): Promise<GuardedProxy> {
  const refused: string[] = [];
  const sockets = new Set<Socket | Duplex>();
  const track = (socket: Socket | Duplex) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };

  const server = http.createServer(async (request, response) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '');
      if (url.protocol !== 'http:') throw new Error('not an http URL');
    } catch {
      response.writeHead(400).end();
      return;
    }
    try {
      const target = await resolveTarget(url, fetcher.policy);
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      }
      headers.host = url.host;
      const upstream = http.request({
        host: target.addresses[0],
        port: target.connectPort,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers,
        timeout: 30_000,
      });
      upstream.on('response', (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(response);
      });
      upstream.on('timeout', () => upstream.destroy(new Error('timeout')));
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    } catch (error) {
      refused.push(`${url.host} — ${(error as Error).message}`);
      response.writeHead(error instanceof FetchRefused ? 403 : 502).end();
    }
  });
  server.on('connection', track);

  server.on('connect', async (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    const authority = request.url ?? '';
    let url: URL;
    try {
      url = new URL(`https://${authority}`);
      // `host:443` parses with the default port dropped (url.port is ''), and setting it back is a
      // no-op: compare with 443 spelled out, or every CONNECT to an https site's usual port is refused.
      if (url.host !== authority && `${url.hostname}:${url.port || '443'}` !== authority)
        throw new Error('bad authority');
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    try {
      const target = await resolveTarget(url, fetcher.policy);
      const upstream = net.connect({ host: target.addresses[0], port: target.connectPort });
      track(upstream);
      upstream.setTimeout(30_000, () => upstream.destroy());
      upstream.once('connect', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.once('error', () => client.destroy());
      client.once('error', () => upstream.destroy());
    } catch (error) {
      refused.push(`${authority} — ${(error as Error).message}`);
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    }
  });

  server.on('upgrade', (request: http.IncomingMessage, client: Duplex) => {
    track(client);
    refused.push(`${request.url ?? ''} — WebSocket upgrades are not allowed`);
    client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
