import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapLimits } from '../src/gather/sitemaps';
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
    expect(file).toMatchObject({ urlCount: 0, urls: [] });
  });

  /** The sitemaps gathered when robots.txt names one file, served as `xml`. */
  const gatherServed = (xml: string) =>
    gatherFrom(`${site.origin}/noindex.html`, 'sitemaps', { allowPrivate: site.allow }, {}, (url) =>
      url.endsWith('/robots.txt')
        ? `Sitemap: ${site.origin}/served.xml`
        : url.endsWith('/served.xml')
          ? xml
          : null,
    );

  it('reads prefixed names, CDATA and escaped ampersands, and counts past the per-file limit', async () => {
    const [prefixed] = (
      await gatherServed(
        `\uFEFF<?xml version="1.0"?><!-- made by hand --><sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
          <sm:url><sm:loc> https://a.example/?q=1&amp;p=2 </sm:loc><sm:lastmod>2030-05-01</sm:lastmod></sm:url>
          <sm:url><sm:loc><![CDATA[https://a.example/b]]></sm:loc><image:image xmlns:image="x"><image:loc>https://a.example/i.png</image:loc></image:image></sm:url>
          <sm:url><sm:loc>not a url</sm:loc></sm:url>
        </sm:urlset>`,
      )
    ).files;
    expect(prefixed).toMatchObject({
      type: 'urlset',
      urlCount: 3,
      urls: [
        { loc: 'https://a.example/?q=1&p=2', lastmod: '2030-05-01' },
        { loc: 'https://a.example/b', lastmod: null },
      ],
      errors: ['1 entries have no absolute http(s) <loc>.'],
    });
    // The protocol's 50,000, lowered here to keep the suite quick; `npm run bench -- scale` reads a
    // 50,001-URL file at the real limit.
    expect(sitemapLimits.maxUrls).toBe(50_000);
    const limit = sitemapLimits.maxUrls;
    sitemapLimits.maxUrls = 2_000;
    try {
      const entries = Array.from({ length: 2_002 }, (_, i) => `<url><loc>https://a.example/${i}</loc></url>`);
      const [large] = (await gatherServed(`<urlset>${entries.join('')}</urlset>`)).files;
      expect(large).toMatchObject({ type: 'urlset', urlCount: 2_002 });
      expect(large!.urls).toHaveLength(sitemapLimits.keptUrls);
      expect(large!.errors).toEqual(['It lists 2002 URLs; the limit is 2,000 per file.']);
    } finally {
      sitemapLimits.maxUrls = limit;
    }
  });

  it('names an HTML page or a feed served as a sitemap for what it is', async () => {
    const [html] = (
      await gatherServed(
        '<!doctype html><html><head><meta charset="utf-8"><title>Not found</title></head></html>',
      )
    ).files;
    expect(html).toMatchObject({ type: null, urlCount: 0, urls: [] });
    expect(html!.errors[0]).toMatch(/^It is not valid XML: /);
    const [feed] = (
      await gatherServed('<rss><channel><item><link>https://a.example/</link></item></channel></rss>')
    ).files;
    expect(feed).toMatchObject({
      type: null,
      urlCount: 0,
      errors: ['It has neither a <urlset> nor a <sitemapindex> root element.'],
    });
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
