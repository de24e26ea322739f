import { hasRel } from '../html/link-header';
import { isSameSite, resolveHttpUrl } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: one same-site stylesheet is the page's own critical CSS. */
export const thresholds = { allowedStylesheets: 1, maxWarning: 3 };

const JS_TYPES = new Set([
  '',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

const messages = {
  none: 'No script or stylesheet in the <head> holds back the first paint.',
  critical: 'Only the page’s own stylesheet holds back the first paint.',
  some: '{count} resources hold back the first paint (scripts: {scripts}, stylesheets: {styles}).',
  many: '{count} resources hold back the first paint (scripts: {scripts}, stylesheets: {styles}); keep it to {max} or fewer.',
};

// Browsers do not wait for a stylesheet whose media cannot apply to the screen ("print", "speech").
function appliesToScreen(media: string | undefined): boolean {
  if (!media?.trim()) return true;
  return media.split(',').some((part) => {
    let query = part
      .trim()
      .toLowerCase()
      .replace(/^only\s+/, '');
    const negated = query.startsWith('not ');
    if (negated) query = query.slice(4).trim();
    const type = query.startsWith('(') ? 'all' : (query.split(/\s+/)[0] ?? 'all');
    const screen = type === 'all' || type === 'screen';
    return negated ? !screen || query.includes('(') : screen;
  });
}

interface Blocking {
  url: string;
  type: 'script' | 'stylesheet';
}

export const renderBlockingResources = defineCheck({
  key: 'render-blocking-resources',
  title: 'Render-blocking resources',
  category: 'speed-performance',
  relevance: 7,
  scope: 'page',
  requires: ['document'],
  description:
    'The browser paints nothing until it has downloaded and run every plain <code>&lt;script src&gt;</code> and every stylesheet in the <code>&lt;head&gt;</code>. Each one, especially from another domain, delays the first paint and the Largest Contentful Paint.',
  recommendation:
    'Load scripts with defer or async, and inline critical CSS while loading the rest without blocking.',
  howToFix:
    'Add <code>defer</code> to scripts that need the DOM (<code>&lt;script src="app.js" defer&gt;</code>) and <code>async</code> to independent ones such as analytics; ES modules (<code>type="module"</code>) are deferred already. For CSS, inline the rules needed above the fold in a <code>&lt;style&gt;</code> and load the rest without blocking, e.g. <code>&lt;link rel="stylesheet" href="rest.css" media="print" onload="this.media=\'all\'"&gt;</code>. Give print stylesheets <code>media="print"</code>. Self-host fonts and libraries from other domains, or at least add <code>&lt;link rel="preconnect"&gt;</code> for them.',
  evaluate({ document: { $, url: pageUrl, baseUrl } }, { format }) {
    const blocking: Blocking[] = [];
    // Only what comes before <body> blocks the first paint (htmlparser2 adds no implied <head>).
    $('script[src], link[rel][href]').each((_, el) => {
      const $el = $(el);
      if ($el.closest('body').length > 0) return;
      const url = resolveHttpUrl($el.attr($el.is('script') ? 'src' : 'href'), baseUrl);
      if (!url) return;
      const forced = ($el.attr('blocking') ?? '').toLowerCase().split(/\s+/).includes('render');
      if ($el.is('script')) {
        const type = ($el.attr('type') ?? '').trim().toLowerCase();
        const deferred =
          $el.attr('async') !== undefined ||
          $el.attr('defer') !== undefined ||
          $el.attr('nomodule') !== undefined;
        if (JS_TYPES.has(type) && (forced || !deferred)) blocking.push({ url, type: 'script' });
        return;
      }
      const rel = $el.attr('rel');
      if (!hasRel(rel, 'stylesheet') || hasRel(rel, 'alternate') || $el.attr('disabled') !== undefined)
        return;
      if (forced || appliesToScreen($el.attr('media'))) blocking.push({ url, type: 'stylesheet' });
    });

    const data = {
      render_blocking_resources: {
        same_domain: blocking.filter(({ url }) => isSameSite(url, pageUrl)),
        other_domains: blocking.filter(({ url }) => !isSameSite(url, pageUrl)),
      },
      render_blocking_count: blocking.length,
    };
    const scripts = blocking.filter(({ type }) => type === 'script').length;
    const values = {
      count: blocking.length,
      scripts,
      styles: blocking.length - scripts,
      max: thresholds.maxWarning,
    };
    if (blocking.length === 0) return passed(messages.none, data);
    if (
      scripts === 0 &&
      blocking.length <= thresholds.allowedStylesheets &&
      data.render_blocking_resources.other_domains.length === 0
    )
      return passed(messages.critical, data);
    if (blocking.length > thresholds.maxWarning) return failed(format(messages.many, values), data);
    return warning(format(messages.some, values), data);
  },
});
