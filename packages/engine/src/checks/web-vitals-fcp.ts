import { defineCheck, failed, passed, seconds, warning } from './define-check';

/** Defaults an operator may tune, in milliseconds (good ≤ 1.8 s, poor > 3 s). */
export const thresholds = { good: 1800, poor: 3000 };

const messages = {
  none: 'Chromium saw no first contentful paint: the page stayed blank.',
  good: 'The first text or image appeared after {seconds} s.',
  slow: 'The first text or image appeared after {seconds} s; aim for {good} s or less.',
  poor: 'The first text or image appeared after {seconds} s, over {poor} s: visitors stare at a blank screen.',
};

export const webVitalsFcp = defineCheck({
  key: 'web-vitals-fcp',
  title: 'First Contentful Paint',
  category: 'web-vitals',
  relevance: 7,
  scope: 'page',
  requires: ['browser'],
  timed: true,
  description:
    'First Contentful Paint (FCP) is when the browser first draws any text or image: the first sign that the page is loading. Lab value from Chromium on a phone profile.',
  recommendation: 'Paint something within 1.8 s: answer fast and do not block rendering.',
  howToFix:
    'Speed up the server response (page caching, a CDN), inline the little CSS the first screen needs and load the rest without blocking, add <code>defer</code> to scripts in the head, use <code>font-display: swap</code>, and avoid redirects before the page.',
  evaluate({ browser }, { format }) {
    const fcp = browser.vitals.fcp;
    if (fcp === null) return failed(messages.none, { fcp: null });
    const values = { seconds: seconds(fcp), good: seconds(thresholds.good), poor: seconds(thresholds.poor) };
    if (fcp > thresholds.poor) return failed(format(messages.poor, values), { fcp });
    if (fcp > thresholds.good) return warning(format(messages.slow, values), { fcp });
    return passed(format(messages.good, values), { fcp });
  },
});
