import type { CheerioAPI, contains } from 'cheerio/slim';

// cheerio does not re-export domhandler's node types; take them from a signature that uses them.
/** Any node of a parsed document: element, text, comment… */
export type AnyNode = Parameters<typeof contains>[1];
/** An element node, with its tag name, attributes and children. */
export type ElementNode = Extract<AnyNode, { attribs: Record<string, string> }>;
/** A text node. */
export type TextNode = Extract<AnyNode, { data: string; type: unknown }>;

/**
 * `read` computed once per parsed document, however many checks ask: several checks read the
 * same text of a page. The value is shared, so callers must not modify it.
 */
export function oncePerDocument<T>(read: ($: CheerioAPI) => T): ($: CheerioAPI) => T {
  const values = new WeakMap<CheerioAPI, T>();
  return ($) => {
    if (values.has($)) return values.get($) as T;
    const value = read($);
    values.set($, value);
    return value;
  };
}
