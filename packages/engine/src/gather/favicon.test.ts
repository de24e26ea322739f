import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetcher } from '../net/guarded-fetch';
import { FAVICON_MAX_BYTES, faviconType, findFavicon } from './favicon';

const ICO = Buffer.from([0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x10, 0x10, 0x00, 0x00, 0x01, 0x00, 0x20, 0x00]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x1a, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8 ', 'latin1'),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect/></svg>');

let PNG: Buffer;

interface Route {
  status?: number;
  type: string;
  body: Buffer | string;
}

interface Site {
  port: number;
  /** The site's own URL for `path`. */
  url(path: string): string;
  close(): Promise<void>;
}

function listen(server: http.Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

const open: Site[] = [];

/** A site on 127.0.0.1 serving `routes` (404 elsewhere); a `head` string is served as its homepage. */
async function startSite(head: string | null, routes: Record<string, Route> = {}): Promise<Site> {
  const all = new Map(Object.entries(routes));
  if (head !== null) {
    const html = `<!doctype html><html><head><title>Site</title>${head}</head><body>Hi</body></html>`;
    all.set('/', { type: 'text/html; charset=utf-8', body: html });
  }
  const server = http.createServer((req, res) => {
    const route = all.get(new URL(req.url ?? '/', 'http://site').pathname);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(route.status ?? 200, { 'content-type': route.type }).end(route.body);
  });
  const port = await listen(server, '127.0.0.1');
  const site: Site = {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  open.push(site);
  return site;
}

/** A fetcher that may reach `site` (exactly 127.0.0.1:port) and nothing else private. */
const fetcher = (site: Site) =>
  createGuardedFetcher({ allowPrivate: `127.0.0.1:${site.port}`, timeoutMs: 2000, connectTimeoutMs: 500 });

/** A server on another loopback address: no fetch in this file may reach it. */
let forbidden: http.Server;
let forbiddenPort: number;
let forbiddenHits = 0;

beforeAll(async () => {
  PNG = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();
  forbidden = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  forbidden.on('connection', () => forbiddenHits++);
  forbiddenPort = await listen(forbidden, '127.0.0.2');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((site) => site.close()));
});

afterAll(async () => {
  expect(forbiddenHits).toBe(0);
  await new Promise<void>((resolve) => forbidden.close(() => resolve()));
});

describe('faviconType', () => {
  it('recognises raster icons by their magic bytes', () => {
    expect(faviconType(PNG)).toBe('image/png');
    expect(faviconType(GIF)).toBe('image/gif');
    expect(faviconType(Buffer.from('GIF87a', 'latin1'))).toBe('image/gif');
    expect(faviconType(JPEG)).toBe('image/jpeg');
    expect(faviconType(ICO)).toBe('image/x-icon');
    expect(faviconType(WEBP)).toBe('image/webp');
  });

  it('answers null for SVG, HTML, text, empty and truncated bytes', () => {
    expect(faviconType(SVG)).toBeNull();
    expect(faviconType(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(faviconType(Buffer.from('<!doctype html><html></html>'))).toBeNull();
    expect(faviconType(Buffer.from('not an image'))).toBeNull();
    expect(faviconType(Buffer.alloc(0))).toBeNull();
    expect(faviconType(PNG.subarray(0, 4))).toBeNull();
    expect(faviconType(Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'))).toBeNull();
  });
});

describe('findFavicon', () => {
  it('takes the homepage <link rel="icon"> when it is a raster image', async () => {
    const site = await startSite('<link rel="icon" href="/i.png">', {
      '/i.png': { type: 'image/png', body: PNG },
      '/favicon.ico': { type: 'image/x-icon', body: ICO },
    });
    const icon = await findFavicon(site.url('/'), fetcher(site));
    expect(icon).not.toBeNull();
    expect(icon!.url).toBe(site.url('/i.png'));
    expect(icon!.contentType).toBe('image/png');
    expect(icon!.body.equals(PNG)).toBe(true);
  });

  it('resolves a relative href against the homepage URL', async () => {
    const site = await startSite('<link rel="icon" href="icons/i.png">', {
      '/en/icons/i.png': { type: 'image/png', body: PNG },
      '/en/': { type: 'text/html', body: '<link rel="icon" href="icons/i.png">' },
    });
    expect((await findFavicon(site.url('/en/'), fetcher(site)))?.url).toBe(site.url('/en/icons/i.png'));
  });

  it('goes by the bytes, not by the server header', async () => {
    const site = await startSite('<link rel="shortcut icon" href="/icon">', {
      '/icon': { type: 'application/octet-stream', body: GIF },
    });
    const icon = await findFavicon(site.url('/'), fetcher(site));
    expect(icon?.contentType).toBe('image/gif');
    expect(icon?.url).toBe(site.url('/icon'));
  });

  it('takes an apple-touch-icon as well', async () => {
    const site = await startSite('<link rel="apple-touch-icon" href="/touch.png">', {
      '/touch.png': { type: 'image/png', body: PNG },
    });
    expect((await findFavicon(site.url('/'), fetcher(site)))?.url).toBe(site.url('/touch.png'));
  });

  it('falls back to /favicon.ico when the homepage links none', async () => {
    const site = await startSite('<link rel="stylesheet" href="/s.css">', {
      '/favicon.ico': { type: 'image/vnd.microsoft.icon', body: ICO },
    });
    expect(await findFavicon(site.url('/'), fetcher(site))).toEqual({
      url: site.url('/favicon.ico'),
      contentType: 'image/x-icon',
      body: ICO,
    });
  });

  it('skips an SVG served as image/png and falls to /favicon.ico', async () => {
    const site = await startSite('<link rel="icon" href="/i.svg">', {
      '/i.svg': { type: 'image/png', body: SVG },
      '/favicon.ico': { type: 'image/x-icon', body: ICO },
    });
    const icon = await findFavicon(site.url('/'), fetcher(site));
    expect(icon?.url).toBe(site.url('/favicon.ico'));
    expect(icon?.contentType).toBe('image/x-icon');
  });

  it('skips an SVG and takes the next linked icon', async () => {
    const site = await startSite('<link rel="icon" href="/i.svg"><link rel="icon" href="/i.png">', {
      '/i.svg': { type: 'image/svg+xml', body: SVG },
      '/i.png': { type: 'image/png', body: PNG },
    });
    expect((await findFavicon(site.url('/'), fetcher(site)))?.url).toBe(site.url('/i.png'));
  });

  it('answers null when an SVG is all there is', async () => {
    const site = await startSite('<link rel="icon" href="/i.svg">', {
      '/i.svg': { type: 'image/png', body: SVG },
    });
    expect(await findFavicon(site.url('/'), fetcher(site))).toBeNull();
  });

  it('skips an icon over 100 KiB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(FAVICON_MAX_BYTES + 1 - PNG.length)]);
    const site = await startSite('<link rel="icon" href="/big.png">', {
      '/big.png': { type: 'image/png', body: big },
    });
    expect(await findFavicon(site.url('/'), fetcher(site))).toBeNull();
  });

  it('skips an icon over 100 KiB and falls to /favicon.ico', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(FAVICON_MAX_BYTES + 1 - PNG.length)]);
    const site = await startSite('<link rel="icon" href="/big.png">', {
      '/big.png': { type: 'image/png', body: big },
      '/favicon.ico': { type: 'image/x-icon', body: ICO },
    });
    expect((await findFavicon(site.url('/'), fetcher(site)))?.url).toBe(site.url('/favicon.ico'));
  });

  it('keeps an icon of exactly 100 KiB', async () => {
    const edge = Buffer.concat([PNG, Buffer.alloc(FAVICON_MAX_BYTES - PNG.length)]);
    const site = await startSite('<link rel="icon" href="/edge.png">', {
      '/edge.png': { type: 'image/png', body: edge },
    });
    expect((await findFavicon(site.url('/'), fetcher(site)))?.body.length).toBe(FAVICON_MAX_BYTES);
  });

  it('answers null when the site has no icon at all (404s)', async () => {
    const site = await startSite('<link rel="icon" href="/missing.png">');
    expect(await findFavicon(site.url('/'), fetcher(site))).toBeNull();
  });

  it('answers null when the favicon answers an error status, even with image bytes', async () => {
    const site = await startSite('', { '/favicon.ico': { status: 500, type: 'image/x-icon', body: ICO } });
    expect(await findFavicon(site.url('/'), fetcher(site))).toBeNull();
  });

  it('still tries /favicon.ico when the homepage cannot be read', async () => {
    const site = await startSite(null, { '/favicon.ico': { type: 'image/x-icon', body: ICO } });
    expect((await findFavicon(site.url('/gone'), fetcher(site)))?.url).toBe(site.url('/favicon.ico'));
  });

  it.each([
    () => `http://127.0.0.2:${forbiddenPort}/x.png`,
    () => 'http://169.254.169.254/x.png',
    () => `http://[::1]:${forbiddenPort}/x.png`,
  ])('refuses an icon on a private address that is not allowed (%#) and still falls back', async (href) => {
    const site = await startSite(`<link rel="icon" href="${href()}">`, {
      '/favicon.ico': { type: 'image/x-icon', body: ICO },
    });
    const icon = await findFavicon(site.url('/'), fetcher(site));
    expect(icon?.url).toBe(site.url('/favicon.ico'));
  });

  it('refuses a private icon and answers null when there is no fallback', async () => {
    const site = await startSite(`<link rel="icon" href="http://127.0.0.2:${forbiddenPort}/x.png">`);
    await expect(findFavicon(site.url('/'), fetcher(site))).resolves.toBeNull();
  });

  it('refuses a homepage on a private address that is not allowed, without throwing', async () => {
    const site = await startSite('');
    await expect(findFavicon(`http://127.0.0.2:${forbiddenPort}/`, fetcher(site))).resolves.toBeNull();
  });
});
