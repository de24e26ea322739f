import { describe, expect, it } from 'vitest';
import { resource } from '../testing/artifacts';
import { assetCaching } from './asset-caching';
import { format } from './define-check';

const js = (name: string, headers: Record<string, string>, firstParty = true) =>
  resource(`https://example.com/${name}`, { type: 'script', headers, firstParty });
const css = (name: string, headers: Record<string, string>) =>
  resource(`https://example.com/${name}`, { type: 'stylesheet', headers });
const month = { 'cache-control': 'max-age=2592000' };

describe('asset-caching', () => {
  it('passes scripts and stylesheets cached 30 days or more, and suggests a year for hashed names', () => {
    const result = assetCaching.evaluate(
      { resources: [js('app.3f9a1c2b.js', month), css('site.css', month)] },
      { format },
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'All 2 of the site’s scripts and stylesheets may be cached for at least 30 days. 1 of them have a content hash in their name and could be cached for a year (immutable).',
    );
  });

  it('warns about short lifetimes, by type', () => {
    const result = assetCaching.evaluate(
      { resources: [js('app.js', month), css('site.css', { 'cache-control': 'max-age=600' })] },
      { format },
    );
    expect(result).toMatchObject({
      status: 'warning',
      data: { not_cached: { js: [], css: [{ url: 'https://example.com/site.css', ttl_seconds: 600 }] } },
    });
  });

  it('fails when none may be cached', () => {
    expect(
      assetCaching.evaluate(
        { resources: [js('app.js', {}), css('site.css', { 'cache-control': 'no-store' })] },
        { format },
      ).status,
    ).toBe('failed');
  });

  it('ignores third-party files and does not apply without the site’s own', () => {
    expect(assetCaching.evaluate({ resources: [js('lib.js', {}, false)] }, { format }).status).toBe(
      'skipped',
    );
  });
});
