import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startSite } from './fixture-sites';
import { gatherFrom } from './gather-context';

let site: FixtureSite;
beforeAll(async () => {
  site = await startSite('cases');
});
afterAll(() => site.close());

describe('the sitemaps gatherer', () => {
  it('follows the index from robots.txt, unpacks gzip, reports broken XML and stops the loop', async () => {
    const sitemaps = await gatherFrom(`${site.origin}/noindex.html`, 'sitemaps', {
      allowPrivate: site.allow,
    });
    expect(sitemaps.declared).toEqual([`${site.origin}/sitemap-index.xml`]);
    const byUrl = new Map(sitemaps.files.map((file) => [file.url.replace(site.origin, ''), file]));
    expect([...byUrl.keys()]).toEqual(['/sitemap-index.xml', '/sitemap-pages.xml.gz', '/sitemap-broken.xml']);
    expect(byUrl.get('/sitemap-index.xml')).toMatchObject({ type: 'sitemapindex', urlCount: 3 });
    expect(byUrl.get('/sitemap-index.xml')?.errors.join(' ')).toContain('would loop');
    expect(byUrl.get('/sitemap-pages.xml.gz')).toMatchObject({ type: 'urlset', gzip: true, urlCount: 2 });
    expect(byUrl.get('/sitemap-pages.xml.gz')?.urls[0]).toEqual({
      loc: `${site.origin}/noindex.html`,
      lastmod: '2031-01-01',
    });
    expect(byUrl.get('/sitemap-broken.xml')).toMatchObject({ type: null });
    expect(byUrl.get('/sitemap-broken.xml')?.errors[0]).toMatch(/not valid XML/);
  });

  it('does not expand entities (billion laughs)', async () => {
    const started = performance.now();
    const sitemaps = await gatherFrom(
      `${site.origin}/noindex.html`,
      'sitemaps',
      { allowPrivate: site.allow },
      {},
      (url) => (url.endsWith('/robots.txt') ? `Sitemap: ${site.origin}/billion-laughs.xml` : null),
    );
    const file = sitemaps.files[0]!;
    expect(file.url).toBe(`${site.origin}/billion-laughs.xml`);
    expect(JSON.stringify(file)).not.toContain('lollollol');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('tries the common paths when robots.txt declares nothing, and reports none found', async () => {
    const sitemaps = await gatherFrom(
      `${site.origin}/noindex.html`,
      'sitemaps',
      { allowPrivate: site.allow },
      {},
      (url) => (url.endsWith('/robots.txt') ? 'User-agent: *\nAllow: /' : null),
    );
    expect(sitemaps).toEqual({ declared: [], files: [] });
  });
});
