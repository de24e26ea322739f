import { canonicalAddress } from './address-policy';

/** One `FETCH_ALLOW_PRIVATE` entry: an address (or host name) and, when given, its only port. */
export interface AllowPrivateEntry {
  /** Canonical IP address, or a lower-cased host name. */
  host: string;
  /** null: any port of that host. */
  port: number | null;
}

export interface AllowPrivateList {
  entries: readonly AllowPrivateEntry[];
  /** True when `address:port` (or the URL's host name at that port) was listed. */
  allows(address: string, port: number, hostname?: string): boolean;
}

export const ALLOW_PRIVATE_VARIABLE = 'FETCH_ALLOW_PRIVATE';

function parseEntry(raw: string): AllowPrivateEntry {
  const fail = (why: string) =>
    new Error(`${ALLOW_PRIVATE_VARIABLE}: "${raw}" is not a host or host:port entry (${why})`);
  let host = raw;
  let portText: string | null = null;
  if (raw.startsWith('[')) {
    // [v6] or [v6]:port
    const close = raw.indexOf(']');
    if (close === -1) throw fail('unclosed [');
    host = raw.slice(1, close);
    const rest = raw.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) throw fail('text after ]');
      portText = rest.slice(1);
    }
  } else if (raw.split(':').length === 2) {
    [host, portText] = raw.split(':') as [string, string];
  } else if (raw.includes(':')) {
    // A bare IPv6 address: no port (write [v6]:port for one).
    host = raw;
  }
  let port: number | null = null;
  if (portText !== null) {
    if (!/^\d{1,5}$/.test(portText)) throw fail('bad port');
    port = Number(portText);
    if (port < 1 || port > 65535) throw fail('port out of range');
  }
  const address = canonicalAddress(host);
  if (address) return { host: address, port };
  if (host.includes(':') || !/^[a-z0-9.-]+$/i.test(host)) throw fail('bad host');
  return { host: host.toLowerCase().replace(/\.$/, ''), port };
}

/**
 * Parses `FETCH_ALLOW_PRIVATE` (comma-separated `host` or `host:port`, IPv6 as `[::1]:8080`).
 * Matching is exact: an address and port pair, or a host name and port pair; nothing else opens.
 * Throws on a malformed entry so a typo stops the start instead of silently allowing nothing.
 */
export function parseAllowPrivate(value: string | undefined | null): AllowPrivateList {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map(parseEntry);
  return {
    entries,
    allows(address, port, hostname) {
      if (entries.length === 0) return false;
      const ip = canonicalAddress(address);
      const name = hostname?.toLowerCase().replace(/\.$/, '');
      return entries.some(
        (e) => (e.port === null || e.port === port) && ((ip !== null && e.host === ip) || e.host === name),
      );
    },
  };
}

/** The empty list: nothing private is reachable. */
export const NO_PRIVATE: AllowPrivateList = parseAllowPrivate('');

/**
 * Throws when `FETCH_ALLOW_PRIVATE` is set in production (it exists for tests and local
 * development) or when it is malformed. Call at start-up with `process.env`.
 */
export function assertAllowPrivateSafe(nodeEnv: string | undefined, value: string | undefined): void {
  const list = parseAllowPrivate(value);
  if (list.entries.length > 0 && nodeEnv === 'production') {
    throw new Error(
      `${ALLOW_PRIVATE_VARIABLE} must not be set when NODE_ENV=production: it lets fetches reach private addresses`,
    );
  }
}
