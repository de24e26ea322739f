import { stop, transformSync } from 'esbuild';
import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: a file is minified when re-minifying saves less than either. */
export const thresholds = { minSavingsBytes: 2048, minSavingsShare: 0.1 };

const messages = {
  none: 'The page loads no scripts or stylesheets whose source could be read.',
  ok: '{count?The one script or stylesheet is|All # scripts and stylesheets are} minified.',
  some: '{count} file(s) are not minified; minifying them would save {kb} KB.',
};

/** Bytes a file would lose if minified, or null when it cannot be parsed. */
export function minifiedSize(text: string, loader: 'js' | 'css'): number | null {
  try {
    return Buffer.byteLength(transformSync(text, { loader, minify: true, logLevel: 'silent' }).code);
  } catch {
    return null;
  }
}

export const minification = defineCheck({
  key: 'minification',
  title: 'JS/CSS minification',
  category: 'speed-performance',
  relevance: 4,
  scope: 'page',
  requires: ['resources'],
  description:
    'Minified JavaScript and CSS have comments, whitespace and long names removed. Each file is minified again here; if that saves more than 2 KB and 10 %, the site serves it unminified.',
  recommendation: 'Serve minified JavaScript and CSS.',
  howToFix:
    'Let the build minify for you: Vite, webpack, esbuild and Parcel do it in production mode. Without a build step, use your CMS’s optimisation plugin (Autoptimize, WP Rocket, LiteSpeed Cache) or your CDN’s auto-minify, or run <code>esbuild --minify</code> / <code>lightningcss --minify</code> on the files before upload.',
  evaluate({ resources }, { format }) {
    const files = resources.filter(
      (r) =>
        (r.type === 'script' || r.type === 'stylesheet') &&
        r.text &&
        r.status !== null &&
        r.status < 400 &&
        !r.truncated,
    );
    const minified: string[] = [];
    const notMinified: { url: string; size: number; savings: number }[] = [];
    for (const file of files) {
      const size = Buffer.byteLength(file.text!);
      const after = minifiedSize(file.text!, file.type === 'script' ? 'js' : 'css');
      if (after === null) continue;
      const savings = size - after;
      if (savings >= thresholds.minSavingsBytes && savings / size >= thresholds.minSavingsShare)
        notMinified.push({ url: file.url, size, savings });
      else minified.push(file.url);
    }
    // transformSync keeps a worker thread and an esbuild process (~16 MB) for the life of the
    // process; this check is their only user, once per checkup, so they go now (restarted on the
    // next call in ~30 ms). No call can be in flight: transformSync blocks.
    if (files.length > 0) void stop();
    const data = { minified, not_minified: notMinified.sort((a, b) => b.savings - a.savings) };
    if (minified.length + notMinified.length === 0) return notApplicable(messages.none, data);
    if (notMinified.length > 0) {
      const kb = Math.round(notMinified.reduce((sum, f) => sum + f.savings, 0) / 1024);
      return warning(format(messages.some, { count: notMinified.length, kb }), data);
    }
    return passed(format(messages.ok, { count: minified.length }), data);
  },
});
