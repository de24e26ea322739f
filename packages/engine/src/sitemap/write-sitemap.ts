import { gzipSync } from 'node:zlib';

/** The sitemaps.org caps on one file, and Google's cap on images per URL. */
export const sitemapLimits = { urlsPerFile: 50_000, bytesPerFile: 50 * 1024 * 1024, imagesPerUrl: 1000 };

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NAMESPACE = 'http://www.google.com/schemas/sitemap-image/1.1';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_CLOSE = '</urlset>\n';

/** One indexable page for the sitemap. */
export interface SitemapEntry {
  loc: string;
  /** A W3C datetime (`2024-05-01` or `2024-05-01T10:00:00+00:00`), written as given. */
  lastmod: string | null;
  images: string[];
  /** Clicks from the start page; sets `<priority>` when asked for. */
  depth: number | null;
}

export interface SitemapWriteOptions {
  /** Where the files will live, e.g. `https://example.com`: the index points at the parts there. */
  origin: string;
  gzip: boolean;
  changefreq: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never' | null;
  /** Write `<priority>` from each entry's depth. */
  priority: boolean;
  /** Defaults to `sitemapLimits.urlsPerFile`. */
  maxUrlsPerFile?: number;
  /** Uncompressed UTF-8 bytes; defaults to `sitemapLimits.bytesPerFile`. */
  maxBytesPerFile?: number;
}

export interface SitemapFile {
  /** `sitemap.xml`, `sitemap-1.xml`… (`.gz` appended when gzipped). */
  name: string;
  /** The file as served: gzipped when asked for. */
  content: Buffer;
  /** `<url>`s in a urlset, or `<sitemap>`s in an index. */
  entries: number;
  /** `content.length`. */
  bytes: number;
  index: boolean;
}

interface Part {
  urls: string[];
  bodyBytes: number;
  hasImages: boolean;
  /** The latest lastmod among the part's entries, as written. */
  lastmod: string | null;
}

/**
 * Writes the sitemap files for a site: one `sitemap.xml` urlset when everything fits in one file,
 * otherwise `sitemap.xml` as a sitemap index followed by `sitemap-1.xml`, `sitemap-2.xml`… in order.
 * A part closes when the next `<url>` would pass the URL count or the uncompressed byte limit.
 */
export function writeSitemap(entries: readonly SitemapEntry[], options: SitemapWriteOptions): SitemapFile[] {
  const maxUrls = options.maxUrlsPerFile ?? sitemapLimits.urlsPerFile;
  const maxBytes = options.maxBytesPerFile ?? sitemapLimits.bytesPerFile;
  const extension = options.gzip ? '.xml.gz' : '.xml';
  const file = (name: string, xml: string, count: number, index: boolean): SitemapFile => {
    const raw = Buffer.from(xml, 'utf8');
    const content = options.gzip ? gzipSync(raw) : raw;
    return { name: `${name}${extension}`, content, entries: count, bytes: content.length, index };
  };

  const parts: Part[] = [];
  let part: Part | null = null;
  for (const entry of entries) {
    const url = urlElement(entry, options);
    const urlBytes = Buffer.byteLength(url, 'utf8');
    const hasImages = entry.images.length > 0;
    const bytesWith = (open: Part) =>
      URLSET_BYTES[open.hasImages || hasImages ? 'images' : 'plain'] + open.bodyBytes + urlBytes;
    // A lone <url> over the byte limit still gets a file of its own: it cannot be split.
    if (!part || part.urls.length + 1 > maxUrls || bytesWith(part) > maxBytes) {
      part = { urls: [], bodyBytes: 0, hasImages: false, lastmod: null };
      parts.push(part);
    }
    part.urls.push(url);
    part.bodyBytes += urlBytes;
    part.hasImages ||= hasImages;
    if (entry.lastmod !== null && (part.lastmod === null || isLater(entry.lastmod, part.lastmod)))
      part.lastmod = entry.lastmod;
  }

  if (parts.length <= 1) {
    const only = parts[0] ?? { urls: [], bodyBytes: 0, hasImages: false, lastmod: null };
    return [file('sitemap', urlsetXml(only), only.urls.length, false)];
  }
  const base = options.origin.replace(/\/+$/, '');
  const index = [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n`,
    ...parts.map((each, i) => {
      const lastmod = each.lastmod === null ? '' : `\n    <lastmod>${escapeXml(each.lastmod)}</lastmod>`;
      return `  <sitemap>\n    <loc>${escapeXml(`${base}/sitemap-${i + 1}${extension}`)}</loc>${lastmod}\n  </sitemap>\n`;
    }),
    '</sitemapindex>\n',
  ].join('');
  return [
    file('sitemap', index, parts.length, true),
    ...parts.map((each, i) => file(`sitemap-${i + 1}`, urlsetXml(each), each.urls.length, false)),
  ];
}

function urlsetOpen(hasImages: boolean): string {
  // The image namespace is declared only where it is used, so plain sitemaps stay plain.
  const image = hasImages ? ` xmlns:image="${IMAGE_NAMESPACE}"` : '';
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}"${image}>\n`;
}

// The bytes a urlset adds around its <url>s, with and without the image namespace.
const URLSET_BYTES = {
  plain: Buffer.byteLength(urlsetOpen(false) + URLSET_CLOSE, 'utf8'),
  images: Buffer.byteLength(urlsetOpen(true) + URLSET_CLOSE, 'utf8'),
};

const urlsetXml = (part: Part) => `${urlsetOpen(part.hasImages)}${part.urls.join('')}${URLSET_CLOSE}`;

// The schema's sequence is loc, lastmod, changefreq, priority, then extensions: the order matters.
function urlElement(entry: SitemapEntry, options: SitemapWriteOptions): string {
  const lines = [`    <loc>${escapeXml(entry.loc)}</loc>`];
  if (entry.lastmod !== null) lines.push(`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
  if (options.changefreq) lines.push(`    <changefreq>${options.changefreq}</changefreq>`);
  if (options.priority) lines.push(`    <priority>${depthPriority(entry.depth)}</priority>`);
  for (const image of [...new Set(entry.images)].slice(0, sitemapLimits.imagesPerUrl))
    lines.push(`    <image:image>\n      <image:loc>${escapeXml(image)}</image:loc>\n    </image:image>`);
  return `  <url>\n${lines.join('\n')}\n  </url>\n`;
}

/** Pages nearer the start page rank higher among the site's own pages; past three clicks all are equal. */
function depthPriority(depth: number | null): string {
  const priority = depth === 0 ? 1 : depth === 1 ? 0.8 : depth === 2 ? 0.6 : 0.5;
  return priority.toFixed(1);
}

// Compared as instants, so `2024-05-01T09:00:00+02:00` is earlier than `2024-05-01T08:00:00Z`.
function isLater(candidate: string, current: string): boolean {
  const a = Date.parse(candidate);
  const b = Date.parse(current);
  if (Number.isNaN(a) || Number.isNaN(b)) return !Number.isNaN(a);
  return a > b;
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
