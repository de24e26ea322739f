import type { ElementNode } from '../html/dom';
import { resolveHttpUrl } from '../html/url';
import { defineCheck, failed, passed } from './define-check';

const messages = {
  ok: 'The page embeds no Flash, Java applets or other browser plugins.',
  found:
    'The page embeds plugin content no current browser can show (Flash, Java, Silverlight): {list}. Visitors see an empty box and search engines cannot read it.',
};

// MIME types and ActiveX class ids of Flash, Java applets, Silverlight and Shockwave.
const PLUGIN_TYPES =
  /x-shockwave-flash|futuresplash|x-java-applet|x-java-bean|x-java-vm|application\/java|x-silverlight|x-director/i;
const PLUGIN_CLASSIDS =
  /D27CDB6E-AE6D-11CF-96B8-444553540000|8AD9C840-044E-11D1-B3E9-00805F499D93|CAFEEFAC-|DFEAF541-F3E1-4C24-ACAC-99C30715084A|166B1BCA-3F9C-11CF-8075-444553540000|^java:/i;
// A Flash movie, a Silverlight package or a Shockwave file.
const PLUGIN_FILE = /\.(?:swf|xap|dcr)(?:[?#]|$)/i;

export const flash = defineCheck({
  key: 'flash',
  title: 'Flash & plugins',
  category: 'speed-performance',
  relevance: 2,
  scope: 'page',
  requires: ['document'],
  description:
    'Looks for Flash movies (<code>.swf</code>), Java applets and Silverlight in <code>&lt;object&gt;</code>, <code>&lt;embed&gt;</code>, <code>&lt;applet&gt;</code> and links. Every browser switched these plugins off by 2021: the content shows as an empty box, and search engines cannot read it.',
  recommendation: 'Replace plugin content with HTML, video and JavaScript.',
  howToFix:
    'Convert Flash video to MP4 or WebM in a <code>&lt;video&gt;</code> element, animations to CSS, SVG or canvas, and games or interactive content to HTML and JavaScript (Ruffle can play old Flash files while you rebuild them). Then remove the <code>&lt;object&gt;</code>, <code>&lt;embed&gt;</code> or <code>&lt;applet&gt;</code> elements and links to <code>.swf</code> files. Documents in <code>&lt;object&gt;</code> (PDF, SVG) and <code>&lt;iframe&gt;</code> embeds are fine.',
  evaluate({ document: { $, baseUrl } }, { format }) {
    const found = new Set<string>();
    const add = (src: string | undefined, el: ElementNode) =>
      found.add(resolveHttpUrl(src, baseUrl) ?? src?.trim() ?? `<${el.name}>`);

    for (const el of $('applet').toArray() as ElementNode[])
      add(el.attribs.code ?? el.attribs.archive ?? el.attribs.object, el);
    for (const el of $('object, embed').toArray() as ElementNode[]) {
      const movie = $(el)
        .children('param')
        .filter((_, param) => /^(?:movie|src|source|code)$/i.test($(param).attr('name') ?? ''))
        .attr('value');
      // The param names the movie when data= is only a type marker (Silverlight's `data:` URL).
      const src = movie && PLUGIN_FILE.test(movie) ? movie : (el.attribs.data ?? el.attribs.src ?? movie);
      const plugin =
        PLUGIN_TYPES.test(el.attribs.type ?? '') ||
        PLUGIN_CLASSIDS.test((el.attribs.classid ?? '').replace(/^clsid:/i, '')) ||
        PLUGIN_FILE.test(src ?? '');
      // An <embed> inside a plugin <object> is its fallback: one resource, not two.
      if (plugin && !(el.name === 'embed' && $(el).parent('object').length)) add(src ?? movie, el);
    }
    for (const el of $('a[href]').toArray() as ElementNode[])
      if (PLUGIN_FILE.test(el.attribs.href ?? '')) add(el.attribs.href, el);

    const data = { flash_resources: [...found] };
    if (found.size > 0)
      return failed(format(messages.found, { list: [...found].slice(0, 5).join(', ') }), data);
    return passed(messages.ok, data);
  },
});
