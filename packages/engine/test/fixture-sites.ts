// The fixture sites the engine's tests and the CLI are judged on, served from 127.0.0.1. Text
// files live in fixtures/<site>/ with {{origin}} for the site's own origin; images are made at
// start-up with sharp, so the repository holds no binaries.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

export type SiteName = 'well-made' | 'neglected' | 'cases';

export interface FixtureSite {
  origin: string;
  port: number;
  /** host:port for FETCH_ALLOW_PRIVATE. */
  allow: string;
  /** Accepted TCP connections so far. */
  connections(): number;
  close(): Promise<void>;
}

const ROOT = path.join(import.meta.dirname, 'fixtures');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gz': 'application/gzip',
};

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Seeded noise (xorshift32), so heavy images are heavy and the same on every run. */
function noise(width: number, height: number, seed = 2463534242): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < data.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data[i] = (x >>> 24) & 0xff;
  }
  return data;
}

const generated = new Map<string, Promise<Buffer>>();
function image(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  if (!generated.has(key)) generated.set(key, make());
  return generated.get(key)!;
}

const flat = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } });

/** Binary files of each site, made on first request. */
const IMAGES: Record<string, () => Promise<Buffer>> = {
  'well-made/favicon.png': () => flat(32, 32, 120, 80, 40).png().toBuffer(),
  'well-made/img/hero-table.webp': () => flat(800, 500, 160, 110, 60).webp({ quality: 75 }).toBuffer(),
  'well-made/img/workshop.webp': () => flat(600, 400, 90, 70, 50).webp({ quality: 75 }).toBuffer(),
  'well-made/img/og-table.jpg': () => flat(1200, 630, 160, 110, 60).jpeg({ quality: 70 }).toBuffer(),
  // A photo straight off the camera: big, PNG, full of metadata, displayed far smaller.
  'neglected/images/huge.png': () =>
    sharp(noise(900, 700), { raw: { width: 900, height: 700, channels: 3 } })
      .withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(4000), ImageDescription: 'y'.repeat(4000) } } })
      .png()
      .toBuffer(),
};

/** A big, unminified script: comments and whitespace a minifier would drop. */
function bloatedScript(): Buffer {
  const block = (i: number) => `
/**
 * Helper number ${i}: formats a price for the catalogue page.
 * It is written out long-hand, with comments, as it came from the editor.
 */
function formatPrice${i} ( amount , currency ) {
    var rounded   =   Math.round( amount * 100 ) / 100 ;
    var text      =   rounded.toFixed( 2 ) ;
    return currency + ' ' + text ;
}
`;
  return Buffer.from(Array.from({ length: 400 }, (_, i) => block(i)).join('\n'));
}

async function answer(
  site: SiteName,
  origin: string,
  pathname: string,
  state: { visits: Map<string, number> },
): Promise<Answer> {
  const visits = (state.visits.get(pathname) ?? 0) + 1;
  state.visits.set(pathname, visits);
  const file = (name: string) => path.join(ROOT, site, name);
  const text = (name: string) =>
    Buffer.from(readFileSync(file(name), 'utf8').replaceAll('{{origin}}', origin));
  const type = (name: string) => TYPES[path.extname(name)] ?? 'application/octet-stream';

  if (site === 'cases') {
    const redirects: Record<string, string> = {
      '/redirect-chain': '/redirect-2',
      '/redirect-2': '/redirect-3',
      '/redirect-3': '/noindex.html',
      '/loop-a': '/loop-b',
      '/loop-b': '/loop-a',
      '/moved': '/noindex.html',
    };
    if (redirects[pathname]) {
      const status = pathname === '/moved' ? 301 : 302;
      return { status, headers: { location: redirects[pathname] }, body: Buffer.alloc(0) };
    }
    if (pathname === '/sitemap-pages.xml.gz') {
      const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/noindex.html</loc><lastmod>2031-01-01</lastmod></url><url><loc>https://elsewhere.example/page</loc></url></urlset>`;
      return { status: 200, headers: { 'content-type': 'application/gzip' }, body: zlib.gzipSync(xml) };
    }
    // Data the late-paint page waits for before it draws its main content.
    if (pathname === '/slow-data') {
      await new Promise((resolve) => setTimeout(resolve, 900));
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{"ok":true}'),
      };
    }
    // A wall in front of a page, as bot protection sends it: no title, noindex, hardly any text.
    if (pathname === '/forbidden')
      return {
        status: 403,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: Buffer.from(
          '<html><head><meta name="robots" content="noindex"></head><body><p>Access denied</p></body></html>',
        ),
      };
    if (pathname === '/billion-laughs.xml') {
      const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><urlset><url><loc>&lol3;</loc></url></urlset>`;
      return { status: 200, headers: { 'content-type': 'application/xml' }, body: Buffer.from(lol) };
    }
  }

  if (site === 'neglected') {
    const headers = { server: 'Apache/2.4.29 (Ubuntu)', 'x-powered-by': 'PHP/7.2.1' };
    if (pathname === '/jquery.js')
      return { status: 200, headers: { ...headers, 'content-type': type('.js') }, body: bloatedScript() };
    if (pathname === '/images/')
      return {
        status: 200,
        headers: { ...headers, 'content-type': type('.html') },
        body: Buffer.from(
          '<html><head><title>Index of /images</title></head><body><h1>Index of /images</h1><a href="huge.png">huge.png</a></body></html>',
        ),
      };
    if (pathname === '/robots.txt')
      return {
        status: 200,
        headers: { ...headers, 'content-type': 'text/plain' },
        body: Buffer.from('User-agent: *\nDisallow: /\nCrawl-delay: 10\nNoindex: /private\n'),
      };
    const key = `neglected${pathname}`;
    if (IMAGES[key])
      return {
        status: 200,
        headers: { ...headers, 'content-type': type(pathname) },
        body: await image(key, IMAGES[key]),
      };
    const name = pathname === '/' ? 'index.html' : pathname.slice(1);
    if (
      name === 'broken-page' ||
      name === 'missing.css' ||
      name.endsWith('.txt') ||
      name.startsWith('favicon')
    ) {
      return {
        status: 404,
        headers: { ...headers, 'content-type': 'text/html' },
        body: Buffer.from('<h1>Not Found</h1>'),
      };
    }
    // Every other unknown path answers 200 with the home page: a soft 404.
    const existing = existsSync(file(name)) ? name : 'index.html';
    return { status: 200, headers: { ...headers, 'content-type': type(existing) }, body: text(existing) };
  }

  // well-made and cases: static files, a custom 404, good headers.
  const key = `${site}${pathname}`;
  const name = pathname === '/' ? 'index.html' : pathname.slice(1);
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
    'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
    // The cases pages run inline scripts on purpose (errors, layout shift).
    ...(site === 'well-made'
      ? { 'content-security-policy': "default-src 'self'; img-src 'self' data:" }
      : {}),
  };
  if (IMAGES[key]) {
    return {
      status: 200,
      headers: {
        ...headers,
        'content-type': type(pathname),
        'cache-control': 'public, max-age=31536000, immutable',
      },
      body: await image(key, IMAGES[key]),
    };
  }
  if (!name.includes('..') && existsSync(file(name)) && !name.endsWith('/')) {
    const asset = /\.(css|js)$/.test(name);
    return {
      status: 200,
      headers: {
        ...headers,
        'content-type': type(name),
        'cache-control': asset ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        ...(name.endsWith('.html') ? { 'x-cache': visits > 1 ? 'HIT' : 'MISS' } : {}),
      },
      body: text(name),
    };
  }
  const notFound = existsSync(file('404.html'))
    ? text('404.html')
    : Buffer.from('<!DOCTYPE html><title>Not found</title><h1>Not found</h1><a href="/">Home</a>');
  return { status: 404, headers: { ...headers, 'content-type': type('.html') }, body: notFound };
}

const COMPRESSIBLE = /^(text\/|application\/(xml|json|javascript))/;

/**
 * Serves one fixture site on 127.0.0.1 (over HTTPS when given a key and certificate). With
 * `publicOrigin` its pages, robots.txt and sitemap name that origin instead, for a site reached
 * under a real domain name through FETCH_CONNECT_TO.
 */
export async function startSite(
  site: SiteName,
  tls?: { key: string; cert: string },
  publicOrigin?: string,
): Promise<FixtureSite> {
  const state = { visits: new Map<string, number>() };
  let origin = '';
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    answer(site, origin, url.pathname, state).then(
      ({ status, headers, body }) => {
        const compress =
          site !== 'neglected' &&
          COMPRESSIBLE.test(headers['content-type'] ?? '') &&
          body.length > 1400 &&
          /gzip/.test(String(request.headers['accept-encoding'] ?? ''));
        const out = compress ? zlib.gzipSync(body) : body;
        response.writeHead(status, {
          ...headers,
          ...(compress ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
          'content-length': String(out.length),
        });
        response.end(request.method === 'HEAD' ? undefined : out);
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  };
  const server = tls
    ? https.createServer({ key: tls.key, cert: tls.cert }, handler)
    : http.createServer(handler);
  let count = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = publicOrigin ?? `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    origin,
    port,
    allow: `127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
