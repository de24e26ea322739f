import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune, in milliseconds (Lighthouse bootup-time: 2 s / 3.5 s). */
export const thresholds = { good: 2000, poor: 3500 };

const messages = {
  good: 'Scripts ran for {ms} ms while the page loaded.',
  slow: 'Scripts ran for {ms} ms while the page loaded{top}; on a mid-range phone that delays the page being usable.',
  poor: 'Scripts ran for {ms} ms while the page loaded{top}: the page stays sluggish long after it appears.',
  top: ', most in {url} ({scriptMs} ms)',
};

export const jsExecutionTime = defineCheck({
  key: 'js-execution-time',
  title: 'JS execution time',
  category: 'speed-performance',
  relevance: 5,
  scope: 'page',
  requires: ['browser'],
  timed: true,
  description:
    'How long the main thread spent parsing, compiling and running JavaScript while the page loaded in Chromium, with the scripts that took longest. While scripts run, the page cannot respond.',
  recommendation: 'Keep script work under 2 s: load less JavaScript and defer what can wait.',
  howToFix:
    'Start with the scripts listed. Remove libraries the page does not use, split bundles so each page loads only its code, defer non-essential scripts, and load third-party tags (chat, analytics, A/B tests) after the page is interactive or through a facade. Check the unused-code result for the files that ship the most dead code.',
  evaluate({ browser }, { format }) {
    const { total_ms, by_script } = browser.jsExecution;
    const scripts = [...by_script].sort((a, b) => b.ms - a.ms);
    const data = { js_execution: { total_ms, by_script: scripts } };
    const heaviest = scripts[0];
    const top = heaviest ? format(messages.top, { url: heaviest.url, scriptMs: heaviest.ms }) : '';
    const values = { ms: total_ms, top };
    if (total_ms > thresholds.poor) return failed(format(messages.poor, values), data);
    if (total_ms > thresholds.good) return warning(format(messages.slow, values), data);
    return passed(format(messages.good, values), data);
  },
});
