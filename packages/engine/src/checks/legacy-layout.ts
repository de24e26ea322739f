import type { ElementNode } from '../html/dom';
import { resolveHttpUrl } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

const messages = {
  ok: 'The page uses no frames and no tables nested in tables.',
  frameset:
    'The page is built from frames ({count} <frame> elements): search engines index each frame as a separate page, and visitors cannot link to or bookmark what they see.',
  nested:
    '{count} tables sit inside other tables, the old way of laying out a page: heavy markup that does not adapt to phones.',
  nestedOne:
    'A table sits inside another table, the old way of laying out a page: heavy markup that does not adapt to phones.',
};

export const legacyLayout = defineCheck({
  key: 'legacy-layout',
  title: 'Frames & nested tables',
  category: 'speed-performance',
  relevance: 2,
  scope: 'page',
  requires: ['document'],
  description:
    'Looks for page layouts of the 1990s: a <code>&lt;frameset&gt;</code>, which splits the window into separately loaded documents, and tables nested inside tables to position content. Both are hard for crawlers and do not work well on phones. An <code>&lt;iframe&gt;</code> for embedded content (maps, videos) is fine.',
  recommendation: 'Replace frames and layout tables with HTML sections laid out with CSS.',
  howToFix:
    'Rebuild the layout with semantic elements (<code>&lt;header&gt;</code>, <code>&lt;nav&gt;</code>, <code>&lt;main&gt;</code>, <code>&lt;aside&gt;</code>, <code>&lt;footer&gt;</code>) positioned with CSS grid or flexbox, and keep <code>&lt;table&gt;</code> for tabular data only. For a frameset site, give the content of every former frame its own full page that includes the shared navigation, and redirect the old frame URLs to those pages with 301s.',
  evaluate({ document: { $, baseUrl } }, { format }) {
    const frames = ($('frame').toArray() as ElementNode[]).map(
      (el) => resolveHttpUrl(el.attribs.src, baseUrl) ?? el.attribs.src ?? '<frame>',
    );
    const framed = frames.length > 0 || $('frameset').length > 0;
    const nested = $('table table').length;
    const data = { frames, nested_tables: nested };
    if (framed) return failed(format(messages.frameset, { count: frames.length }), data);
    if (nested === 1) return warning(messages.nestedOne, data);
    if (nested > 1) return warning(format(messages.nested, { count: nested }), data);
    return passed(messages.ok, data);
  },
});
