import { describe, expect, it } from 'vitest';
import { assertAllowPrivateSafe, parseAllowPrivate } from './allow-private';

describe('parseAllowPrivate', () => {
  it('matches exact address and port pairs only', () => {
    const list = parseAllowPrivate('127.0.0.1:8081, [::1]:9000');
    expect(list.allows('127.0.0.1', 8081)).toBe(true);
    expect(list.allows('127.0.0.1', 8082)).toBe(false);
    expect(list.allows('127.0.0.2', 8081)).toBe(false);
    expect(list.allows('::1', 9000)).toBe(true);
    expect(list.allows('0:0::1', 9000)).toBe(true);
    expect(list.allows('::1', 8081)).toBe(false);
    expect(list.allows('::ffff:127.0.0.1', 8081)).toBe(false);
  });

  it('an entry without a port allows every port of that host', () => {
    const list = parseAllowPrivate('10.0.0.5,fd00::1');
    expect(list.allows('10.0.0.5', 1)).toBe(true);
    expect(list.allows('10.0.0.5', 65535)).toBe(true);
    expect(list.allows('fd00:0::1', 443)).toBe(true);
    expect(list.allows('10.0.0.6', 80)).toBe(false);
  });

  it('host names match the URL host name, case-insensitively', () => {
    const list = parseAllowPrivate('Intranet.Test:8080');
    expect(list.allows('10.1.1.1', 8080, 'intranet.test')).toBe(true);
    expect(list.allows('10.1.1.1', 8080, 'other.test')).toBe(false);
    expect(list.allows('10.1.1.1', 8081, 'intranet.test')).toBe(false);
  });

  it('empty or unset allows nothing', () => {
    for (const value of [undefined, '', ' , ']) {
      const list = parseAllowPrivate(value);
      expect(list.entries).toEqual([]);
      expect(list.allows('127.0.0.1', 80)).toBe(false);
    }
  });

  it('folds legacy IPv4 forms in entries', () => {
    expect(parseAllowPrivate('2130706433:80').entries).toEqual([{ host: '127.0.0.1', port: 80 }]);
  });

  it.each(['127.0.0.1:0', '127.0.0.1:70000', '127.0.0.1:http', '[::1', '[::1]x', 'a b', 'http://x'])(
    'rejects the malformed entry %s',
    (value) => {
      expect(() => parseAllowPrivate(value)).toThrow(/FETCH_ALLOW_PRIVATE/);
    },
  );
});

describe('assertAllowPrivateSafe', () => {
  it('refuses to start in production when set', () => {
    expect(() => assertAllowPrivateSafe('production', '127.0.0.1:8081')).toThrow(/NODE_ENV=production/);
  });

  it('allows production without it, and other environments with it', () => {
    expect(() => assertAllowPrivateSafe('production', undefined)).not.toThrow();
    expect(() => assertAllowPrivateSafe('production', '')).not.toThrow();
    expect(() => assertAllowPrivateSafe('test', '127.0.0.1:8081')).not.toThrow();
    expect(() => assertAllowPrivateSafe(undefined, '127.0.0.1:8081')).not.toThrow();
  });

  it('refuses a malformed value anywhere', () => {
    expect(() => assertAllowPrivateSafe('development', '127.0.0.1:x')).toThrow();
  });
});
