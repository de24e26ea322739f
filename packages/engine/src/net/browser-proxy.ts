import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { FetchRefused, type GuardedFetcher, resolveTarget } from './guarded-fetch';

/** A forward proxy on 127.0.0.1 that holds Chromium's every connection to the fetcher's policy. */
export interface GuardedProxy {
  port: number;
  /** The page's requests refused, as `host:port — reason`, for the report and the tests. */
  refused: string[];
  /** Requests to Chromium's own services (CHROMIUM_SERVICE_HOSTS), refused unresolved, as `host:port`. */
  chromiumServices: string[];
  close(): Promise<void>;
}

export interface GuardedProxyOptions {
  /** Told `host:port` of every request, plain http or CONNECT, before it is judged. */
  onRequest?: (authority: string) => void;
}

/**
 * The reserved name Chromium's own Google sign-in is sent to instead of accounts.google.com
 * (gather/chromium-launch.ts): the flags keep it off the proxy and out of DNS, and the list below
 * refuses it too, should a Chromium ever ask the proxy for it.
 */
export const CHROMIUM_SIGN_IN_SINK = 'chromium-signin.invalid';

/**
 * Hosts of Chromium's own services that no page loads anything from. A request for one is refused
 * before any lookup (no DNS query leaves the machine) and counted apart from the page's refusals.
 * The launch flags (gather/chromium-launch.ts) already keep Chromium from asking; this catches what
 * a flag cannot, such as the spellcheck dictionary fetched once text is typed into a field.
 * Left out on purpose, because pages load from them: accounts.google.com ("Sign in with Google"
 * loads /gsi/client, and a CONNECT shows only host:port; Chromium's own sign-in is sent elsewhere
 * by a flag, and it is https only, so no plain http path is Chromium's), www.google.com
 * (reCAPTCHA), fonts.googleapis.com, maps.googleapis.com, www.googleapis.com, translate.googleapis.com
 * (the Translate widget), www.gstatic.com.
 */
export const CHROMIUM_SERVICE_HOSTS: readonly string[] = [
  // Component and extension updates.
  'update.googleapis.com',
  // Form field types, for autofill.
  'content-autofill.googleapis.com',
  // Safe Browsing lists and lookups.
  'safebrowsing.googleapis.com',
  // Network time, extension updates, crash reports.
  'clients2.google.com',
  // The variations (field trial) seed.
  'clientservices.googleapis.com',
  // Optimization hints and models.
  'optimizationguide-pa.googleapis.com',
  // Chromium's download network (redirector.gvt1.com and its mirrors): dictionaries, components.
  '*.gvt1.com',
  // Chromium's sign-in, moved.
  CHROMIUM_SIGN_IN_SINK,
];

/** Whether `hostname` is one of Chromium's own services; `*.` entries match the domain and below. */
export function isChromiumServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return CHROMIUM_SERVICE_HOSTS.some((entry) =>
    entry.startsWith('*.') ? host === entry.slice(2) || host.endsWith(entry.slice(1)) : host === entry,
  );
}

/** `host:port` of a proxied URL, the port spelled out. */
function authorityOf(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
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
 * addresses, and connect to that checked address only. Chromium's own services are refused first,
 * unresolved. WebSocket upgrades are refused outright: a checkup never needs them.
 */
export async function startGuardedProxy(
  fetcher: GuardedFetcher,
  options: GuardedProxyOptions = {},
): Promise<GuardedProxy> {
  const refused: string[] = [];
  const chromiumServices: string[] = [];
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
    options.onRequest?.(authorityOf(url));
    if (isChromiumServiceHost(url.hostname)) {
      chromiumServices.push(authorityOf(url));
      response.writeHead(403).end();
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
    options.onRequest?.(authorityOf(url));
    if (isChromiumServiceHost(url.hostname)) {
      chromiumServices.push(authorityOf(url));
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
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
    chromiumServices,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
