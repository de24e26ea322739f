import type { contains } from 'cheerio/slim';

// cheerio does not re-export domhandler's node types; take them from a signature that uses them.
/** Any node of a parsed document: element, text, comment… */
export type AnyNode = Parameters<typeof contains>[1];
/** An element node, with its tag name, attributes and children. */
export type ElementNode = Extract<AnyNode, { attribs: Record<string, string> }>;
/** A text node. */
export type TextNode = Extract<AnyNode, { data: string; type: unknown }>;
