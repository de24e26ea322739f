import type { AnyNode, ElementNode } from '../html/dom';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune (Lighthouse and SEO Site Checkup: 1,500 elements). */
export const thresholds = { goodNodes: 1500, poorNodes: 3000, maxDepth: 32, maxChildren: 60 };

const messages = {
  ok: 'The page has {nodes} elements, {depth} levels deep.',
  large:
    'The page has {nodes} elements; above {good} the browser spends more time on style and layout, especially on phones.',
  deep: 'The page nests elements {depth} levels deep (over {max}); deep trees slow every style recalculation.',
  wide: 'The element {parent} has {children} children (over {max}); long flat lists are slow to lay out.',
  huge: 'The page has {nodes} elements, more than {poor}: it will be slow to render and to interact with on phones.',
};

interface Walk {
  nodes: number;
  depth: number;
  maxChildren: number;
  widest: string;
}

/** A short CSS selector naming the element in the report: tag, id and first two classes. */
function selectorOf(el: ElementNode): string {
  const id = el.attribs.id?.trim() ? `#${el.attribs.id.trim()}` : '';
  const classes = (el.attribs.class ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return `${el.name}${id}${classes.map((name) => `.${name}`).join('')}`;
}

const isElement = (node: AnyNode): node is ElementNode => 'attribs' in node;

function walk(root: AnyNode): Walk {
  const result: Walk = { nodes: 0, depth: 0, maxChildren: 0, widest: '' };
  // Iterative, so a hostile page cannot overflow the stack.
  const stack: [AnyNode, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    const children = ('children' in node ? (node.children as AnyNode[]) : []).filter(isElement);
    if (isElement(node)) {
      result.nodes++;
      result.depth = Math.max(result.depth, depth);
      if (children.length > result.maxChildren) {
        result.maxChildren = children.length;
        result.widest = selectorOf(node);
      }
    }
    for (const child of children) stack.push([child, depth + 1]);
  }
  return result;
}

export const domSize = defineCheck({
  key: 'dom-size',
  title: 'DOM size',
  category: 'speed-performance',
  relevance: 5,
  scope: 'page',
  requires: ['document'],
  description:
    'Counts the HTML elements of the page, how deeply they nest and the most children any one has. A large DOM costs memory and makes every style and layout calculation slower.',
  recommendation:
    'Keep the page under 1,500 elements, under 32 levels deep and under 60 children per element.',
  howToFix:
    'Remove wrapper elements that only exist for styling (CSS grid and flexbox need fewer), render long lists and tables in pages or load them as the visitor scrolls, and load hidden content (menus, tabs, modals) when it is opened. Page builders often add many nested wrappers; a leaner theme helps.',
  evaluate({ document: { $ } }, { format }) {
    const root = $.root()[0];
    const { nodes, depth, maxChildren, widest } = root
      ? walk(root)
      : { nodes: 0, depth: 0, maxChildren: 0, widest: '' };
    const data = { dom: { nodes, depth, max_children: maxChildren, max_children_parent: widest || null } };
    if (nodes > thresholds.poorNodes)
      return failed(format(messages.huge, { nodes, poor: thresholds.poorNodes }), data);
    if (nodes > thresholds.goodNodes)
      return warning(format(messages.large, { nodes, good: thresholds.goodNodes }), data);
    if (depth > thresholds.maxDepth)
      return warning(format(messages.deep, { depth, max: thresholds.maxDepth }), data);
    if (maxChildren > thresholds.maxChildren)
      return warning(
        format(messages.wide, { parent: widest, children: maxChildren, max: thresholds.maxChildren }),
        data,
      );
    return passed(format(messages.ok, { nodes, depth }), data);
  },
});
