import { defineCheck, failed, passed, seconds, warning } from './define-check';

/** Defaults an operator may tune, in milliseconds (Lighthouse Speed Index 3.4 / 5.8 s). */
export const thresholds = { goodLoad: 3000, poorLoad: 5000, goodSpeedIndex: 3400, poorSpeedIndex: 5800 };

const messages = {
  none: 'The page’s load event never fired within the browser’s time limit.',
  good: 'The page finished loading in {load} s{si}.',
  slow: 'The page finished loading in {load} s{si}; aim for {good} s.',
  poor: 'The page took {load} s to finish loading{si}: many visitors on phones give up before that.',
  speedIndex: ' (Speed Index {si} s)',
};

export const siteLoadingSpeed = defineCheck({
  key: 'site-loading-speed',
  title: 'Load time & Speed Index',
  category: 'speed-performance',
  relevance: 7,
  scope: 'page',
  requires: ['browser'],
  timed: true,
  description:
    'How long the page takes to load completely in Chromium on a phone profile (the load event), with DOMContentLoaded and, when measured, the Speed Index: how quickly the visible part fills in.',
  recommendation: 'Make the page load within 3 s on a phone.',
  howToFix:
    'Work through the speed checks of this report: compress and resize images, cache and compress files, defer scripts, remove unused code and third-party tags the page can do without, and serve through a CDN. Each second saved keeps more visitors.',
  evaluate({ browser }, { format }) {
    const { loadTime, domContentLoaded, speedIndex } = browser.vitals;
    const data = { load_time: loadTime, dom_content_loaded: domContentLoaded, speed_index: speedIndex };
    if (loadTime === null) return failed(messages.none, data);
    const si = speedIndex === null ? '' : format(messages.speedIndex, { si: seconds(speedIndex) });
    const values = { load: seconds(loadTime), si, good: seconds(thresholds.goodLoad) };
    // Speed Index is judged when measured; otherwise the load time alone decides.
    const poor =
      loadTime > thresholds.poorLoad && (speedIndex === null || speedIndex > thresholds.poorSpeedIndex);
    const good =
      loadTime <= thresholds.goodLoad && (speedIndex === null || speedIndex <= thresholds.goodSpeedIndex);
    if (good) return passed(format(messages.good, values), data);
    if (poor) return failed(format(messages.poor, values), data);
    return warning(format(messages.slow, values), data);
  },
});
