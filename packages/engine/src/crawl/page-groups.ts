import { hammingDistance } from '../html/simhash';

/** A crawled URL as grouping sees it. */
export interface GroupablePage {
  id: string;
  url: string;
  /** `PageFacts.layoutHash`; null for a page without markup (an error, a redirect, not crawled). */
  layoutHash: string | null;
}

/** A page group found by `groupPages`. */
export interface FoundPageGroup {
  /**
   * What the group is recognised by on the next crawl: its URL pattern for a pattern's main
   * template, the pattern and a layout hash for another template under the same pattern.
   */
  key: string;
  pattern: string;
  title: string;
  description: string;
  ids: string[];
}

/** Layouts within this many of 64 bits are one template (markup frames of one template differ little). */
export const LAYOUT_BITS = 10;
/** A pattern or a template with fewer pages joins a larger group rather than making its own. */
export const MIN_GROUP = 3;
const ROOT = '/';
/** Templates told apart per pattern; a page unlike all of them goes with the main one. */
const MAX_TEMPLATES = 20;

/** The URL pattern of a page: the first path segment (`/blog/`), or `/` for the site's top level. */
export function urlPattern(url: string): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  return segments.length <= 1 ? ROOT : `/${segments[0]}/`;
}

/** 'Blog' from `/blog/`, 'Case studies' from `/case_studies/`. */
function patternTitle(pattern: string): string {
  if (pattern === ROOT) return 'Main pages';
  let words = pattern.slice(1, -1);
  try {
    words = decodeURIComponent(words);
  } catch {}
  words = words.replace(/[-_+.]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : pattern;
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

function describe(pattern: string, urls: string[]): string {
  const paths = urls.slice(0, 3).map((url) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  });
  return pattern === ROOT
    ? `Pages at the top level of the site, such as ${list(paths)}.`
    : `Pages under ${pattern}, such as ${list(paths)}.`;
}

interface Template {
  layoutHash: string | null;
  pages: GroupablePage[];
}

/** Splits one pattern's pages by template: a page joins the first template whose layout is within LAYOUT_BITS. */
function templatesOf(pages: GroupablePage[]): Template[] {
  const templates: Template[] = [];
  const unknown: GroupablePage[] = [];
  for (const page of pages) {
    if (!page.layoutHash) {
      unknown.push(page);
      continue;
    }
    const match = templates.find(
      (template) => (hammingDistance(template.layoutHash!, page.layoutHash!) ?? 64) <= LAYOUT_BITS,
    );
    if (match) match.pages.push(page);
    else if (templates.length < MAX_TEMPLATES) templates.push({ layoutHash: page.layoutHash, pages: [page] });
    else unknown.push(page);
  }
  templates.sort((a, b) => b.pages.length - a.pages.length);
  // Small templates and pages without markup go with the pattern's main template.
  const main = templates[0] ?? { layoutHash: null, pages: [] };
  const kept = [main];
  for (const template of templates.slice(1)) {
    if (template.pages.length >= MIN_GROUP) kept.push(template);
    else main.pages.push(...template.pages);
  }
  main.pages.push(...unknown);
  return kept.filter((template) => template.pages.length > 0);
}

/**
 * Groups a site's pages the way the better crawlers do: by URL pattern (the first path segment),
 * then, within a pattern, by template (pages whose markup skeleton, `layoutHash`, is alike).
 * Patterns and templates with fewer than MIN_GROUP pages join the top level's group or their
 * pattern's main template, so a site is not cut into groups of one. Pages keep their order.
 */
export function groupPages(pages: readonly GroupablePage[]): FoundPageGroup[] {
  const byPattern = new Map<string, GroupablePage[]>();
  for (const page of pages) {
    const pattern = urlPattern(page.url);
    const members = byPattern.get(pattern);
    if (members) members.push(page);
    else byPattern.set(pattern, [page]);
  }
  for (const [pattern, members] of byPattern)
    if (pattern !== ROOT && members.length < MIN_GROUP) {
      const root = byPattern.get(ROOT);
      if (root) root.push(...members);
      else byPattern.set(ROOT, [...members]);
      byPattern.delete(pattern);
    }
  const groups: FoundPageGroup[] = [];
  for (const [pattern, members] of byPattern) {
    const title = patternTitle(pattern);
    templatesOf(members).forEach((template, index) => {
      const urls = template.pages.map((page) => page.url);
      groups.push({
        key: index === 0 ? pattern : `${pattern}~${template.layoutHash}`,
        pattern,
        title: index === 0 ? title : `${title}, layout ${index + 1}`,
        description: describe(pattern, urls),
        ids: template.pages.map((page) => page.id),
      });
    });
  }
  return groups;
}

/**
 * The key an earlier grouping gave the same template: a pattern's main template by its pattern,
 * another by the closest earlier layout of that pattern (within LAYOUT_BITS).
 */
export function matchingGroupKey(found: FoundPageGroup, earlierKeys: readonly string[]): string | null {
  if (!found.key.includes('~')) return earlierKeys.includes(found.key) ? found.key : null;
  const layout = found.key.slice(found.key.indexOf('~') + 1);
  let best: { key: string; distance: number } | null = null;
  for (const key of earlierKeys) {
    if (!key.startsWith(`${found.pattern}~`)) continue;
    const distance = hammingDistance(layout, key.slice(key.indexOf('~') + 1)) ?? 64;
    if (distance <= LAYOUT_BITS && (!best || distance < best.distance)) best = { key, distance };
  }
  return best?.key ?? null;
}
