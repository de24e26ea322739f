import dns from 'node:dns';
import net from 'node:net';
import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { type buildConnector, Client, type Dispatcher } from 'undici';
import { type AddressVerdict, canonicalAddress, classifyAddress } from './address-policy';
import { type AllowPrivateList, NO_PRIVATE, parseAllowPrivate } from './allow-private';
import { type ConnectToList, NO_CONNECT_TO, parseConnectTo } from './connect-to';

export const SITELENS_VERSION = '0.1.0';
export const SITELENS_URL = 'https://github.com/sitelens/sitelens';
/** Honest: names the bot, its version and where to read about it. */
export const DEFAULT_USER_AGENT = `SitelensBot/${SITELENS_VERSION} (+${SITELENS_URL})`;

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_TIMEOUT_MS = 30_000;

export type FetchRefusedCode =
  | 'bad-url'
  | 'bad-scheme'
  | 'forbidden-address'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'dns'
  | 'connect'
  | 'tls'
  | 'network';

/** Why a fetch did not produce a response; `message` is fit to show to the user. */
export class FetchRefused extends Error {
  override readonly name = 'FetchRefused';
  readonly code: FetchRefusedCode;
  /** The URL of the hop that was refused (a redirect target for a refused redirect). */
  readonly url: string | null;

  constructor(
    code: FetchRefusedCode,
    message: string,
    options: { url?: string | null; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.url = options.url ?? null;
  }
}

export interface LookupAddress {
  address: string;
  family: number;
}
/** Resolves a host name to every address; injectable for tests (rebinding) and custom resolvers. */
export type LookupFn = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemLookup: LookupFn = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface GuardedFetcherOptions {
  /** Default {@link DEFAULT_USER_AGENT}. */
  userAgent?: string;
  /** Exact `host[:port]` pairs that may be private (tests, local development): a parsed list or the raw value. */
  allowPrivate?: AllowPrivateList | string;
  /**
   * `HOST:PORT:TARGET_HOST:TARGET_PORT` entries (curl's `--connect-to`; tests, local development):
   * a parsed list or the raw value. The target of an entry counts as allowed even if private.
   */
  connectTo?: ConnectToList | string;
  lookup?: LookupFn;
  connectTimeoutMs?: number;
  /** Whole fetch, every hop and the body included. */
  timeoutMs?: number;
  /** Decoded body cap (default 10 MiB). */
  maxBytes?: number;
  /** Compressed (on the wire) body cap; default the decoded cap. */
  maxTransferBytes?: number;
  maxRedirects?: number;
  /** Extra request headers for every fetch. */
  headers?: Record<string, string>;
  /** TLS trust for tests with their own certificate authority. */
  ca?: string | Buffer | Array<string | Buffer>;
  /**
   * Accept certificates that do not verify (expired, wrong name, unknown issuer). Only for reading
   * a page whose certificate problem is itself what the report is about; addresses are still checked.
   */
  insecureTls?: boolean;
  /**
   * Keep connections open between fetches and hops (a crawler's thousands of requests to one host),
   * reused only for the same origin and the same resolved, checked addresses. Off by default: every
   * hop then opens its own connection and closes it. `true` takes the defaults of
   * {@link KeepAliveOptions}. Call {@link GuardedFetcher.close} when done.
   */
  keepAlive?: boolean | KeepAliveOptions;
}

export interface KeepAliveOptions {
  /** Pools (one per origin and address set) kept at once; the least recently used is closed first. Default 256. */
  maxPools?: number;
  /** Open connections per pool at most; more concurrent fetches wait for one. Default 6. */
  connectionsPerPool?: number;
}

export const DEFAULT_MAX_POOLS = 256;
export const DEFAULT_CONNECTIONS_PER_POOL = 6;

export interface FetchPageOptions {
  /** POST (a webhook) sends `body` and never follows a redirect. */
  method?: 'GET' | 'HEAD' | 'POST';
  /** The request body of a POST. */
  body?: string;
  maxBytes?: number;
  /** A lower body cap chosen from the final answer's headers (a page fetch reads little of a PDF). */
  maxBytesFor?: (headers: Record<string, string>) => number;
  followRedirects?: boolean;
  /** At the body cap, return what was read with `truncated: true` instead of refusing. */
  truncate?: boolean;
  timeoutMs?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Milliseconds; phases that did not happen on this hop (no DNS for an IP, no TLS for http) are absent. */
export interface HopTimings {
  dns?: number;
  connect?: number;
  tls?: number;
  /** From the request being sent on an open connection to the response headers. */
  firstByte?: number;
  /**
   * Of `firstByte`, the time this process's event loop spent running other work (a crawl's other
   * pages, an embedded database): an answer that arrived meanwhile waited for it, so up to this much
   * of the wait was this machine's, not the site's.
   */
  busy?: number;
  total: number;
}

export interface FetchHop {
  url: string;
  status: number;
  /** Names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The Location header, resolved against `url`, when the status is a redirect. */
  location: string | null;
  /** The address actually connected to. */
  remoteAddress: string | null;
  remotePort: number | null;
  /** ALPN-negotiated protocol, e.g. "http/1.1". */
  protocol: string | null;
  timings: HopTimings;
}

export interface FetchResult {
  requestedUrl: string;
  finalUrl: string;
  method: 'GET' | 'HEAD' | 'POST';
  status: number;
  headers: Record<string, string>;
  /** The body with its Content-Encoding removed. */
  body: Buffer;
  /** `body.length`. */
  bytes: number;
  /** Body bytes received on the wire (before decompression). */
  transferBytes: number;
  /** The body stopped at a cap (only with `truncate`). */
  truncated: boolean;
  /** False when the Content-Encoding is one we cannot undo; `body` is then the raw bytes. */
  decoded: boolean;
  protocol: string | null;
  /** Every response in order; the last is the final one. */
  hops: FetchHop[];
  /** Phases of the final hop; `total` spans the whole fetch. */
  timings: HopTimings;
}

export interface GuardedFetcher {
  fetchPage(url: string | URL, options?: FetchPageOptions): Promise<FetchResult>;
  /** The address policy every hop is held to, for callers that open their own sockets (TLS probe, Chromium's proxy). */
  readonly policy: ConnectPolicy & AddressPolicyOptions;
  readonly userAgent: string;
  /**
   * The same fetcher, accepting certificates that do not verify (see `insecureTls`). With
   * `keepAlive` it is one fetcher per parent, with pools of its own: its `close()` closes those,
   * the parent's `close()` closes both.
   */
  insecure(): GuardedFetcher;
  /**
   * Closes every kept-alive connection (none without `keepAlive`); fetches under way finish first.
   * The fetcher stays usable: a later fetch opens new connections.
   */
  close(): Promise<void>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type ZstdZlib = { createZstdDecompress?: () => Transform };
const zstd = (zlib as unknown as ZstdZlib).createZstdDecompress;
export const ACCEPT_ENCODING = zstd ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br';

const round = (ms: number) => Math.round(ms * 100) / 100;

/** A URL's host resolved once, every address checked: connect only to these. */
export interface ResolvedTarget {
  url: URL;
  /** The URL's host name without IPv6 brackets. */
  hostname: string;
  /** The URL's port (80 or 443 when it has none). */
  port: number;
  /**
   * The host whose addresses these are: `hostname`, or the target of a `connectTo` entry (an
   * address or a name), which the connection then counts as allowed.
   */
  connectHost: string;
  /** The port to connect to: `port`, or the target port of a `connectTo` entry. */
  connectPort: number;
  https: boolean;
  /** Canonical, checked addresses (of `connectHost`) in resolver order. */
  addresses: string[];
  /** Resolver time; absent for an IP literal. */
  dnsMs?: number;
}

export interface AddressPolicyOptions {
  allowPrivate: AllowPrivateList;
  /** Absent: none. */
  connectTo?: ConnectToList;
  lookup?: LookupFn;
}

export interface ConnectPolicy {
  allowPrivate: AllowPrivateList;
  /** Absent: none. */
  connectTo?: ConnectToList;
  connectTimeoutMs: number;
  ca?: GuardedFetcherOptions['ca'];
  insecureTls?: boolean;
}

/**
 * `mapped`: the address is one of a `connectTo` entry's target, which the operator named, so it
 * may be private like an allow-listed one.
 */
function permitted(
  policy: { allowPrivate: AllowPrivateList },
  address: string,
  port: number,
  hostname: string,
  mapped = false,
): AddressVerdict {
  const verdict = classifyAddress(address);
  if (verdict.allowed) return verdict;
  if (verdict.address && (mapped || policy.allowPrivate.allows(verdict.address, port, hostname))) {
    return { allowed: true, address: verdict.address, family: verdict.family ?? 4 };
  }
  return verdict;
}

function forbidden(url: string, host: string, address: string, reason: string): FetchRefused {
  const via = host === address ? '' : ` (resolves to ${address})`;
  return new FetchRefused(
    'forbidden-address',
    `${host}${via} is a ${reason} address; Sitelens only fetches public addresses`,
    {
      url,
    },
  );
}

function checkUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused(
      'bad-scheme',
      `Only http and https addresses can be fetched, not ${url.protocol}`,
      {
        url: url.href,
      },
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new FetchRefused('bad-url', 'Addresses with a user name or password cannot be fetched', {
      url: url.href,
    });
  }
  if (url.hostname === '') throw new FetchRefused('bad-url', 'The address has no host', { url: url.href });
}

export interface ConnectRecord {
  connect?: number;
  tls?: number;
  ready?: number;
  remoteAddress?: string;
  protocol?: string;
}

function tlsCode(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('ERR_TLS') ||
      code.startsWith('ERR_SSL') ||
      code.includes('CERT') ||
      code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
      code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
      code === 'ECONNRESET_TLS')
  );
}

/**
 * Whether the policy's `connectTo` sends `target` (its URL's host and port) to `address`: the
 * entry's target address itself, or an address resolved for the entry's target name.
 */
function mappedTo(policy: { connectTo?: ConnectToList }, target: ResolvedTarget, address: string): boolean {
  const entry = policy.connectTo?.lookup(target.hostname, target.port);
  if (!entry || entry.port !== target.connectPort) return false;
  const ip = canonicalAddress(entry.host);
  return ip === null ? entry.host === target.connectHost : ip === canonicalAddress(address);
}

/**
 * An undici connector that ignores the host undici asks for and connects only to `target.addresses`
 * (already resolved and checked), checking each again here: undici skips `lookup` for IP literals.
 */
export function createPinnedConnector(
  target: ResolvedTarget,
  policy: ConnectPolicy,
  record: ConnectRecord,
  signal?: AbortSignal,
): buildConnector.connector {
  return (_options, callback) => {
    let settled = false;
    let cancel: (() => void) | null = null;
    const finish = (err: Error | null, socket?: net.Socket) => {
      if (settled) return;
      settled = true;
      if (cancel) signal?.removeEventListener('abort', cancel);
      if (err) callback(err, null);
      else callback(null, socket!);
    };
    const attempt = (index: number) => {
      const address = target.addresses[index];
      if (address === undefined) {
        finish(
          new FetchRefused('connect', `No address of ${target.hostname} to connect to`, {
            url: target.url.href,
          }),
        );
        return;
      }
      const verdict = permitted(
        policy,
        address,
        target.connectPort,
        target.hostname,
        mappedTo(policy, target, address),
      );
      if (!verdict.allowed) {
        finish(forbidden(target.url.href, target.hostname, address, verdict.reason));
        return;
      }
      const started = performance.now();
      let phase: 'connect' | 'tls' = 'connect';
      let socket: net.Socket = net.connect({ host: verdict.address, port: target.connectPort });
      const timer = setTimeout(() => {
        socket.destroy(
          new FetchRefused(
            'timeout',
            `Connecting to ${target.url.host} timed out after ${policy.connectTimeoutMs} ms`,
            { url: target.url.href },
          ),
        );
      }, policy.connectTimeoutMs);
      // The whole fetch timed out or was cancelled: do not leave a half-open socket behind.
      if (cancel) signal?.removeEventListener('abort', cancel);
      cancel = () => socket.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', cancel, { once: true });
      const onError = (err: Error) => {
        clearTimeout(timer);
        socket.destroy();
        if (err instanceof FetchRefused) return finish(err);
        if (phase === 'tls' || tlsCode(err)) {
          return finish(
            new FetchRefused('tls', `TLS with ${target.url.host} failed: ${err.message}`, {
              url: target.url.href,
              cause: err,
            }),
          );
        }
        // Try the next checked address (an unreachable IPv6 before a working IPv4).
        if (index + 1 < target.addresses.length) return attempt(index + 1);
        finish(
          new FetchRefused('connect', `Could not connect to ${target.url.host}: ${err.message}`, {
            url: target.url.href,
            cause: err,
          }),
        );
      };
      socket.once('error', onError);
      socket.once('connect', () => {
        const connected = performance.now();
        record.connect = round(connected - started);
        record.remoteAddress = verdict.address;
        if (!target.https) {
          clearTimeout(timer);
          socket.off('error', onError);
          record.ready = connected;
          record.protocol = 'http/1.1';
          return finish(null, socket);
        }
        phase = 'tls';
        socket.off('error', onError);
        const bare = target.hostname;
        const secure = tls.connect({
          socket,
          host: bare,
          // SNI must not carry an IP address.
          servername: net.isIP(bare) ? undefined : bare,
          ALPNProtocols: ['http/1.1'],
          ca: policy.ca,
          rejectUnauthorized: !policy.insecureTls,
        });
        socket = secure;
        secure.once('error', onError);
        secure.once('secureConnect', () => {
          clearTimeout(timer);
          secure.off('error', onError);
          const ready = performance.now();
          record.tls = round(ready - connected);
          record.ready = ready;
          record.protocol = secure.alpnProtocol || 'http/1.1';
          finish(null, secure);
        });
      });
    };
    if (signal?.aborted) finish(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    else attempt(0);
  };
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

class BodyCap extends Error {
  constructor(readonly which: 'decoded' | 'transfer') {
    super(which);
  }
}

const GZIP_OPTIONS = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** Deflate should be zlib-wrapped, but some servers send it raw; browsers take both. */
async function* inflateAuto(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const head = await iterator.next();
  if (head.done) return;
  const first: Buffer = head.value;
  const wrapped = first.length >= 2 && (first[0]! & 0x0f) === 8 && ((first[0]! << 8) | first[1]!) % 31 === 0;
  const inflater = wrapped ? zlib.createInflate(GZIP_OPTIONS) : zlib.createInflateRaw(GZIP_OPTIONS);
  const rest = Readable.from(
    (async function* () {
      yield first;
      for (let next = await iterator.next(); !next.done; next = await iterator.next())
        yield next.value as Buffer;
    })(),
  );
  const feeding = pipeline(rest, inflater).catch(() => {});
  // Iterating pulls at our pace: zlib stops inflating while we do not read.
  yield* inflater;
  await feeding;
}

type Stage = Transform | ((source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>);

/** Decoders for a Content-Encoding list, innermost last; null when one is unknown. */
function decoders(contentEncoding: string | undefined): Stage[] | null {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  const stages: Stage[] = [];
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') stages.push(zlib.createGunzip(GZIP_OPTIONS));
    else if (coding === 'deflate') stages.push(inflateAuto);
    else if (coding === 'br')
      stages.push(zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }));
    else if (coding === 'zstd' && zstd) stages.push(zstd());
    else return null;
  }
  return stages;
}

interface BodyRead {
  body: Buffer;
  transferBytes: number;
  truncated: boolean;
  decoded: boolean;
}

/** Streams the body through its decoders, stopping the moment either cap is passed. */
async function readBody(
  source: Readable,
  contentEncoding: string | undefined,
  limits: { maxBytes: number; maxTransferBytes: number },
  signal: AbortSignal,
): Promise<BodyRead & { capped: BodyCap | null }> {
  const chunks: Buffer[] = [];
  let transfer = 0;
  let size = 0;
  const stages = decoders(contentEncoding);
  const decoded = stages !== null;
  async function* countTransfer(input: AsyncIterable<Buffer>) {
    for await (const chunk of input) {
      transfer += chunk.length;
      if (transfer > limits.maxTransferBytes) throw new BodyCap('transfer');
      yield chunk;
    }
  }
  async function collect(input: AsyncIterable<Buffer>) {
    for await (const chunk of input) {
      if (size + chunk.length > limits.maxBytes) {
        chunks.push(chunk.subarray(0, limits.maxBytes - size));
        size = limits.maxBytes;
        throw new BodyCap('decoded');
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  }
  let capped: BodyCap | null = null;
  try {
    await (pipeline as (...args: unknown[]) => Promise<void>)(
      source,
      countTransfer,
      ...(stages ?? []),
      collect,
      {
        signal,
      },
    );
  } catch (err) {
    if (!(err instanceof BodyCap)) throw err;
    capped = err;
  }
  return {
    body: Buffer.concat(chunks, size),
    transferBytes: transfer,
    truncated: capped !== null,
    decoded,
    capped,
  };
}

/**
 * Checks a URL (http(s), no user info), resolves its host once and checks every address: the
 * guard a proxy or any other caller needs before it connects. Throws {@link FetchRefused}.
 */
export async function resolveTarget(
  url: URL,
  policy: AddressPolicyOptions,
  signal: AbortSignal = new AbortController().signal,
): Promise<ResolvedTarget> {
  const lookup = policy.lookup ?? systemLookup;
  checkUrl(url);
  const https = url.protocol === 'https:';
  const port = url.port === '' ? (https ? 443 : 80) : Number(url.port);
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  // A connectTo entry for this host and port: connect to its target instead, which is allowed.
  const mapped = policy.connectTo?.lookup(hostname, port) ?? null;
  const connectHost = mapped?.host ?? hostname;
  const connectPort = mapped?.port ?? port;
  const named = mapped ? `${hostname} (connecting to ${connectHost})` : hostname;
  let addresses: string[];
  let dnsMs: number | undefined;
  if (net.isIP(connectHost)) {
    addresses = [connectHost];
  } else {
    const started = performance.now();
    let answers: readonly LookupAddress[];
    try {
      answers = await abortable(lookup(connectHost), signal);
    } catch (err) {
      if (signal.aborted) throw err;
      throw new FetchRefused('dns', `${named} could not be resolved`, { url: url.href, cause: err });
    }
    dnsMs = round(performance.now() - started);
    addresses = answers.map((a) => a.address);
    if (addresses.length === 0) {
      throw new FetchRefused('dns', `${named} has no addresses`, { url: url.href });
    }
  }
  // Every address must pass: a rebinding answer mixes a public address with a private one.
  const checked: string[] = [];
  for (const address of addresses) {
    const verdict = permitted(policy, address, connectPort, hostname, mapped !== null);
    if (!verdict.allowed)
      throw forbidden(url.href, named, canonicalAddress(address) ?? address, verdict.reason);
    checked.push(verdict.address);
  }
  return { url, hostname, port, connectHost, connectPort, https, addresses: checked, dnsMs };
}

/** The client a hop sends its request on: its own (closed after the hop) or a kept-alive one. */
interface Lease {
  client: Client;
  /** Whether the client's connection outlives the hop. */
  pooled: boolean;
  /** The record of the connection open now; a new object after every connect. */
  current(): ConnectRecord | undefined;
  /** `reusable`: the response was read to its end, so the connection may serve another request. */
  release(reusable: boolean): void;
}

/** One kept-alive connection: a Client (one socket, one request at a time) of a pool. */
interface PooledConnection {
  client: Client;
  current?: ConnectRecord;
  /** The hop using it: its target names its URL in a connect error, its signal cancels a connect. */
  target: ResolvedTarget;
  signal?: AbortSignal;
  busy: boolean;
}

interface PoolEntry {
  key: string;
  connections: PooledConnection[];
  /** Fetches waiting for a connection, first come first served. */
  waiting: Array<(connection: PooledConnection) => void>;
  /** Fetches holding or waiting for one of its connections. */
  users: number;
  /** Evicted or closed: it takes no new fetches and closes when its last user is done. */
  retired: boolean;
  closed: Promise<void>;
  finish: () => void;
}

interface ConnectionPools {
  acquire(target: ResolvedTarget, signal: AbortSignal): Promise<Lease>;
  close(): Promise<void>;
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`keepAlive.${name} must be a positive integer, not ${value}`);
  }
  return value;
}

/**
 * Kept-alive connections, pooled per origin and per resolved, checked address set: a host whose
 * DNS answer changes gets a new pool, never the old connections, and every hop is still resolved
 * and checked before it is given one.
 */
function createConnectionPools(policy: ConnectPolicy, options: KeepAliveOptions): ConnectionPools {
  const maxPools = positiveInteger(options.maxPools, DEFAULT_MAX_POOLS, 'maxPools');
  const perPool = positiveInteger(
    options.connectionsPerPool,
    DEFAULT_CONNECTIONS_PER_POOL,
    'connectionsPerPool',
  );
  // Insertion order is recency: a pool is moved to the end when used, eviction takes the first.
  const pools = new Map<string, PoolEntry>();
  // Every pool not closed yet, evicted ones still in use included.
  const open = new Set<PoolEntry>();

  function shut(entry: PoolEntry): void {
    if (!open.delete(entry)) return;
    const closing = entry.connections.map((c) =>
      c.client
        .close()
        .catch(() => c.client.destroy())
        .catch(() => {}),
    );
    void Promise.all(closing).then(entry.finish);
  }

  function retire(entry: PoolEntry): void {
    if (pools.get(entry.key) === entry) pools.delete(entry.key);
    entry.retired = true;
    if (entry.users === 0) shut(entry);
  }

  function leave(entry: PoolEntry): void {
    entry.users--;
    if (entry.retired && entry.users === 0) shut(entry);
  }

  function connection(target: ResolvedTarget): PooledConnection {
    const kept: PooledConnection = { client: undefined as unknown as Client, target, busy: true };
    kept.client = new Client(target.url.origin, {
      // A new record per socket: a reused connection reports where it goes, not old timings.
      connect: (connectOptions, callback) => {
        const record: ConnectRecord = {};
        createPinnedConnector(
          kept.target,
          policy,
          record,
          kept.signal,
        )(connectOptions, (...args) => {
          if (args[0] === null) kept.current = record;
          callback(...args);
        });
      },
      pipelining: 1,
      // Our own total timeout governs; these only must not fire first.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    return kept;
  }

  function take(entry: PoolEntry, target: ResolvedTarget, signal: AbortSignal): Promise<PooledConnection> {
    const idle = entry.connections.find((c) => !c.busy);
    if (idle) {
      idle.busy = true;
      return Promise.resolve(idle);
    }
    if (entry.connections.length < perPool) {
      const fresh = connection(target);
      entry.connections.push(fresh);
      return Promise.resolve(fresh);
    }
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const grant = (c: PooledConnection) => {
        signal.removeEventListener('abort', onAbort);
        resolve(c);
      };
      const onAbort = () => {
        const at = entry.waiting.indexOf(grant);
        if (at !== -1) entry.waiting.splice(at, 1);
        reject(signal.reason);
      };
      entry.waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  function give(entry: PoolEntry, kept: PooledConnection, reusable: boolean): void {
    kept.signal = undefined;
    let handed = kept;
    if (!reusable) {
      // Dropped now: undici would reconnect only to skip an aborted request.
      entry.connections.splice(entry.connections.indexOf(kept), 1);
      void kept.client.destroy().catch(() => {});
      if (entry.waiting.length === 0) return;
      handed = connection(kept.target);
      entry.connections.push(handed);
    }
    const next = entry.waiting.shift();
    // Handed straight on: it stays busy.
    if (next) next(handed);
    else handed.busy = false;
  }

  async function acquire(target: ResolvedTarget, signal: AbortSignal): Promise<Lease> {
    const key = `${target.url.origin}|${target.connectHost}|${target.connectPort}|${target.addresses.join(',')}|${policy.insecureTls ? 'insecure' : ''}`;
    let entry = pools.get(key);
    if (entry) pools.delete(key);
    else {
      let finish!: () => void;
      const closed = new Promise<void>((resolve) => {
        finish = resolve;
      });
      entry = { key, connections: [], waiting: [], users: 0, retired: false, closed, finish };
      open.add(entry);
    }
    pools.set(key, entry);
    for (const oldest of pools.values()) {
      if (pools.size <= maxPools) break;
      retire(oldest);
    }
    const used = entry;
    used.users++;
    let kept: PooledConnection;
    try {
      kept = await take(used, target, signal);
    } catch (err) {
      leave(used);
      throw err;
    }
    kept.target = target;
    kept.signal = signal;
    let released = false;
    return {
      client: kept.client,
      pooled: true,
      current: () => kept.current,
      release: (reusable) => {
        if (released) return;
        released = true;
        give(used, kept, reusable);
        leave(used);
      },
    };
  }

  async function close(): Promise<void> {
    for (const entry of [...pools.values()]) retire(entry);
    await Promise.all([...open].map((entry) => entry.closed));
  }

  return { acquire, close };
}

/** A reused connection the server had already closed: the request never reached it. */
function droppedConnection(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

/** Cap on an unread body read to its end so its connection can serve the next request. */
const DRAIN_BYTES = 64 * 1024;
const DRAIN_MS = 1000;

/** Reads a small unread body to its end (the connection stays usable); a large or slow one is dropped with its connection. */
async function drain(body: Readable): Promise<void> {
  body.on('error', () => {});
  const timer = setTimeout(() => discard(body), DRAIN_MS);
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > DRAIN_BYTES) break;
    }
  } catch {
    // Dropped or aborted: the connection goes with it.
  } finally {
    clearTimeout(timer);
  }
  if (!body.readableEnded) discard(body);
}

/**
 * Creates the fetcher every outgoing request of the engine goes through: http(s) only, every
 * address of every hop checked and pinned, redirects followed by hand, time and size capped.
 */
export function createGuardedFetcher(options: GuardedFetcherOptions = {}): GuardedFetcher {
  const lookup = options.lookup ?? systemLookup;
  const allowPrivate =
    typeof options.allowPrivate === 'string'
      ? parseAllowPrivate(options.allowPrivate)
      : (options.allowPrivate ?? NO_PRIVATE);
  const connectTo =
    typeof options.connectTo === 'string'
      ? parseConnectTo(options.connectTo)
      : (options.connectTo ?? NO_CONNECT_TO);
  const policy: ConnectPolicy & AddressPolicyOptions = {
    allowPrivate,
    connectTo,
    lookup,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    ca: options.ca,
    insecureTls: options.insecureTls ?? false,
  };
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const baseHeaders: Record<string, string> = {
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-encoding': ACCEPT_ENCODING,
    ...lowerKeys(options.headers),
  };
  const keepAlive = options.keepAlive === true ? {} : options.keepAlive || null;
  const pools = keepAlive ? createConnectionPools(policy, keepAlive) : null;
  let insecureChild: GuardedFetcher | null = null;

  async function fetchHop(
    url: URL,
    method: 'GET' | 'HEAD' | 'POST',
    headers: Record<string, string>,
    requestBody: string | undefined,
    signal: AbortSignal,
    readFinalBody: (hop: FetchHop, body: Readable) => Promise<void>,
    isFinal: (status: number, location: string | null) => boolean,
  ): Promise<FetchHop> {
    const started = performance.now();
    // Every hop, pooled or not: an answer that turned private is refused before any connection is used.
    const target = await resolveTarget(url, policy, signal);
    const dnsMs = target.dnsMs;
    const lease = pools ? await pools.acquire(target, signal) : ownClient(target, signal);
    let body: Readable | null = null;
    try {
      let reused: ConnectRecord | undefined;
      let dispatched: number;
      let loopAtDispatch: EventLoopUtilization;
      let response: Dispatcher.ResponseData;
      for (let attempt = 0; ; attempt++) {
        reused = lease.pooled ? lease.current() : undefined;
        dispatched = performance.now();
        loopAtDispatch = performance.eventLoopUtilization();
        try {
          response = await lease.client.request({
            path: `${url.pathname}${url.search}`,
            method,
            headers,
            body: requestBody,
            signal,
          });
          break;
        } catch (err) {
          // A kept-alive connection the server closed as we sent: once more on a new one (GET and HEAD only).
          const dropped =
            method !== 'POST' &&
            reused !== undefined &&
            lease.current() === reused &&
            attempt === 0 &&
            !signal.aborted &&
            findRefused(err) === null &&
            droppedConnection(err);
          if (!dropped) throw err;
        }
      }
      body = response.body;
      const headersAt = performance.now();
      const loop = performance.eventLoopUtilization(loopAtDispatch!);
      const record = lease.current() ?? {};
      // On a reused connection there was no connect or TLS on this hop.
      const opened = record !== reused;
      const flat = flattenHeaders(response.headers);
      let location: string | null = null;
      if (REDIRECT_STATUSES.has(response.statusCode) && flat.location !== undefined) {
        try {
          location = new URL(flat.location, url).href;
        } catch {
          location = null;
        }
      }
      const timings: HopTimings = { total: 0 };
      if (dnsMs !== undefined) timings.dns = dnsMs;
      if (opened && record.connect !== undefined) timings.connect = record.connect;
      if (opened && record.tls !== undefined) timings.tls = record.tls;
      timings.firstByte = round(
        headersAt - Math.max((opened ? record.ready : undefined) ?? dispatched, dispatched),
      );
      timings.busy = Math.min(timings.firstByte, round(loop.active));
      const hop: FetchHop = {
        url: url.href,
        status: response.statusCode,
        headers: flat,
        location,
        remoteAddress: record.remoteAddress ?? null,
        remotePort: record.remoteAddress ? target.connectPort : null,
        protocol: record.protocol ?? null,
        timings,
      };
      if (isFinal(response.statusCode, location)) await readFinalBody(hop, response.body);
      else if (pools) await drain(response.body);
      else discard(response.body);
      timings.total = round(performance.now() - started);
      return hop;
    } finally {
      // A body left unread (an error on the way) must not hold the connection.
      const ended = body?.readableEnded === true;
      if (lease.pooled && body && !ended) discard(body);
      lease.release(ended);
      if (!lease.pooled) await lease.client.destroy().catch(() => {});
    }
  }

  /** A client of the hop's own, connected only for it (no keep-alive). */
  function ownClient(target: ResolvedTarget, signal: AbortSignal): Lease {
    const record: ConnectRecord = {};
    const client = new Client(target.url.origin, {
      connect: createPinnedConnector(target, policy, record, signal),
      pipelining: 1,
      // Our own total timeout governs; these only must not fire first.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    return { client, pooled: false, current: () => record, release: () => {} };
  }

  async function fetchPage(input: string | URL, opts: FetchPageOptions = {}): Promise<FetchResult> {
    const started = performance.now();
    const method = opts.method ?? 'GET';
    const follow = method !== 'POST' && (opts.followRedirects ?? true);
    const maxBytes = opts.maxBytes ?? options.maxBytes ?? DEFAULT_MAX_BYTES;
    const maxTransferBytes = Math.max(options.maxTransferBytes ?? maxBytes, opts.maxBytes ?? 0);
    const timeoutMs = opts.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const headers = { ...baseHeaders, ...lowerKeys(opts.headers) };
    const requestedUrl = typeof input === 'string' ? input : input.href;

    let url: URL;
    try {
      url = new URL(requestedUrl);
    } catch (err) {
      throw new FetchRefused('bad-url', `"${requestedUrl}" is not a valid address`, { cause: err });
    }
    checkUrl(url);

    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        controller.abort(
          new FetchRefused('timeout', `Fetching ${url.href} took longer than ${timeoutMs} ms`, {
            url: url.href,
          }),
        ),
      timeoutMs,
    );
    const onCallerAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) onCallerAbort();
    opts.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const hops: FetchHop[] = [];
    let final: BodyRead = { body: Buffer.alloc(0), transferBytes: 0, truncated: false, decoded: true };
    const readFinalBody = async (hop: FetchHop, body: Readable) => {
      if (method === 'HEAD' || hop.status === 204 || hop.status === 304) {
        if (pools) await drain(body);
        else discard(body);
        return;
      }
      const cap = opts.maxBytesFor ? Math.min(maxBytes, opts.maxBytesFor(hop.headers)) : maxBytes;
      const read = await readBody(
        body,
        hop.headers['content-encoding'],
        { maxBytes: cap, maxTransferBytes },
        controller.signal,
      );
      if (read.capped && !opts.truncate) {
        const message =
          read.capped.which === 'decoded'
            ? `${hop.url} decodes to more than ${cap} bytes`
            : `${hop.url} sends more than ${maxTransferBytes} bytes`;
        throw new FetchRefused('too-large', message, { url: hop.url });
      }
      final = read;
    };
    const isFinal = (status: number, location: string | null) =>
      !follow || !REDIRECT_STATUSES.has(status) || location === null;

    let current = url;
    try {
      for (;;) {
        let hop: FetchHop;
        try {
          hop = await fetchHop(
            current,
            method,
            headers,
            opts.body,
            controller.signal,
            readFinalBody,
            isFinal,
          );
        } catch (err) {
          const from = hops.at(-1);
          if (from && err instanceof FetchRefused && err.code === 'forbidden-address') {
            // Say it was the redirect: the user typed a public address.
            throw new FetchRefused(err.code, `Redirect from ${from.url} refused: ${err.message}`, {
              url: err.url,
              cause: err,
            });
          }
          throw err;
        }
        hops.push(hop);
        if (isFinal(hop.status, hop.location)) break;
        if (hops.length > maxRedirects) {
          throw new FetchRefused(
            'too-many-redirects',
            `More than ${maxRedirects} redirects from ${url.href}`,
            {
              url: hop.location,
            },
          );
        }
        const next = new URL(hop.location!);
        try {
          checkUrl(next);
        } catch (err) {
          if (err instanceof FetchRefused) {
            throw new FetchRefused(
              err.code,
              `Redirect from ${hop.url} to ${next.href} refused: ${err.message}`,
              {
                url: next.href,
              },
            );
          }
          throw err;
        }
        current = next;
      }
    } catch (err) {
      throw normalizeError(err, controller.signal, current.href);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }

    const last = hops.at(-1)!;
    return {
      requestedUrl,
      finalUrl: last.url,
      method,
      status: last.status,
      headers: last.headers,
      body: final.body,
      bytes: final.body.length,
      transferBytes: final.transferBytes,
      truncated: final.truncated,
      decoded: final.decoded,
      protocol: last.protocol,
      hops,
      timings: { ...last.timings, total: round(performance.now() - started) },
    };
  }

  return {
    fetchPage,
    policy,
    userAgent: baseHeaders['user-agent']!,
    insecure: () => {
      const child = () => createGuardedFetcher({ ...options, allowPrivate, connectTo, insecureTls: true });
      // Kept alive: one child, so its pools are not left open by every call.
      if (!pools) return child();
      insecureChild ??= child();
      return insecureChild;
    },
    close: async () => {
      await Promise.all([pools?.close(), insecureChild?.close()]);
    },
  };
}

/** Drops an unread body; undici reports destroying it unread as an error nobody needs. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

function findRefused(err: unknown): FetchRefused | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof FetchRefused) return e;
  }
  return null;
}

/** One error type out: our refusals as they are, an aborted signal as its reason, the rest mapped. */
function normalizeError(err: unknown, signal: AbortSignal, url: string | null): unknown {
  if (signal.aborted) return signal.reason instanceof FetchRefused ? signal.reason : (signal.reason ?? err);
  const refused = findRefused(err);
  if (refused) return refused;
  const code = (err as { code?: unknown })?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new FetchRefused('timeout', `Timed out: ${message}`, { url, cause: err });
  }
  return new FetchRefused('network', `The connection failed: ${message}`, { url, cause: err });
}
