import ipaddr from 'ipaddr.js';

/** Why an address may not be fetched. Ranges named as ipaddr.js names them, plus our own. */
export type ForbiddenReason =
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade-nat'
  | 'metadata'
  | 'broadcast'
  | 'multicast'
  | 'reserved'
  | 'unique-local'
  | 'ipv4-compatible'
  | 'ipv4-translated'
  | 'nat64'
  | '6to4'
  | 'teredo'
  | 'not-global';

export type AddressVerdict =
  | { allowed: true; address: string; family: 4 | 6 }
  | { allowed: false; address: string | null; family: 4 | 6 | null; reason: ForbiddenReason };

const IPV4_REASONS: Record<string, ForbiddenReason> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade-nat',
  private: 'private',
};

const IPV6_REASONS: Record<string, ForbiddenReason> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'unique-local',
  deprecatedSiteLocal: 'link-local',
  rfc6145: 'ipv4-translated',
  rfc6052: 'nat64',
  '6to4': '6to4',
  teredo: 'teredo',
};

const METADATA_V4 = ipaddr.IPv4.parse('169.254.169.254');
const METADATA_V6 = ipaddr.IPv6.parse('fd00:ec2::254');
// ipaddr.js calls ::/96 (IPv4-compatible, deprecated) unicast.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
// Only 2000::/3 is allocated as global unicast; the rest of "unicast" is unassigned.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
// Documentation prefix newer than ipaddr.js's tables (RFC 9637).
const DOCUMENTATION_V6 = ipaddr.IPv6.parseCIDR('3fff::/20');

function classifyV4(ip: ipaddr.IPv4): AddressVerdict {
  const address = ip.toString();
  if (ip.match(METADATA_V4, 32)) return { allowed: false, address, family: 4, reason: 'metadata' };
  const range = ip.range();
  if (range === 'unicast') return { allowed: true, address, family: 4 };
  // reserved, benchmarking, as112, amt: nothing a site lives on.
  return { allowed: false, address, family: 4, reason: IPV4_REASONS[range] ?? 'reserved' };
}

function classifyV6(ip: ipaddr.IPv6): AddressVerdict {
  // A zone id only makes sense for scoped (non-global) addresses.
  if (ip.zoneId !== undefined) {
    const unscoped = classifyV6(new ipaddr.IPv6(ip.parts));
    return unscoped.allowed ? { ...unscoped, allowed: false, family: 6, reason: 'invalid' } : unscoped;
  }
  const address = ip.toString();
  if (ip.isIPv4MappedAddress()) return classifyV4(ip.toIPv4Address());
  if (ip.match(METADATA_V6, 128)) return { allowed: false, address, family: 6, reason: 'metadata' };
  const range = ip.range();
  const named = IPV6_REASONS[range];
  if (named) return { allowed: false, address, family: 6, reason: named };
  if (ip.match(IPV4_COMPATIBLE)) return { allowed: false, address, family: 6, reason: 'ipv4-compatible' };
  if (range !== 'unicast') return { allowed: false, address, family: 6, reason: 'reserved' };
  if (ip.match(DOCUMENTATION_V6)) return { allowed: false, address, family: 6, reason: 'reserved' };
  if (!ip.match(GLOBAL_UNICAST_V6)) return { allowed: false, address, family: 6, reason: 'not-global' };
  return { allowed: true, address, family: 6 };
}

/**
 * Parses an IP address as the WHATWG URL parser would (so `2130706433`, `0x7f.1` and `127.1` are
 * 127.0.0.1; brackets around IPv6 are accepted). Returns null for anything that is not an address.
 */
export function parseAddress(input: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (s.length === 0) return null;
  try {
    if (!s.includes(':')) return ipaddr.IPv4.isValid(s) ? ipaddr.IPv4.parse(s) : null;
    const zone = s.indexOf('%');
    const bare = zone === -1 ? s : s.slice(0, zone);
    if (!ipaddr.IPv6.isValid(bare)) return null;
    // ipaddr.js reads `::1.2.3.4` as IPv4-mapped; the URL parser (what we connect with) does not.
    const folded = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
    const ip = ipaddr.IPv6.parse(folded);
    if (zone !== -1) ip.zoneId = s.slice(zone + 1);
    return ip;
  } catch {
    return null;
  }
}

/** Canonical text of an address (IPv4 dotted quad, IPv6 RFC 5952), or null. */
export function canonicalAddress(input: string): string | null {
  return parseAddress(input)?.toString() ?? null;
}

/** Allows only global unicast; everything else (and anything unparseable) is refused with a reason. */
export function classifyAddress(input: string): AddressVerdict {
  const ip = parseAddress(input);
  if (!ip) return { allowed: false, address: null, family: null, reason: 'invalid' };
  return ip.kind() === 'ipv4' ? classifyV4(ip as ipaddr.IPv4) : classifyV6(ip as ipaddr.IPv6);
}

export function isForbiddenAddress(input: string): boolean {
  return !classifyAddress(input).allowed;
}

/** The reason an address is refused, or null when it may be fetched. */
export function forbiddenReason(input: string): ForbiddenReason | null {
  const verdict = classifyAddress(input);
  return verdict.allowed ? null : verdict.reason;
}
