import { defineCheck, failed, passed } from './define-check';

/** Defaults an operator may tune: sub-pixel rounding allowed before the page counts as too wide (CSS px). */
export const thresholds = { tolerancePx: 1, listedNodes: 5 };

const messages = {
  ok: 'The page fits the phone screen: no sideways scrolling.',
  overflow: 'The page is {overflow} px wider than the phone screen, so it scrolls sideways{nodes}.',
  nodes: '; too wide: {list}',
};

export const contentWidth = defineCheck({
  key: 'content-width',
  title: 'Horizontal overflow',
  category: 'mobile-rendering',
  relevance: 5,
  scope: 'page',
  requires: ['browser'],
  description:
    'Compares the width of the page with the width of a phone screen. Content wider than the screen makes the page scroll sideways, which search engines flag as a mobile usability problem and visitors find awkward.',
  recommendation: 'Make every element fit within the phone screen’s width.',
  howToFix:
    'Find the elements listed here. Give images and videos <code>max-width: 100%</code>, replace fixed pixel widths with percentages or <code>max-width</code>, let tables scroll inside a wrapper (<code>overflow-x: auto</code>), and break long words and URLs with <code>overflow-wrap: anywhere</code>.',
  evaluate({ browser }, { format }) {
    const overflow = Math.max(0, Math.round(browser.layout.documentWidth - browser.viewport.width));
    const offending = browser.layout.overflowingNodes;
    const data = { overflow_px: overflow, offending_nodes: offending };
    if (overflow <= thresholds.tolerancePx) return passed(messages.ok, { ...data, overflow_px: 0 });
    const nodes = offending.length
      ? format(messages.nodes, { list: offending.slice(0, thresholds.listedNodes).join(', ') })
      : '';
    return failed(format(messages.overflow, { overflow, nodes }), data);
  },
});
