import { describe, expect, it } from 'vitest';
import { guardedFetcherFor } from './fetcher';

describe('guardedFetcherFor', () => {
  it('carries FETCH_ALLOW_PRIVATE and FETCH_CONNECT_TO into the fetcher policy', () => {
    const { policy } = guardedFetcherFor({
      FETCH_ALLOW_PRIVATE: '127.0.0.1:8081',
      FETCH_CONNECT_TO: 'shop.example.com:80:127.0.0.1:8081',
    });
    expect(policy.allowPrivate.allows('127.0.0.1', 8081)).toBe(true);
    expect(policy.connectTo?.lookup('shop.example.com', 80)).toEqual({ host: '127.0.0.1', port: 8081 });
  });

  it('allows and maps nothing without them, and takes further options', () => {
    const fetcher = guardedFetcherFor({}, { userAgent: 'SitelensBot/test' });
    expect(fetcher.policy.allowPrivate.entries).toEqual([]);
    expect(fetcher.policy.connectTo?.entries).toEqual([]);
    expect(fetcher.userAgent).toBe('SitelensBot/test');
  });
});
