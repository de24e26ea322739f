import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenLinks } from '../src/checks/broken-links';
import { format } from '../src/checks/define-check';
import { gatherFrom } from './gather-context';

// One local server plays the page's site and the sites it links to, each reached under its own
// name through connectTo; what each answers is what the real ones answer a checker.
const ANSWERS: Record<string, { status: number; headers?: Record<string, string> }> = {
  'shop.example.test/gone': { status: 404 },
  'shop.example.test/busy': { status: 429 },
  'www.linkedin.com/company/oak': { status: 999 },
  'protected.example.net/': {
    status: 403,
    headers: { server: 'cloudflare', 'cf-mitigated': 'challenge' },
  },
  'closed.example.org/': { status: 410 },
};
const LINKS = [
  '/gone',
  '/busy',
  'http://www.linkedin.com/company/oak',
  'http://protected.example.net/',
  'http://closed.example.org/',
  'http://expired-domain.example.com/',
];

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    const key = `${request.headers.host?.replace(/:\d+$/, '')}${request.url}`;
    if (key === 'shop.example.test/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<html><body>${LINKS.map((href) => `<a href="${href}">${href}</a>`).join('')}</body></html>`,
      );
      return;
    }
    const answer = ANSWERS[key] ?? { status: 200 };
    response.writeHead(answer.status, { 'content-type': 'text/html', ...answer.headers });
    response.end('<html><body>…</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('link checks judged by broken-links', () => {
  it('tells broken links from links that could not be verified', async () => {
    const hosts = ['shop.example.test', 'www.linkedin.com', 'protected.example.net', 'closed.example.org'];
    const linkChecks = await gatherFrom('http://shop.example.test/', 'linkChecks', {
      connectTo: hosts.map((host) => `${host}:80:127.0.0.1:${port}`).join(','),
      // Any other name does not resolve, as for a domain that has lapsed.
      lookup: async (host) => {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      },
    });
    const result = brokenLinks.evaluate({ linkChecks }, { format });
    expect(result.status).toBe('failed');
    expect(result.data).toEqual({
      broken_links: [
        { url: 'http://shop.example.test/gone', status: 404, anchor: '/gone' },
        { url: 'http://closed.example.org/', status: 410, anchor: 'http://closed.example.org/' },
      ],
      redirected_links: [],
      unverified_links: [
        { url: 'http://shop.example.test/busy', reason: 'rate limited (HTTP 429)' },
        {
          url: 'http://www.linkedin.com/company/oak',
          reason: 'linkedin.com refuses automated requests (HTTP 999)',
        },
        { url: 'http://protected.example.net/', reason: 'Cloudflare’s bot protection answered (HTTP 403)' },
        { url: 'http://expired-domain.example.com/', reason: 'the host name could not be resolved' },
      ],
      local_links: [],
    });
    expect(result.message).toContain('1 internal link(s) are broken');
    expect(result.message).toContain('1 external link(s) are broken');
    expect(result.message).toContain('4 link(s) could not be verified');
  });
});
