import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateSitemap } from '../testing/sitemap-schema';
import { type SitemapEntry, type SitemapWriteOptions, sitemapLimits, writeSitemap } from './write-sitemap';

const plain: SitemapWriteOptions = {
  origin: 'https://example.com',
  gzip: false,
  changefreq: null,
  priority: false,
};

const page = (path: string, overrides: Partial<SitemapEntry> = {}): SitemapEntry => ({
  loc: `https://example.com${path}`,
  lastmod: null,
  images: [],
  depth: null,
  ...overrides,
});

const text = (content: Buffer) => content.toString('utf8');
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

async function expectValid(xml: string) {
  const result = await validateSitemap(xml);
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

describe('writeSitemap', () => {
  it('writes one valid urlset with lastmod, changefreq, priority and images in schema order', async () => {
    const entries = [
      page('/', { lastmod: '2024-05-01', depth: 0, images: ['https://example.com/logo.png'] }),
      page('/about', { lastmod: '2024-05-02T10:30:00+00:00', depth: 1 }),
      page('/team', { depth: 2, images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'] }),
      page('/archive', { depth: 3 }),
      page('/orphan'),
    ];
    const files = writeSitemap(entries, { ...plain, changefreq: 'weekly', priority: true });

    expect(files.map(({ name, entries, index }) => ({ name, entries, index }))).toEqual([
      { name: 'sitemap.xml', entries: 5, index: false },
    ]);
    const xml = text(files[0]!.content);
    expect(files[0]!.bytes).toBe(files[0]!.content.length);
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect([...xml.matchAll(/<priority>([^<]*)</g)].map((match) => match[1])).toEqual([
      '1.0',
      '0.8',
      '0.6',
      '0.5',
      '0.5',
    ]);
    const first = xml.slice(xml.indexOf('<url>'), xml.indexOf('</url>'));
    const order = ['<loc>', '<lastmod>', '<changefreq>', '<priority>', '<image:image>'].map((tag) =>
      first.indexOf(tag),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((at) => at >= 0)).toBe(true);
    await expectValid(xml);
  });

  it('leaves out what is not known or not asked for, and the image namespace when no page has images', async () => {
    const xml = text(writeSitemap([page('/'), page('/a', { depth: 0 })], plain)[0]!.content);

    expect(xml).not.toMatch(/<lastmod>|<changefreq>|<priority>|xmlns:image/);
    await expectValid(xml);
  });

  it('splits into an index and parts at maxUrlsPerFile, the index pointing at each part', async () => {
    const entries = Array.from({ length: 7 }, (_, i) =>
      page(`/page-${i}`, {
        lastmod: i < 3 ? `2024-05-0${i + 1}` : i === 6 ? null : `2024-06-0${7 - i}T12:00:00+00:00`,
        images: i === 0 ? ['https://example.com/cover.png'] : [],
      }),
    );
    const files = writeSitemap(entries, { ...plain, maxUrlsPerFile: 3 });

    expect(files.map(({ name, entries, index }) => ({ name, entries, index }))).toEqual([
      { name: 'sitemap.xml', entries: 3, index: true },
      { name: 'sitemap-1.xml', entries: 3, index: false },
      { name: 'sitemap-2.xml', entries: 3, index: false },
      { name: 'sitemap-3.xml', entries: 1, index: false },
    ]);
    const index = text(files[0]!.content);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual(files.slice(1).map((file) => `https://example.com/${file.name}`));
    // The latest lastmod of each part; the last part has none, so its <sitemap> has none.
    expect([...index.matchAll(/<lastmod>([^<]*)</g)].map((match) => match[1])).toEqual([
      '2024-05-03',
      '2024-06-04T12:00:00+00:00',
    ]);
    expect(locs(text(files[3]!.content))).toEqual(['https://example.com/page-6']);
    expect(text(files[1]!.content)).toContain('xmlns:image=');
    expect(text(files[2]!.content)).not.toContain('xmlns:image=');
    for (const file of files) await expectValid(text(file.content));
  });

  it('splits when the next <url> would pass maxBytesPerFile, closing tag included', async () => {
    const entries = Array.from({ length: 5 }, (_, i) => page(`/page-${i}`));
    const twoFit = writeSitemap(entries.slice(0, 2), plain)[0]!.bytes;

    expect(writeSitemap(entries.slice(0, 2), { ...plain, maxBytesPerFile: twoFit })).toHaveLength(1);
    expect(writeSitemap(entries.slice(0, 2), { ...plain, maxBytesPerFile: twoFit - 1 })).toHaveLength(3);
    const files = writeSitemap(entries, { ...plain, maxBytesPerFile: twoFit });
    expect(files.map((file) => file.entries)).toEqual([3, 2, 2, 1]);
    for (const part of files.slice(1)) expect(part.bytes).toBeLessThanOrEqual(twoFit);
    for (const file of files) await expectValid(text(file.content));
  });

  it('gzips every file to the same XML and names and points at .gz files', () => {
    const entries = Array.from({ length: 4 }, (_, i) => page(`/page-${i}`, { lastmod: '2024-05-01' }));
    const options = { ...plain, maxUrlsPerFile: 2 };
    const raw = writeSitemap(entries, options);
    const zipped = writeSitemap(entries, { ...options, gzip: true });

    expect(zipped.map((file) => file.name)).toEqual([
      'sitemap.xml.gz',
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
    ]);
    expect(locs(text(gunzipSync(zipped[0]!.content)))).toEqual([
      'https://example.com/sitemap-1.xml.gz',
      'https://example.com/sitemap-2.xml.gz',
    ]);
    zipped.slice(1).forEach((file, i) => {
      expect(file.content.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(file.bytes).toBe(file.content.length);
      expect(gunzipSync(file.content).equals(raw[i + 1]!.content)).toBe(true);
    });
  });

  it('escapes every value so the document validates and reads back as written', async () => {
    const loc = `https://example.com/search?q=a&b<c>"d"'e'`;
    const image = 'https://example.com/img?w=10&h=20';
    const xml = text(writeSitemap([page('', { loc, images: [image] })], plain)[0]!.content);

    expect(xml).toContain('?q=a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;</loc>');
    await expectValid(xml);
    const parsed = new XMLParser({ removeNSPrefix: true }).parse(xml);
    expect(parsed.urlset.url.loc).toBe(loc);
    expect(parsed.urlset.url.image.loc).toBe(image);
  });

  it('keeps at most 1000 distinct images per URL', async () => {
    const images = Array.from({ length: 1100 }, (_, i) => `https://example.com/i/${i % 1050}.png`);
    const xml = text(writeSitemap([page('/', { images })], plain)[0]!.content);

    expect(xml.match(/<image:image>/g)).toHaveLength(sitemapLimits.imagesPerUrl);
    expect(xml).toContain('/i/999.png');
    expect(xml).not.toContain('/i/1000.png');
    await expectValid(xml);
  });

  it('gives one empty urlset for no pages', async () => {
    const files = writeSitemap([], plain);

    expect(files.map(({ name, entries, index }) => ({ name, entries, index }))).toEqual([
      { name: 'sitemap.xml', entries: 0, index: false },
    ]);
    const xml = text(files[0]!.content);
    expect(xml).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n<\/urlset>/);
    // Well-formed, but sitemap.xsd asks for at least one <url>: the schema, not the writer, says no.
    const result = await validateSitemap(xml);
    expect(result.errors.join('\n')).toMatch(/Missing child element/);
  });

  it('splits at the default limit into an index and two parts', async () => {
    // The protocol's 50,000, lowered here to keep the suite quick; `npm run bench -- scale` writes
    // 50,001 pages at the real limit.
    expect(sitemapLimits.urlsPerFile).toBe(50_000);
    const limit = sitemapLimits.urlsPerFile;
    sitemapLimits.urlsPerFile = 2_000;
    try {
      const entries = Array.from({ length: 2_001 }, (_, i) => page(`/p/${i}`));
      const files = writeSitemap(entries, plain);

      expect(files.map(({ name, entries, index }) => ({ name, entries, index }))).toEqual([
        { name: 'sitemap.xml', entries: 2, index: true },
        { name: 'sitemap-1.xml', entries: 2_000, index: false },
        { name: 'sitemap-2.xml', entries: 1, index: false },
      ]);
      expect(locs(text(files[1]!.content))).toEqual(entries.slice(0, 2_000).map((entry) => entry.loc));
      expect(locs(text(files[2]!.content))).toEqual(['https://example.com/p/2000']);
      for (const file of files) await expectValid(text(file.content));
    } finally {
      sitemapLimits.urlsPerFile = limit;
    }
  });
});

describe('validateSitemap', () => {
  const valid = text(
    writeSitemap([page('/', { depth: 0, images: ['https://example.com/a.png'] })], {
      ...plain,
      priority: true,
    })[0]!.content,
  );

  it('reports a priority out of range', async () => {
    const result = await validateSitemap(valid.replace('<priority>1.0</priority>', '<priority>2</priority>'));

    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/priority/);
  });

  it('checks image elements against the image schema', async () => {
    const result = await validateSitemap(
      valid.replace('<image:loc>', '<image:src>').replace('</image:loc>', '</image:src>'),
    );

    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/src/);
  });

  it('reports elements out of schema order, a broken document and another root', async () => {
    const swapped = valid.replace(/(<loc>[^<]*<\/loc>)(\s*)(<priority>[^<]*<\/priority>)/, '$3$2$1');
    expect((await validateSitemap(swapped)).valid).toBe(false);
    expect((await validateSitemap(valid.replace('</urlset>', ''))).valid).toBe(false);
    expect(await validateSitemap('<?xml version="1.0"?><html></html>')).toEqual({
      valid: false,
      errors: ['The root element is html, not urlset or sitemapindex.'],
    });
  });
});
