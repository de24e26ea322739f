// Sites for the crawler's tests and the crawl benchmark, served from 127.0.0.1: a table of pages,
// or a generated site of any size whose pages are made on request (nothing held per page).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CrawlSitePage {
  status?: number;
  headers?: Record<string, string>;
  /** HTML (or any text; `{{origin}}` becomes the site's origin), or a file's bytes. */
  body?: string | Buffer;
  /** Answer after this many milliseconds. */
  delayMs?: number;
}

export type CrawlSiteRoutes =
  | Record<string, CrawlSitePage>
  | ((path: string, origin: string) => CrawlSitePage | undefined);

export interface CrawlSite {
  /** The origin its pages name: 127.0.0.1's, or the public one it was started with. */
  origin: string;
  port: number;
  /** host:port for FETCH_ALLOW_PRIVATE. */
  allow: string;
  /** The most requests the server had in flight at once. */
  maxInFlight(): number;
  /** Requests served for a path (query included), or all of them. */
  requests(path?: string): number;
  /** Accepted TCP connections. */
  connections(): number;
  close(): Promise<void>;
}

/** A page of the fixture sites: a title, a description, a heading, text and links. */
export function htmlPage(options: {
  title: string;
  description?: string;
  h1?: string;
  text?: string;
  links?: string[];
  head?: string;
}): string {
  const links = (options.links ?? []).map((href) => `<li><a href="${href}">${href}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${options.title}</title>${
    options.description ? `<meta name="description" content="${options.description}">` : ''
  }<meta name="viewport" content="width=device-width, initial-scale=1">${options.head ?? ''}</head><body><header><nav><ul>${links}</ul></nav></header><main><h1>${
    options.h1 ?? options.title
  }</h1><p>${options.text ?? `${options.title} has its own text.`}</p></main></body></html>`;
}

/**
 * Serves `routes` on 127.0.0.1; a path no route answers is a 404 page. With `publicOrigin` the
 * pages name that origin, for a site reached under a domain name through FETCH_CONNECT_TO.
 */
export async function startCrawlSite(
  routes: CrawlSiteRoutes,
  options: { publicOrigin?: string } = {},
): Promise<CrawlSite> {
  let origin = '';
  let inFlight = 0;
  let maxInFlight = 0;
  let connections = 0;
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const lookup = (path: string) => (typeof routes === 'function' ? routes(path, origin) : routes[path]);
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const page = lookup(path) ?? { status: 404, body: htmlPage({ title: 'Not found' }) };
    const send = () => {
      const body = Buffer.isBuffer(page.body)
        ? page.body
        : Buffer.from((page.body ?? '').replaceAll('{{origin}}', origin));
      response.writeHead(page.status ?? 200, {
        'content-type': 'text/html; charset=utf-8',
        ...page.headers,
        'content-length': String(body.length),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    response.on('close', () => inFlight--);
    if (page.delayMs) setTimeout(send, page.delayMs);
    else send();
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = options.publicOrigin ?? `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    allow: `127.0.0.1:${port}`,
    maxInFlight: () => maxInFlight,
    requests: (path) =>
      path === undefined ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(path) ?? 0),
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const VOCABULARY =
  'oak table chair joinery finish varnish workshop timber grain plank dovetail mortise tenon lathe chisel saw sanding walnut maple cherry ash beech pine cedar veneer dowel clamp glue bench drawer cabinet shelf door frame panel edge corner leg rail stretcher spindle'.split(
    ' ',
  );

/** Forty words of its own for page `i` (seeded), so no two generated pages read alike. */
export function proseOf(i: number): string {
  let x = (i + 1) * 2654435761;
  const words: string[] = [];
  for (let n = 0; n < 40; n++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words.push(VOCABULARY[(x >>> 0) % VOCABULARY.length]!);
  }
  return `Page ${i}: ${words.join(' ')}.`;
}

/**
 * A generated site of `pages` pages, `/p/0` … `/p/{n-1}` plus the homepage, each page linking to
 * the next few and to the homepage. Every 50th page links to a moved page (`/old/{i}`, a 301 to
 * `/p/{i}`) and a missing one (`/gone/{i}`, a 404); every 40th page is noindex; every 25th shares
 * its title with the page before; `/slow` answers after `slowMs`. The sitemap lists every page.
 */
export function generatedSite(
  pages: number,
  options: { slowMs?: number; sitemap?: boolean } = {},
): (path: string, origin: string) => CrawlSitePage | undefined {
  const title = (i: number) =>
    i % 25 === 24 ? `Page ${i - 1} of the fixture site` : `Page ${i} of the fixture site`;
  return (path): CrawlSitePage | undefined => {
    if (path === '/robots.txt')
      return {
        headers: { 'content-type': 'text/plain' },
        body: `User-agent: *\nDisallow: /private/\n${options.sitemap === false ? '' : 'Sitemap: {{origin}}/sitemap.xml\n'}`,
      };
    if (path === '/sitemap.xml' && options.sitemap !== false) {
      const urls = ['<url><loc>{{origin}}/</loc></url>'];
      for (let i = 0; i < pages; i++) urls.push(`<url><loc>{{origin}}/p/${i}</loc></url>`);
      return {
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
      };
    }
    if (path === '/')
      return {
        body: htmlPage({
          title: 'The fixture site',
          description: 'A generated site the crawler is tested and measured on.',
          links: ['/p/0', '/p/1', '/p/2', '/slow', '/private/admin'].filter(
            (href) => href !== '/slow' || options.slowMs,
          ),
        }),
      };
    if (path === '/slow' && options.slowMs)
      return { delayMs: options.slowMs, body: htmlPage({ title: 'A slow page', links: ['/'] }) };
    const moved = /^\/old\/(\d+)$/.exec(path);
    if (moved) return { status: 301, headers: { location: `/p/${moved[1]}` } };
    const match = /^\/p\/(\d+)$/.exec(path);
    if (!match) return undefined;
    const i = Number(match[1]);
    if (i >= pages) return undefined;
    const links = [
      '/',
      ...[1, 2, 3]
        .map((step) => i + step)
        .filter((next) => next < pages)
        .map((next) => `/p/${next}`),
    ];
    if (i % 50 === 10) links.push(`/old/${i + 5 < pages ? i + 5 : 0}`, `/gone/${i}`);
    return {
      body: htmlPage({
        title: title(i),
        description: `Description of page ${i}, written for the generated fixture site of the crawler.`,
        text: proseOf(i),
        links,
        head: i % 40 === 39 ? '<meta name="robots" content="noindex">' : '',
      }),
    };
  };
}
