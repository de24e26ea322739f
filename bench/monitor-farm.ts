// The monitoring benchmark's farm of websites: one HTTP server on 127.0.0.1 (PORT) answering every
// path with a small page, as thousands of monitored homepages would. It runs in a process of its
// own, so the benchmark's CPU figures are the monitor's, not the sites'.
import http from 'node:http';

const PAGE = `<!doctype html><html><head><title>Farm site</title></head><body>${'<p>Monitored homepage.</p>'.repeat(60)}</body></html>`;

const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(PAGE),
  });
  response.end(PAGE);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
