import { describe, expect, it } from 'vitest';
import { assertConnectToSafe, parseConnectTo } from './connect-to';

describe('parseConnectTo', () => {
  it('maps an exact host and port to its target', () => {
    const list = parseConnectTo('shop.example.com:80:127.0.0.1:8081, shop.example.com:443:127.0.0.1:8443');
    expect(list.entries).toEqual([
      { host: 'shop.example.com', port: 80, target: { host: '127.0.0.1', port: 8081 } },
      { host: 'shop.example.com', port: 443, target: { host: '127.0.0.1', port: 8443 } },
    ]);
    expect(list.lookup('shop.example.com', 80)).toEqual({ host: '127.0.0.1', port: 8081 });
    expect(list.lookup('shop.example.com', 443)).toEqual({ host: '127.0.0.1', port: 8443 });
    expect(list.lookup('shop.example.com', 8080)).toBeNull();
    expect(list.lookup('www.shop.example.com', 80)).toBeNull();
    expect(list.lookup('example.com', 80)).toBeNull();
  });

  it('compares host names lower-cased and without a trailing dot', () => {
    const list = parseConnectTo('Shop.Example.COM.:80:Backend.Test.:8081');
    expect(list.entries).toEqual([
      { host: 'shop.example.com', port: 80, target: { host: 'backend.test', port: 8081 } },
    ]);
    expect(list.lookup('SHOP.example.com.', 80)).toEqual({ host: 'backend.test', port: 8081 });
  });

  it('takes IPv6 in brackets, on either side, in canonical form', () => {
    const list = parseConnectTo('[2001:db8:0::1]:443:[0:0::1]:8443,shop.test:80:[::ffff:127.0.0.1]:81');
    expect(list.entries).toEqual([
      { host: '2001:db8::1', port: 443, target: { host: '::1', port: 8443 } },
      { host: 'shop.test', port: 80, target: { host: '::ffff:7f00:1', port: 81 } },
    ]);
    expect(list.lookup('[2001:db8::1]', 443)).toEqual({ host: '::1', port: 8443 });
    expect(list.lookup('2001:db8:0:0::1', 443)).toEqual({ host: '::1', port: 8443 });
  });

  it('folds legacy IPv4 forms', () => {
    expect(parseConnectTo('2130706433:80:127.1:8081').entries).toEqual([
      { host: '127.0.0.1', port: 80, target: { host: '127.0.0.1', port: 8081 } },
    ]);
  });

  it('empty or unset maps nothing', () => {
    for (const value of [undefined, null, '', ' , ']) {
      const list = parseConnectTo(value);
      expect(list.entries).toEqual([]);
      expect(list.lookup('shop.example.com', 80)).toBeNull();
    }
  });

  it.each([
    'shop.test',
    'shop.test:80',
    'shop.test:80:127.0.0.1',
    'shop.test:80:127.0.0.1:',
    'shop.test::127.0.0.1:8081',
    ':80:127.0.0.1:8081',
    'shop.test:80::8081',
    'shop.test:0:127.0.0.1:8081',
    'shop.test:80:127.0.0.1:70000',
    'shop.test:http:127.0.0.1:8081',
    'shop.test:80:127.0.0.1:8081:9',
    'shop.test:80:::1:8081',
    'shop.test:80:[::1:8081',
    'shop.test:80:[::1]8081',
    'shop.test:80:[127.0.0.1]:8081',
    'shop.test:80:[not-v6]:8081',
    'shop test:80:127.0.0.1:8081',
    'http://shop.test:80:127.0.0.1:8081',
    'shop.test:80:127.0.0.1:8081,shop.test:80:127.0.0.1:8082',
  ])('rejects the malformed value %s, naming the variable and the entry', (value) => {
    const entry = value.split(',').at(-1)!;
    expect(() => parseConnectTo(value)).toThrow('FETCH_CONNECT_TO');
    expect(() => parseConnectTo(value)).toThrow(`"${entry}"`);
  });
});

describe('assertConnectToSafe', () => {
  it('refuses to start in production when set', () => {
    expect(() => assertConnectToSafe('production', 'shop.test:80:127.0.0.1:8081')).toThrow(
      /^FETCH_CONNECT_TO must not be set when NODE_ENV=production/,
    );
  });

  it('allows production without it, and other environments with it', () => {
    expect(() => assertConnectToSafe('production', undefined)).not.toThrow();
    expect(() => assertConnectToSafe('production', '')).not.toThrow();
    expect(() => assertConnectToSafe('test', 'shop.test:80:127.0.0.1:8081')).not.toThrow();
    expect(() => assertConnectToSafe(undefined, 'shop.test:80:127.0.0.1:8081')).not.toThrow();
  });

  it('refuses a malformed value anywhere', () => {
    expect(() => assertConnectToSafe('development', 'shop.test:80:127.0.0.1')).toThrow(/FETCH_CONNECT_TO/);
  });
});
