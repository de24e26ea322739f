import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune (Core Web Vitals: good ≤ 0.1, poor > 0.25). */
export const thresholds = { good: 0.1, poor: 0.25 };

const messages = {
  good: 'Layout shift score {score}: the page holds still while it loads.',
  slow: 'Layout shift score {score}{largest}; aim for {good} or less.',
  poor: 'Layout shift score {score}{largest}: content jumps while visitors read or tap.',
  largest: ', the largest shift moving {node}',
};

export const webVitalsCls = defineCheck({
  key: 'web-vitals-cls',
  title: 'Cumulative Layout Shift',
  category: 'web-vitals',
  relevance: 9,
  scope: 'page',
  requires: ['browser'],
  description:
    'Cumulative Layout Shift (CLS) measures how much visible content moves unexpectedly while the page loads, such as text pushed down by a late image or banner. A Core Web Vital; lab value from Chromium on a phone profile.',
  recommendation: 'Reserve space for images, embeds and banners so nothing moves: keep CLS at 0.1 or less.',
  howToFix:
    'Give every image and video <code>width</code> and <code>height</code> attributes (or CSS <code>aspect-ratio</code>); reserve a box of fixed height for ads, embeds and cookie banners; insert late content below what the visitor is reading, never above; and use <code>font-display: optional</code> or matched fallback fonts so text does not reflow when web fonts arrive.',
  evaluate({ browser }, { format }) {
    const { score, largestEntry } = browser.vitals.cls;
    const data = {
      cls: {
        score,
        largest_entry: largestEntry
          ? { node: largestEntry.node, value: largestEntry.value, time: Math.round(largestEntry.time) }
          : null,
      },
    };
    const largest = largestEntry?.node ? format(messages.largest, { node: largestEntry.node }) : '';
    const values = { score: score.toFixed(3), largest, good: thresholds.good };
    if (score > thresholds.poor) return failed(format(messages.poor, values), data);
    if (score > thresholds.good) return warning(format(messages.slow, values), data);
    return passed(format(messages.good, values), data);
  },
});
