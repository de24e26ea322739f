import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: below this, compression gains nothing (Lighthouse: 1.4 KiB). */
export const thresholds = { minBytes: 1400 };

const messages = {
  ok: 'The HTML is sent {encoding}-compressed ({raw} KB → {compressed} KB){others}.',
  small: 'The HTML ({raw} KB) is too small to gain from compression{others}.',
  others:
    '; {count?its one other text file over {min} KB is compressed|its # other text files over {min} KB are all compressed}',
  html: 'The HTML ({raw} KB) is sent uncompressed; gzip or Brotli would make it several times smaller.',
  assets: 'The HTML is compressed, but {count} text file(s) are sent uncompressed.',
};

const TEXT =
  /^(text\/|application\/(javascript|x-javascript|json|ld\+json|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i;
const COMPRESSED = /\b(br|gzip|zstd|deflate|compress)\b/i;

export const textCompression = defineCheck({
  key: 'text-compression',
  title: 'HTML/text compression',
  category: 'speed-performance',
  relevance: 7,
  scope: 'page',
  requires: ['page', 'resources'],
  description:
    'HTML, CSS, JavaScript, JSON and SVG are text and shrink by 70–90 % with Brotli, gzip or zstd. The browser asks for compression in every request; the server only has to answer with it.',
  recommendation: 'Compress HTML and every text file with Brotli or gzip.',
  howToFix:
    'Turn compression on in the server or CDN. nginx: <code>gzip on; gzip_types text/css application/javascript application/json image/svg+xml;</code> (and <code>brotli on;</code> with the Brotli module). Apache: mod_deflate or mod_brotli with <code>AddOutputFilterByType</code>. Most CDNs compress automatically; check that the origin does not send <code>Cache-Control: no-transform</code>.',
  evaluate({ page, resources }, { format }) {
    const encoding = page.headers['content-encoding'] ?? null;
    const raw = page.bytes;
    const compressed = page.transferBytes;
    const savings = compressed !== null && raw > 0 ? Math.round(((raw - compressed) / raw) * 100) : null;
    const text = resources.filter(
      (r) =>
        r.status !== null &&
        r.status < 400 &&
        r.bytes > thresholds.minBytes &&
        TEXT.test(r.contentType ?? ''),
    );
    const uncompressed = text
      .filter((r) => !COMPRESSED.test(r.headers['content-encoding'] ?? ''))
      .map((r) => r.url);
    const data = {
      compression: { encoding, raw, compressed, savings_pct: encoding ? savings : 0 },
      uncompressed,
    };
    const kb = (bytes: number | null) => (bytes === null ? '?' : (bytes / 1024).toFixed(1));
    const sentCompressed = encoding !== null && COMPRESSED.test(encoding);
    if (raw > thresholds.minBytes && !sentCompressed)
      return failed(format(messages.html, { raw: kb(raw) }), data);
    if (uncompressed.length > 0)
      return warning(format(messages.assets, { count: uncompressed.length }), data);
    // Only what was compressed is called compressed: a small page sent as it is, or no text file.
    const others =
      text.length === 0
        ? ''
        : format(messages.others, {
            count: text.length,
            min: kb(thresholds.minBytes),
          });
    if (!sentCompressed) return passed(format(messages.small, { raw: kb(raw), others }), data);
    return passed(
      format(messages.ok, { encoding, raw: kb(raw), compressed: kb(compressed ?? raw), others }),
      data,
    );
  },
});
