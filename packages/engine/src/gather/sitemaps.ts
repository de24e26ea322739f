import { gunzipSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import type { SitemapFile, SitemapsArtifact } from '../artifacts';
import { resolveHttpUrl } from '../html/url';
import { parseRobotsTxt } from '../text/robots-txt';
import type { GatherContext } from './context';
import type { EngineFetch } from './fetch-contract';

/** Limits of the sitemaps protocol and of how far we follow indexes (SECURITY.md F1). */
export const sitemapLimits = {
  maxUrls: 50_000,
  maxBytes: 50 * 1024 * 1024,
  /** Files read per checkup, indexes and their children together. */
  maxFiles: 12,
  /** index → index → urlset at most. */
  maxDepth: 2,
  /** URLs kept per file for the freshness and host checks. */
  keptUrls: 1000,
  timeoutMs: 20_000,
};

/** Paths tried when robots.txt declares no sitemap. */
export const COMMON_SITEMAP_PATHS = ['/sitemap.xml', '/sitemap_index.xml'];

interface Entry {
  loc?: string;
  lastmod?: string;
}

/** Characters handed to the XML parser at a time. */
const XML_CHUNK = 64 * 1024;

/**
 * The root element's name and each entry (a `<url>` of a urlset, a `<sitemap>` of an index) as
 * it is read: a stream, so a 50,000-URL file is never held as a tree (that cost ~1 KB per URL).
 * Strict XML (a file that is not well formed throws); the predefined entities and character
 * references only, so no entity expands into more (SECURITY.md F1). Namespace prefixes are ignored.
 */
function readEntries(xml: string, onEntry: (entry: Entry) => void): string | null {
  const parser = new SaxesParser();
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  let root: string | null = null;
  let depth = 0;
  let entry: Entry | null = null;
  let field: keyof Entry | null = null;
  let text = '';
  parser.on('opentag', (tag) => {
    depth++;
    const name = local(tag.name);
    if (depth === 1) root = name;
    else if (depth === 2 && name === (root === 'urlset' ? 'url' : 'sitemap')) entry = {};
    else if (depth === 3 && entry && (name === 'loc' || name === 'lastmod')) {
      field = name;
      text = '';
    }
  });
  const collect = (chunk: string) => {
    if (field) text += chunk;
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  parser.on('closetag', () => {
    if (depth === 3 && entry && field) entry[field] = text;
    if (depth === 3) field = null;
    if (depth === 2 && entry) {
      onEntry(entry);
      entry = null;
    }
    depth--;
  });
  const body = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  for (let start = 0; start < body.length; start += XML_CHUNK)
    parser.write(body.slice(start, start + XML_CHUNK));
  parser.close();
  return root;
}

/**
 * Reads the sitemaps robots.txt declares (or the common paths when it declares none), follows
 * sitemap indexes to a bounded depth with loop detection, and counts and samples their URLs.
 */
export async function gatherSitemaps(context: GatherContext): Promise<SitemapsArtifact> {
  const [robots, page] = await Promise.all([context.get('robotsTxt'), context.get('page')]);
  const declared = parseRobotsTxt(robots).sitemaps;
  const queue: { url: string; source: SitemapFile['source']; depth: number }[] = declared.length
    ? declared.map((url) => ({ url, source: 'robots-txt' as const, depth: 0 }))
    : COMMON_SITEMAP_PATHS.map((path) => ({
        url: new URL(path, page.finalUrl).href,
        source: 'common-path' as const,
        depth: 0,
      }));
  const seen = new Set<string>();
  const files: SitemapFile[] = [];
  while (queue.length > 0 && files.length < sitemapLimits.maxFiles) {
    const next = queue.shift()!;
    if (seen.has(next.url)) continue;
    seen.add(next.url);
    const file = await readSitemap(context.fetch, next.url, next.source, context.signal);
    // A common path that is not there (or answers with an HTML page, a soft 404) is a miss, not a sitemap.
    if (next.source === 'common-path' && (file.status !== 200 || /html/i.test(file.contentType ?? '')))
      continue;
    files.push(file);
    if (file.type !== 'sitemapindex') continue;
    for (const child of file.urls) {
      if (seen.has(child.loc)) {
        file.errors.push(`The index lists ${child.loc} again, which would loop.`);
        continue;
      }
      if (next.depth + 1 > sitemapLimits.maxDepth) {
        file.errors.push(
          `Indexes are nested more than ${sitemapLimits.maxDepth} deep; ${child.loc} was not read.`,
        );
        continue;
      }
      queue.push({ url: child.loc, source: 'index', depth: next.depth + 1 });
    }
  }
  return { declared, files };
}

/**
 * Reads one sitemap file (gzip unpacked, no entity of its own expanded, 50,000 URLs and 50 MB at
 * most) and keeps its first `keptUrls` locations: a checkup samples them, an import keeps them all.
 */
export async function readSitemap(
  fetch: EngineFetch,
  url: string,
  source: SitemapFile['source'],
  signal: AbortSignal | undefined,
  keptUrls: number = sitemapLimits.keptUrls,
): Promise<SitemapFile> {
  const file: SitemapFile = {
    url,
    source,
    status: null,
    contentType: null,
    type: null,
    gzip: false,
    bytes: 0,
    urlCount: 0,
    urls: [],
    errors: [],
  };
  let raw: Buffer;
  try {
    const response = await fetch(url, {
      maxBytes: sitemapLimits.maxBytes + 1,
      timeoutMs: sitemapLimits.timeoutMs,
      ...(signal ? { signal } : {}),
    });
    file.status = response.status;
    file.contentType = response.headers['content-type'] ?? null;
    file.bytes = response.bytes;
    if (response.status !== 200) {
      file.errors.push(`The server answered ${response.status}.`);
      return file;
    }
    raw = response.raw;
  } catch (error) {
    file.errors.push(`It could not be fetched: ${(error as Error).message}`);
    return file;
  }
  if (raw[0] === 0x1f && raw[1] === 0x8b) {
    file.gzip = true;
    try {
      raw = gunzipSync(raw, { maxOutputLength: sitemapLimits.maxBytes + 1 });
    } catch {
      file.errors.push(
        `It is gzip-compressed but does not unpack within ${sitemapLimits.maxBytes / 1024 / 1024} MB.`,
      );
      return file;
    }
    file.bytes = raw.length;
  }
  if (raw.length > sitemapLimits.maxBytes) {
    file.errors.push('It is larger than 50 MB, the protocol limit; search engines ignore the rest.');
  }
  const xml = raw.subarray(0, sitemapLimits.maxBytes).toString('utf8');
  let invalid = 0;
  let root: string | null;
  try {
    root = readEntries(xml, (entry) => {
      if (++file.urlCount > sitemapLimits.maxUrls) return;
      const loc = entry.loc?.trim() ?? '';
      const absolute = resolveHttpUrl(loc, 'http://invalid.invalid/');
      if (!loc || !absolute || !/^https?:\/\//i.test(loc)) invalid++;
      else if (file.urls.length < keptUrls)
        file.urls.push({ loc: absolute, lastmod: entry.lastmod?.trim() ?? null });
    });
  } catch (error) {
    file.urlCount = 0;
    file.urls = [];
    file.errors.push(`It is not valid XML: ${(error as Error).message.split('\n')[0]}`);
    return file;
  }
  if (root !== 'urlset' && root !== 'sitemapindex') {
    file.urlCount = 0;
    file.urls = [];
    file.errors.push('It has neither a <urlset> nor a <sitemapindex> root element.');
    return file;
  }
  file.type = root;
  if (file.urlCount > sitemapLimits.maxUrls) {
    file.errors.push(
      `It lists ${file.urlCount} URLs; the limit is ${sitemapLimits.maxUrls.toLocaleString('en-US')} per file.`,
    );
  }
  if (invalid > 0) file.errors.push(`${invalid} entries have no absolute http(s) <loc>.`);
  return file;
}
