import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode, ElementNode } from './dom';
import { hasRel } from './link-header';

/** Elements the HTML parser keeps in <head>; anything else there ends the head (§13.2.6.4.4). */
export const HEAD_CONTENT: ReadonlySet<string> = new Set([
  'title',
  'base',
  'meta',
  'link',
  'style',
  'script',
  'noscript',
  'template',
]);

const isElement = (node: AnyNode): node is ElementNode => 'attribs' in node;
// Only the HTML space characters are whitespace to the parser; a no-break space is text.
const isHeadEndingText = (node: AnyNode) =>
  (node.type as string) === 'text' && /[^\t\n\f\r ]/.test((node as { data: string }).data);

/**
 * The elements a browser puts in <head>, in document order, as search engines read them.
 *
 * htmlparser2 keeps the markup as written: the <head> tag may be missing, and a <div> inside it
 * stays there. A browser ends the head at the first element that cannot be in it, at
 * non-space text, or at <body>, and moves metadata found after `</head>` but before that point
 * back into it. So this walks the document from the top and keeps the head elements (title,
 * base, meta, link, style, script, noscript, template) until one of those ends it. The contents
 * of noscript and template are not walked: a browser running scripts reads them as text.
 */
export function headElements($: CheerioAPI): ElementNode[] {
  const found: ElementNode[] = [];
  let ended = false;
  const walk = (nodes: readonly AnyNode[]) => {
    for (const node of nodes) {
      if (ended) return;
      if (!isElement(node)) {
        if (isHeadEndingText(node)) ended = true;
        continue;
      }
      const name = node.name.toLowerCase();
      if (name === 'html' || name === 'head') walk(node.children);
      else if (HEAD_CONTENT.has(name)) found.push(node);
      else ended = true;
    }
  };
  walk($.root()[0]?.children ?? []);
  return found;
}

/** The `<link>` elements in <head> (see `headElements`), in document order; with `rel`, those of that rel. */
export function headLinks($: CheerioAPI, rel?: string): ElementNode[] {
  return headElements($).filter(
    (el) => el.name.toLowerCase() === 'link' && (rel === undefined || hasRel(el.attribs.rel, rel)),
  );
}
