import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune, in bytes (Lighthouse: 20 KiB per file). */
export const thresholds = { maxUnusedBytes: 20 * 1024 };

const messages = {
  none: 'The page loads no script or stylesheet files to measure.',
  ok: 'No script or stylesheet ships more than 20 KB of code the page does not use.',
  some: '{count} file(s) ship code the page never uses, {kb} KB in all; the largest is {url}.',
};

export const unusedCode = defineCheck({
  key: 'unused-code',
  title: 'Unused JS/CSS',
  category: 'speed-performance',
  relevance: 3,
  scope: 'page',
  requires: ['browser'],
  description:
    'Chromium’s code coverage while the page loads: how much of each JavaScript and CSS file never ran or never matched. Unused code is still downloaded and parsed.',
  recommendation: 'Remove or defer the code each page does not use.',
  howToFix:
    'Split JavaScript bundles by route and load features when they are used (dynamic <code>import()</code>). Drop unused libraries and polyfills. For CSS, remove rules of components the site no longer has (PurgeCSS, or the framework’s content scanning), and split page-specific styles from the global stylesheet.',
  evaluate({ browser }, { format }) {
    const files = [
      ...browser.coverage.js.map((f) => ({ ...f, type: 'js' as const })),
      ...browser.coverage.css.map((f) => ({ ...f, type: 'css' as const })),
    ];
    const heavy = (type: 'js' | 'css') =>
      files
        .filter((f) => f.type === type && f.unused > thresholds.maxUnusedBytes)
        .sort((a, b) => b.unused - a.unused)
        .map(({ url, total, unused }) => ({ url, total, unused }));
    const data = { unused: { js: heavy('js'), css: heavy('css') } };
    if (files.length === 0) return notApplicable(messages.none, data);
    const all = [...data.unused.js, ...data.unused.css].sort((a, b) => b.unused - a.unused);
    if (all.length === 0) return passed(messages.ok, data);
    const kb = Math.round(all.reduce((sum, f) => sum + f.unused, 0) / 1024);
    return warning(format(messages.some, { count: all.length, kb, url: all[0]!.url }), data);
  },
});
