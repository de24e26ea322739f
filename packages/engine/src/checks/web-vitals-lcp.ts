import { defineCheck, failed, passed, seconds, warning } from './define-check';

/** Defaults an operator may tune, in milliseconds (Core Web Vitals: good ≤ 2.5 s, poor > 4 s). */
export const thresholds = { good: 2500, poor: 4000 };

const messages = {
  none: 'Chromium saw no largest contentful paint: the page showed no text or image while it loaded.',
  good: 'The largest element ({what}) was painted after {seconds} s, within the {good} s target.',
  slow: 'The largest element ({what}) was painted after {seconds} s; aim for {good} s or less.',
  poor: 'The largest element ({what}) was painted after {seconds} s, over {poor} s: visitors wait for the main content.',
};

export const webVitalsLcp = defineCheck({
  key: 'web-vitals-lcp',
  title: 'Largest Contentful Paint',
  category: 'web-vitals',
  relevance: 9,
  scope: 'page',
  requires: ['browser'],
  timed: true,
  description:
    'Largest Contentful Paint (LCP) is when the biggest text block or image in the first screen appears: the moment the page looks loaded. A Core Web Vital; this check uses the lab value from Chromium, loading the page on a phone profile.',
  recommendation:
    'Show the main content within 2.5 s: a fast server, a small, early-loading hero image, and no render-blocking files.',
  howToFix:
    'Find the LCP element named here. If it is an image: serve it in WebP/AVIF at the displayed size, do not lazy-load it, give it <code>fetchpriority="high"</code>, and preload it if CSS loads it. If it is text: avoid render-blocking CSS and JavaScript and use <code>font-display: swap</code>. Either way, speed up the server response (caching, a CDN) since every phase waits for it.',
  evaluate({ browser }, { format }) {
    const lcp = browser.vitals.lcp;
    if (!lcp) return failed(messages.none, { lcp: null });
    const data = {
      lcp: {
        duration: lcp.duration,
        node: lcp.node,
        text: lcp.text,
        url: lcp.url,
        phases: lcp.phases ?? null,
      },
    };
    const what = lcp.url
      ? `image ${lcp.url}`
      : lcp.text
        ? `“${lcp.text.slice(0, 60)}”`
        : (lcp.node ?? 'element');
    const values = {
      what,
      seconds: seconds(lcp.duration),
      good: seconds(thresholds.good),
      poor: seconds(thresholds.poor),
    };
    if (lcp.duration > thresholds.poor) return failed(format(messages.poor, values), data);
    if (lcp.duration > thresholds.good) return warning(format(messages.slow, values), data);
    return passed(format(messages.good, values), data);
  },
});
