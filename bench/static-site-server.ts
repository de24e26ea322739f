// A folder of files served as a website for the crawl benchmark's `--site`, in a process of its own
// so that serving it costs neither crawler time nor memory: `node --import tsx
// bench/static-site-server.ts <folder>` prints the site's origin on stdout and serves until stdin
// closes or SIGTERM. A line `requests` on stdin is answered on stdout with the requests served so far.
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const folder = process.argv[2];
if (!folder || process.argv.length > 3 || !existsSync(folder) || !statSync(folder).isDirectory()) {
  console.error('usage: static-site-server.ts <folder>');
  process.exit(2);
}
// The folder itself may be a symlink (python3-doc/html is): paths are checked against where it leads.
const root = realpathSync(folder);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  // The file as it is (`x.txt.gz` is an archive to download), not a Content-Encoding of `x.txt`.
  '.gz': 'application/gzip',
};
const contentType = (file: string) =>
  CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** The file a URL path names inside the folder, or null when the path would leave it. */
function fileOf(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // Checked after decoding: `%2e%2e%2f` must not climb out either. Symlinks inside may lead anywhere.
  const file = path.resolve(root, `.${decoded}`);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

/** What is at a path, or undefined: a missing file, a file taken as a folder (ENOTDIR), a name too long. */
function statOf(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

const ownFile = (name: string) => {
  const file = path.join(root, name);
  return statOf(file)?.isFile() ? file : null;
};
const ownRobots = ownFile('robots.txt');
const ownSitemap = ownFile('sitemap.xml');

let requests = 0;
const sockets = new Set<Socket>();
let origin = '';

function answer(
  response: http.ServerResponse,
  head: boolean,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  const bytes = Buffer.from(body);
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    ...headers,
    'content-length': String(bytes.length),
  });
  response.end(head ? undefined : bytes);
}

/** The request's URL; its target taken as a path even when it starts with `//`. */
function requestUrl(target: string | undefined): URL | null {
  try {
    return new URL(`http://site.invalid${target?.startsWith('/') ? target : `/${target ?? ''}`}`);
  } catch {
    return null;
  }
}

const notFound = (response: http.ServerResponse, head: boolean) =>
  answer(response, head, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>\n');

const server = http.createServer((request, response) => {
  requests++;
  const head = request.method === 'HEAD';
  if (request.method !== 'GET' && !head) {
    answer(response, false, 405, 'Method not allowed\n', {
      allow: 'GET, HEAD',
      'content-type': 'text/plain; charset=utf-8',
    });
    return;
  }
  const url = requestUrl(request.url);
  if (!url) {
    answer(response, head, 400, 'Bad request\n', { 'content-type': 'text/plain; charset=utf-8' });
    return;
  }
  const { pathname } = url;
  if (pathname === '/robots.txt' && !ownRobots) {
    // Everything allowed, and the folder's sitemap named where there is one.
    const sitemap = ownSitemap ? `Sitemap: ${origin}/sitemap.xml\n` : '';
    answer(response, head, 200, `User-agent: *\nAllow: /\n${sitemap}`, {
      'content-type': 'text/plain; charset=utf-8',
    });
    return;
  }
  let file = fileOf(pathname);
  // A path that would leave the folder.
  if (!file) {
    answer(response, head, 400, 'Bad request\n', { 'content-type': 'text/plain; charset=utf-8' });
    return;
  }
  let stat = statOf(file);
  if (stat?.isDirectory()) {
    // A directory's pages link relative to it: /dir answers with a redirect to /dir/, as web servers do.
    if (!pathname.endsWith('/')) {
      answer(response, head, 301, '', { location: `${pathname}/${url.search}` });
      return;
    }
    file = path.join(file, 'index.html');
    stat = statOf(file);
  }
  if (!stat?.isFile()) {
    notFound(response, head);
    return;
  }
  response.writeHead(200, { 'content-type': contentType(file), 'content-length': String(stat.size) });
  if (head) {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
});
server.on('connection', (socket: Socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});

await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const stop = () => {
  for (const socket of sockets) socket.destroy();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The benchmark holds our stdin: when it goes away (even killed), so does the site.
const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  if (line.trim() === 'requests') process.stdout.write(`${requests}\n`);
});
commands.on('close', stop);
process.stdout.write(`${origin}\n`);
