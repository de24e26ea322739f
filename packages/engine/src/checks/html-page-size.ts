import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune, in bytes of decoded HTML. */
export const thresholds = { warnBytes: 100 * 1024, failBytes: 500 * 1024 };
/** SEO Site Checkup’s stricter rule, which compares against an average HTML page of 33 KB. Apply with `Object.assign(thresholds, strictPreset)`. */
export const strictPreset = { warnBytes: 33 * 1024, failBytes: 100 * 1024 };

const messages = {
  ok: 'The HTML is {kb} KB{transfer}.',
  large: 'The HTML is {kb} KB{transfer}; above {warn} KB it delays the first paint, most of all on phones.',
  huge: 'The HTML is {kb} KB{transfer}, over {fail} KB: the browser must download and parse all of it before the page is complete.',
  transfer: ' ({transfer} KB on the wire)',
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export const htmlPageSize = defineCheck({
  key: 'html-page-size',
  title: 'HTML document size',
  category: 'speed-performance',
  relevance: 5,
  scope: 'page',
  requires: ['page'],
  readsBody: true,
  description:
    'The size of the page’s HTML itself, decoded, without images, scripts or styles. Big HTML usually means inlined data, repeated markup or huge menus, and it must arrive before anything else can load.',
  recommendation: 'Keep the HTML under 100 KB.',
  howToFix:
    'Move inline scripts, styles and SVG sprites into cached files, drop data embedded for client-side frameworks that the page does not need at first paint, paginate long lists, and trim mega-menus and hidden duplicate navigation for mobile. Compression (gzip/Brotli) reduces the transfer but not the parsing.',
  evaluate({ page }, { format }) {
    const data = { html_size: page.bytes, html_transfer_size: page.transferBytes };
    const transfer =
      page.transferBytes !== null && page.transferBytes !== page.bytes
        ? format(messages.transfer, { transfer: kb(page.transferBytes) })
        : '';
    const values = {
      kb: kb(page.bytes),
      transfer,
      warn: kb(thresholds.warnBytes),
      fail: kb(thresholds.failBytes),
    };
    if (page.bytes > thresholds.failBytes) return failed(format(messages.huge, values), data);
    if (page.bytes > thresholds.warnBytes) return warning(format(messages.large, values), data);
    return passed(format(messages.ok, values), data);
  },
});
