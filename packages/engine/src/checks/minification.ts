import { createHash } from 'node:crypto';
import { stop, transformSync } from 'esbuild';
import { Lru } from '../crawl/caches';
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

/**
 * Minified sizes by file content, for the life of the process: a site's pages share their scripts
 * and stylesheets, and minifying them again on every page (and starting esbuild again after each
 * page's `stop`) was three quarters of a documentation crawl's page-check time (40 ms a page).
 */
const minifiedSizes = new Lru<{ size: number | null }>(2000);

export function cachedMinifiedSize(
  text: string,
  loader: 'js' | 'css',
  minify = minifiedSize,
): { size: number | null; fresh: boolean } {
  const key = `${loader} ${createHash('sha1').update(text).digest('base64')}`;
  const known = minifiedSizes.get(key);
  if (known) return { size: known.size, fresh: false };
  const size = minify(text, loader);
  minifiedSizes.set(key, { size });
  return { size, fresh: true };
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
    'Let the build minify for you: Vite, webpack, esbuild and Parcel do it in production mode. Without a build step, use your CMS’s optimization plugin (Autoptimize, WP Rocket, LiteSpeed Cache) or your CDN’s auto-minify, or run <code>esbuild --minify</code> / <code>lightningcss --minify</code> on the files before upload.',
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
    let minifiedHere = false;
    for (const file of files) {
      const size = Buffer.byteLength(file.text!);
      const { size: after, fresh } = cachedMinifiedSize(file.text!, file.type === 'script' ? 'js' : 'css');
      minifiedHere ||= fresh;
      if (after === null) continue;
      const savings = size - after;
      if (savings >= thresholds.minSavingsBytes && savings / size >= thresholds.minSavingsShare)
        notMinified.push({ url: file.url, size, savings });
      else minified.push(file.url);
    }
    // transformSync keeps a worker thread and an esbuild process (~16 MB) for the life of the
    // process; this check is their only user, once per checkup, so they go now (restarted on the
    // next call in ~30 ms). No call can be in flight: transformSync blocks.
    if (minifiedHere) void stop();
    const data = { minified, not_minified: notMinified.sort((a, b) => b.savings - a.savings) };
    if (minified.length + notMinified.length === 0) return notApplicable(messages.none, data);
    if (notMinified.length > 0) {
      const kb = Math.round(notMinified.reduce((sum, f) => sum + f.savings, 0) / 1024);
      return warning(format(messages.some, { count: notMinified.length, kb }), data);
    }
    return passed(format(messages.ok, { count: minified.length }), data);
  },
});
