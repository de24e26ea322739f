import { defineCheck, failed, passed } from './define-check';

/** Defaults an operator may tune: share of the screenshot that differs from its background. */
export const thresholds = { minNonBlank: 0.01 };

const messages = {
  ok: 'The page renders on a phone screen ({width}×{height} at {dpr}×); see the screenshot.',
  none: 'Chromium could not take a phone screenshot of the page.',
  blank: 'The page renders blank on a phone screen: nothing but background in the first screen.',
};

export const mobileSnapshot = defineCheck({
  key: 'mobile-snapshot',
  title: 'Mobile screenshot',
  category: 'mobile-rendering',
  relevance: 5,
  scope: 'page',
  requires: ['browser'],
  description:
    'The first screen of the page as a phone shows it (412×823 CSS pixels at 2.6× density, like a Pixel 7). Google indexes the mobile version; a blank or broken first screen there is what searchers get.',
  recommendation: 'Make sure the page shows its content on a phone screen.',
  howToFix:
    'If the screenshot is blank, look for content that waits for a script that fails, an element hidden by CSS until an animation that never runs, a full-screen pop-up, or a layout that only works at desktop widths. Test with your phone and the browser’s device toolbar.',
  evaluate({ browser }, { format }) {
    const { width, height, deviceScaleFactor } = browser.viewport;
    // The server stores the PNG and fills in the URL; the engine only judges it.
    const data = { snapshot_url: null, non_blank_ratio: browser.mobileNonBlankRatio };
    if (!browser.screenshots.mobile) return failed(messages.none, data);
    if (browser.mobileNonBlankRatio < thresholds.minNonBlank) return failed(messages.blank, data);
    return passed(format(messages.ok, { width, height, dpr: deviceScaleFactor }), data);
  },
});
