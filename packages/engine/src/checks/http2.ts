import { defineCheck, failed, passed } from './define-check';

const messages = {
  plainHttp:
    'The page is served over plain HTTP; browsers speak HTTP/2 and HTTP/3 only over HTTPS, so it and its {count} file(s) from this site load over HTTP/1.1.',
  http1:
    'The server offers only HTTP/1.1: the page and its {count} file(s) from this site load a few at a time over several connections.',
  http3:
    'The server speaks HTTP/2 and advertises HTTP/3 (Alt-Svc), so the page and its files from this site load over one connection.',
  http3Only: 'The server advertises HTTP/3 (Alt-Svc); browsers switch to it after the first request.',
  http2: 'The server speaks HTTP/2, so the page and its files from this site load over one connection.',
};

/** An `Alt-Svc` header offering HTTP/3 (`h3`, or a draft such as `h3-29`). */
const H3 = /(^|[\s,])h3(-\d+)?\s*=/i;

export const http2 = defineCheck({
  key: 'http2',
  title: 'HTTP/2 or HTTP/3',
  category: 'server-security',
  relevance: 4,
  scope: 'page',
  requires: ['page', 'resources', 'tls'],
  description:
    'HTTP/2 and HTTP/3 load many files over one connection at once, with compressed headers; HTTP/1.1 opens several connections and queues files. Every modern browser and CDN supports them. The check reads which protocols the server offers in the TLS handshake (ALPN) and the <code>Alt-Svc</code> header.',
  recommendation: 'Turn on HTTP/2 (and HTTP/3 where the host supports it) for the site’s HTTPS server.',
  howToFix:
    'Most CDNs and hosts turn HTTP/2 and HTTP/3 on with a switch. In nginx add <code>http2 on;</code> (1.25+) or <code>listen 443 ssl http2;</code>; for HTTP/3 add <code>listen 443 quic reuseport;</code> and <code>add_header Alt-Svc \'h3=":443"; ma=86400\';</code>. In Apache enable mod_http2 and add <code>Protocols h2 http/1.1</code>. HTTP/2 needs HTTPS, so move the site to HTTPS first.',
  evaluate({ page, resources, tls }, { format }) {
    const origin = new URL(page.finalUrl).origin;
    const sameOrigin = resources
      .filter((resource) => resource.status !== null && new URL(resource.finalUrl).origin === origin)
      .map((resource) => resource.url);
    if (new URL(page.finalUrl).protocol !== 'https:' || !tls.https)
      return failed(format(messages.plainHttp, { count: sameOrigin.length }), {
        protocol: 'http/1.1',
        non_http2_resources: sameOrigin,
      });

    // Our fetcher speaks HTTP/1.1 only, so what the server offers is the handshake's ALPN list and
    // its Alt-Svc header; files on the page's own origin are served by the same server.
    const h2 = tls.alpn.includes('h2');
    const h3 = H3.test(page.headers['alt-svc'] ?? '');
    const protocol = h3 ? 'h3' : h2 ? 'h2' : 'http/1.1';
    if (!h2 && !h3)
      return failed(format(messages.http1, { count: sameOrigin.length }), {
        protocol,
        non_http2_resources: sameOrigin,
      });
    return passed(h3 ? (h2 ? messages.http3 : messages.http3Only) : messages.http2, {
      protocol,
      non_http2_resources: [],
    });
  },
});
