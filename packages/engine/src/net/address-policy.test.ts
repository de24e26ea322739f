import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { canonicalAddress, classifyAddress, forbiddenReason, isForbiddenAddress } from './address-policy';

const FORBIDDEN_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];

const FORBIDDEN_V6 = [
  '::/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '2002::/16',
  '2001::/32',
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
  // Everything outside 2000::/3 is not global unicast.
  '4000::/2',
  '100::/64',
];

/** Any address inside `cidr`: random bits with the prefix copied over. */
function insideV4(cidr: string) {
  const [net, bits] = ipaddr.IPv4.parseCIDR(cidr);
  const base = net.toByteArray().reduce((acc, b) => acc * 256 + b, 0);
  const size = 2 ** (32 - bits);
  return fc.integer({ min: 0, max: size - 1 }).map((offset) => {
    const n = base - (base % size) + offset;
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  });
}

function insideV6(cidr: string) {
  const [net, bits] = ipaddr.IPv6.parseCIDR(cidr);
  const prefix = net.toByteArray();
  return fc.uint8Array({ minLength: 16, maxLength: 16 }).map((random) => {
    const bytes = Array.from(random, (b, i) => {
      const keep = Math.max(0, Math.min(8, bits - i * 8));
      const mask = (0xff << (8 - keep)) & 0xff;
      return (prefix[i]! & mask) | (b & ~mask & 0xff);
    });
    return ipaddr.fromByteArray(bytes).toString();
  });
}

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::7f00:1', 'ipv4-compatible'],
    ['::8.8.8.8', 'ipv4-compatible'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:0:7f00:1', 'ipv4-translated'],
    ['64:ff9b::7f00:1', 'nat64'],
    ['64:ff9b::8.8.8.8', 'nat64'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['fd00:ec2::254', 'metadata'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['example.com', 'invalid'],
    ['', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
  ])('refuses %s (%s)', (ip, reason) => {
    expect(forbiddenReason(ip)).toBe(reason);
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
  ])('allows global unicast %s', (ip) => {
    expect(classifyAddress(ip).allowed).toBe(true);
  });

  it('folds legacy IPv4 forms to their canonical address', () => {
    expect(canonicalAddress('2130706433')).toBe('127.0.0.1');
    expect(canonicalAddress('0x7f.1')).toBe('127.0.0.1');
    expect(canonicalAddress('127.1')).toBe('127.0.0.1');
    expect(canonicalAddress('0177.0.0.1')).toBe('127.0.0.1');
  });

  it.each(FORBIDDEN_V4)('refuses every IPv4 address in %s, and its IPv4-mapped form', (cidr) => {
    fc.assert(
      fc.property(insideV4(cidr), (ip) => {
        expect(isForbiddenAddress(ip)).toBe(true);
        expect(isForbiddenAddress(`::ffff:${ip}`)).toBe(true);
        expect(isForbiddenAddress(`[${ipaddr.IPv4.parse(ip).toIPv4MappedAddress().toString()}]`)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it.each(FORBIDDEN_V6)('refuses every IPv6 address in %s', (cidr) => {
    fc.assert(
      fc.property(insideV6(cidr), (ip) => {
        expect(isForbiddenAddress(ip)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('classifies URL-folded IPv4 hostnames like the written form (ipV4Extended)', () => {
    fc.assert(
      fc.property(fc.ipV4Extended(), (written) => {
        const hostname = new URL(`http://${written}/`).hostname;
        expect(classifyAddress(hostname)).toEqual(classifyAddress(written));
        expect(canonicalAddress(written)).toBe(hostname);
      }),
      { numRuns: 2000 },
    );
  });

  it('classifies URL-folded IPv6 hostnames like the written form (ipV6)', () => {
    fc.assert(
      fc.property(fc.ipV6(), (written) => {
        const hostname = new URL(`http://[${written}]/`).hostname;
        expect(classifyAddress(hostname)).toEqual(classifyAddress(written));
      }),
      { numRuns: 2000 },
    );
  });

  it('an IPv4-mapped IPv6 address classifies as its IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const mapped = ipaddr.IPv4.parse(v4).toIPv4MappedAddress().toString();
        expect(classifyAddress(mapped).allowed).toBe(classifyAddress(v4).allowed);
        expect(classifyAddress(`::ffff:${v4}`).allowed).toBe(classifyAddress(v4).allowed);
      }),
      { numRuns: 2000 },
    );
  });

  it('allows an address only when ipaddr.js calls it unicast and it is not in a denied range', () => {
    const denied = FORBIDDEN_V6.map((c) => ipaddr.IPv6.parseCIDR(c));
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV4Extended(), fc.ipV6()), (ip) => {
        const verdict = classifyAddress(ip);
        if (!verdict.allowed) return;
        const parsed = ipaddr.parse(ip);
        if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
          expect(parsed.range()).toBe('unicast');
          for (const range of denied) expect(parsed.match(range)).toBe(false);
        } else {
          const v4 = parsed.kind() === 'ipv4' ? parsed : (parsed as ipaddr.IPv6).toIPv4Address();
          expect(v4.range()).toBe('unicast');
        }
      }),
      { numRuns: 5000 },
    );
  });
});
