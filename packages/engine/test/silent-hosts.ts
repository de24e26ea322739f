// Hosts that do not answer, for the link verifier's and the crawler's tests.
import net from 'node:net';
import { type LookupFn, systemLookup } from '../src/net/guarded-fetch';

/** A host that takes connections and never answers on them. */
export async function startSilentHost(): Promise<{
  port: number;
  connections(): number;
  close(): Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Host names under `.invalid` do not resolve (RFC 6761), counted; others resolve as usual. */
export function failingLookup(): LookupFn & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    if (hostname.endsWith('.invalid'))
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return systemLookup(hostname);
  };
  return Object.assign(lookup, { asked });
}
