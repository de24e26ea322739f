import { describe, expect, it } from 'vitest';
import { browserCacheTtl, isImmutable, looksHashed } from './cache-ttl';

describe('browser cache TTL', () => {
  it('reads max-age before Expires', () => {
    expect(browserCacheTtl({ 'cache-control': 'public, max-age=31536000, immutable' })).toBe(31_536_000);
    expect(browserCacheTtl({ 'cache-control': 'max-age=60', expires: 'Thu, 01 Jan 2099 00:00:00 GMT' })).toBe(
      60,
    );
  });

  it('counts Expires from the Date header', () => {
    expect(
      browserCacheTtl({ expires: 'Wed, 21 Oct 2026 08:00:00 GMT', date: 'Wed, 21 Oct 2026 07:00:00 GMT' }),
    ).toBe(3600);
  });

  it('treats no-store, no-cache and invalid Expires as not cacheable, and silence as unknown', () => {
    expect(browserCacheTtl({ 'cache-control': 'no-store' })).toBe(0);
    expect(browserCacheTtl({ 'cache-control': 'private, no-cache' })).toBe(0);
    expect(browserCacheTtl({ expires: '0' })).toBe(0);
    expect(browserCacheTtl({ 'cache-control': 's-maxage=600' })).toBeNull();
    expect(browserCacheTtl({})).toBeNull();
  });

  it('recognises immutable and hashed file names', () => {
    expect(isImmutable({ 'cache-control': 'max-age=1, immutable' })).toBe(true);
    expect(looksHashed('https://example.com/assets/app.3f9a1c2b.js')).toBe(true);
    expect(looksHashed('https://example.com/assets/index-BX12ab9Q.css')).toBe(true);
    expect(looksHashed('https://example.com/js/application.js')).toBe(false);
  });
});
