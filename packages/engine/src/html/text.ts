import type { CheerioAPI } from 'cheerio/slim';
import { type AnyNode, type ElementNode, oncePerDocument, type TextNode } from './dom';

/** Elements whose content is not read as page text. */
const NOT_TEXT = new Set([
  'head',
  'title',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'select',
  'datalist',
  'textarea',
]);

/** Elements that flow inside a line; every other element starts a new block of text. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

export const collapseWhitespace = (text: string) => text.replace(/\s+/g, ' ').trim();

const isElement = (node: AnyNode): node is ElementNode => 'attribs' in node;
const isText = (node: AnyNode): node is TextNode => (node.type as string) === 'text';

interface TextOptions {
  /** Read an image's alt text as part of the text, as a link's anchor text does. */
  imageAlt?: boolean;
  /** Elements whose text is not read (with everything inside them). */
  skip?: ReadonlySet<AnyNode>;
}

/**
 * The visible text under `root` (default: the body), one string per block (paragraph, heading,
 * list item, cell…), so words of two blocks never run together.
 */
export function textBlocks($: CheerioAPI, root?: AnyNode, options: TextOptions = {}): readonly string[] {
  return root || options.imageAlt || options.skip ? readBlocks($, root, options) : bodyBlocks($);
}

const bodyBlocks = oncePerDocument<readonly string[]>(($) => readBlocks($));

function readBlocks($: CheerioAPI, root?: AnyNode, options: TextOptions = {}): string[] {
  const start = root ?? $('body')[0] ?? $.root()[0]!;
  const blocks: string[] = [];
  let line = '';
  const flush = () => {
    const text = collapseWhitespace(line);
    if (text) blocks.push(text);
    line = '';
  };
  const visit = (node: AnyNode) => {
    if (isText(node)) {
      line += node.data;
      return;
    }
    if (!isElement(node)) {
      for (const child of 'children' in node ? node.children : []) visit(child);
      return;
    }
    const name = node.name.toLowerCase();
    if (NOT_TEXT.has(name) || 'hidden' in node.attribs || options.skip?.has(node)) return;
    if (name === 'img' || (name === 'input' && node.attribs.type?.toLowerCase() === 'image')) {
      if (options.imageAlt && node.attribs.alt) line += ` ${node.attribs.alt} `;
      return;
    }
    const block = !INLINE.has(name);
    if (block) flush();
    for (const child of node.children) visit(child);
    if (block) flush();
  };
  if (isElement(start)) for (const child of start.children) visit(child);
  else visit(start);
  flush();
  return blocks;
}

/** The text of one element on a single line, e.g. a link's anchor text or a heading. */
export function elementText($: CheerioAPI, element: AnyNode, options: TextOptions = {}): string {
  return textBlocks($, element, options).join(' ');
}
