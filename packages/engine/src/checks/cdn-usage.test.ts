import { describe, expect, it } from 'vitest';
import { resource } from '../testing/artifacts';
import { cdnOf, cdnUsage } from './cdn-usage';
import { format } from './define-check';

const on = (i: number) =>
  resource(`https://example.com/a${i}.js`, {
    type: 'script',
    headers: { 'cf-ray': '8a1b2c3d-AMS', server: 'cloudflare' },
  });
const off = (i: number) =>
  resource(`https://example.com/b${i}.css`, { type: 'stylesheet', headers: { server: 'nginx' } });

describe('cdn-usage', () => {
  it('recognises CDNs by header and by host', () => {
    expect(cdnOf(on(1))).toBe('Cloudflare');
    expect(cdnOf(resource('https://cdn.jsdelivr.net/npm/x.js'))).toBe('jsDelivr');
    expect(cdnOf(resource('https://d1234.cloudfront.net/a.png'))).toBe('Amazon CloudFront');
    expect(cdnOf(resource('https://example.com/a.png', { headers: { 'x-vercel-id': 'fra1::abc' } }))).toBe(
      'Vercel',
    );
    expect(cdnOf(off(1))).toBeNull();
  });

  it('passes when 80 % or more of the static files come through a CDN', () => {
    const result = cdnUsage.evaluate({ resources: [on(1), on(2), on(3), on(4), off(1)] }, { format });
    expect(result.status).toBe('passed');
    expect(result.message).toBe('80 % of the static files come through a CDN (Cloudflare).');
    expect(result.data).toMatchObject({
      cdn_usage: { providers: ['Cloudflare'], not_on_cdn: ['https://example.com/b1.css'] },
    });
  });

  it('warns when only some do, and fails when none do', () => {
    expect(cdnUsage.evaluate({ resources: [on(1), off(1), off(2), off(3), off(4)] }, { format }).status).toBe(
      'warning',
    );
    expect(
      cdnUsage.evaluate({ resources: [off(1), off(2), off(3), off(4), off(5)] }, { format }).status,
    ).toBe('failed');
  });

  it('does not judge a page with fewer than five static files', () => {
    expect(cdnUsage.evaluate({ resources: [off(1), off(2)] }, { format }).status).toBe('skipped');
  });
});
