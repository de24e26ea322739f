import { canonicalAddress } from './address-policy';

/** Where a `FETCH_CONNECT_TO` entry sends a connection: an address (or host name) and port. */
export interface ConnectToTarget {
  /** Canonical IP address, or a lower-cased host name (resolved with the fetcher's lookup). */
  host: string;
  port: number;
}

/** One `FETCH_CONNECT_TO` entry: requests to `host` on `port` connect to `target` instead. */
export interface ConnectToEntry {
  /** Canonical IP address, or a lower-cased host name without a trailing dot. */
  host: string;
  port: number;
  target: ConnectToTarget;
}

export interface ConnectToList {
  entries: readonly ConnectToEntry[];
  /** Where a request to `hostname` (the URL's, brackets allowed) on `port` connects; null: as usual. */
  lookup(hostname: string, port: number): ConnectToTarget | null;
}

export const CONNECT_TO_VARIABLE = 'FETCH_CONNECT_TO';

/** An address's canonical text, or a host name lower-cased without its trailing dot. */
function normalHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return canonicalAddress(bare) ?? bare.toLowerCase().replace(/\.$/, '');
}

function parseEntry(raw: string): ConnectToEntry {
  const fail = (why: string) =>
    new Error(`${CONNECT_TO_VARIABLE}: "${raw}" is not a HOST:PORT:TARGET_HOST:TARGET_PORT entry (${why})`);
  let rest = raw;
  // A host (IPv6 in brackets), then ':'; consumes both from `rest`.
  const takeHost = (): string => {
    let host: string;
    if (rest.startsWith('[')) {
      const close = rest.indexOf(']');
      if (close === -1) throw fail('unclosed [');
      host = rest.slice(1, close);
      if (!host.includes(':') || canonicalAddress(host) === null) throw fail('bad IPv6 address');
      rest = rest.slice(close + 1);
      if (!rest.startsWith(':')) throw fail('text after ]');
      rest = rest.slice(1);
      return canonicalAddress(host)!;
    }
    const colon = rest.indexOf(':');
    if (colon === -1) throw fail('too few fields');
    host = rest.slice(0, colon);
    rest = rest.slice(colon + 1);
    if (host === '') throw fail('empty host');
    const address = canonicalAddress(host);
    if (address) return address;
    if (!/^[a-z0-9.-]+$/i.test(host)) throw fail('bad host');
    return host.toLowerCase().replace(/\.$/, '');
  };
  const takePort = (last: boolean): number => {
    const colon = rest.indexOf(':');
    if (last ? colon !== -1 : colon === -1) throw fail(last ? 'too many fields' : 'too few fields');
    const text = last ? rest : rest.slice(0, colon);
    rest = last ? '' : rest.slice(colon + 1);
    if (!/^\d{1,5}$/.test(text)) throw fail('bad port');
    const port = Number(text);
    if (port < 1 || port > 65535) throw fail('port out of range');
    return port;
  };
  const host = takeHost();
  const port = takePort(false);
  const targetHost = takeHost();
  const targetPort = takePort(true);
  return { host, port, target: { host: targetHost, port: targetPort } };
}

/**
 * Parses `FETCH_CONNECT_TO` (comma-separated `HOST:PORT:TARGET_HOST:TARGET_PORT`, IPv6 as
 * `[::1]`), curl's `--connect-to`: a request to HOST on PORT connects to TARGET_HOST:TARGET_PORT
 * instead of resolving HOST, while the URL, the Host header and TLS (SNI, certificate name) keep HOST.
 *
 * Matching is exact, unlike curl's: HOST is compared with the URL's host name (both lower-cased,
 * a trailing dot dropped, IP addresses in canonical form; no wildcards, no subdomains) and PORT,
 * which is required, with the URL's port (80 or 443 when the URL has none), whatever the scheme.
 * Every field is required. Throws on a malformed entry, or a second entry for the same HOST:PORT,
 * so a typo stops the start instead of silently connecting as usual.
 */
export function parseConnectTo(value: string | undefined | null): ConnectToList {
  const entries: ConnectToEntry[] = [];
  for (const raw of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)) {
    const entry = parseEntry(raw);
    if (entries.some((e) => e.host === entry.host && e.port === entry.port)) {
      throw new Error(`${CONNECT_TO_VARIABLE}: "${raw}" maps ${entry.host}:${entry.port} a second time`);
    }
    entries.push(entry);
  }
  return {
    entries,
    lookup(hostname, port) {
      if (entries.length === 0) return null;
      const host = normalHost(hostname);
      return entries.find((e) => e.host === host && e.port === port)?.target ?? null;
    },
  };
}

/** The empty list: every request connects where its host resolves. */
export const NO_CONNECT_TO: ConnectToList = parseConnectTo('');

/**
 * Throws when `FETCH_CONNECT_TO` is set in production (it exists for tests and local development)
 * or when it is malformed. Call at start-up with `process.env`.
 */
export function assertConnectToSafe(nodeEnv: string | undefined, value: string | undefined): void {
  const list = parseConnectTo(value);
  if (list.entries.length > 0 && nodeEnv === 'production') {
    throw new Error(
      `${CONNECT_TO_VARIABLE} must not be set when NODE_ENV=production: it sends fetches to addresses their names do not resolve to`,
    );
  }
}
