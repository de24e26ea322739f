export {
  type AddressVerdict,
  canonicalAddress,
  classifyAddress,
  type ForbiddenReason,
  forbiddenReason,
  isForbiddenAddress,
  parseAddress,
} from './address-policy';
export {
  ALLOW_PRIVATE_VARIABLE,
  type AllowPrivateEntry,
  type AllowPrivateList,
  assertAllowPrivateSafe,
  NO_PRIVATE,
  parseAllowPrivate,
} from './allow-private';
export { charsetFromContentType, decodeText } from './charset';
export {
  assertConnectToSafe,
  CONNECT_TO_VARIABLE,
  type ConnectToEntry,
  type ConnectToList,
  type ConnectToTarget,
  NO_CONNECT_TO,
  parseConnectTo,
} from './connect-to';
export {
  ACCEPT_ENCODING,
  type AddressPolicyOptions,
  type ConnectPolicy,
  createGuardedFetcher,
  createPinnedConnector,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_CONNECTIONS_PER_POOL,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_POOLS,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  type FetchHop,
  type FetchPageOptions,
  FetchRefused,
  type FetchRefusedCode,
  type FetchResult,
  type GuardedFetcher,
  type GuardedFetcherOptions,
  type HopTimings,
  type KeepAliveOptions,
  type LookupAddress,
  type LookupFn,
  type ResolvedTarget,
  resolveTarget,
  SITELENS_URL,
  SITELENS_VERSION,
  systemLookup,
} from './guarded-fetch';
export { toPageArtifact } from './page-artifact';
export { type ResolveLinkOptions, resolveLink } from './resolve-link';
