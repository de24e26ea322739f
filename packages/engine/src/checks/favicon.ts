import { resolveHttpUrl } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

const messages = {
  ok: 'The favicon {url} loads as an image.',
  fallback:
    'The declared icon {declared} does not load, but /favicon.ico does; fix or remove the declaration.',
  none: 'The page has no working favicon: browsers show a blank icon in tabs, bookmarks and on mobile search results.',
};

const isIcon = (status: number | null, type: string | null) =>
  status !== null && status >= 200 && status < 300 && /^image\//i.test(type ?? '');

export const favicon = defineCheck({
  key: 'favicon',
  title: 'Favicon',
  category: 'common-seo',
  relevance: 4,
  scope: 'page',
  requires: ['document', 'resources'],
  description:
    'The small icon that identifies the site in browser tabs, bookmarks, home screens and Google’s mobile results. It is declared with <code>&lt;link rel="icon"&gt;</code>, or found at <code>/favicon.ico</code>.',
  recommendation: 'Declare a favicon that loads as an image.',
  howToFix:
    'Make a square icon (at least 48×48 px; SVG or PNG works everywhere), upload it, and add <code>&lt;link rel="icon" href="/favicon.svg" type="image/svg+xml"&gt;</code> to every page, plus <code>&lt;link rel="apple-touch-icon" href="/apple-touch-icon.png"&gt;</code> (180×180). Keep a <code>/favicon.ico</code> for old tools that ask for it directly.',
  evaluate({ document: { $, baseUrl }, resources }, { format }) {
    const byUrl = new Map(resources.map((r) => [r.url, r]));
    const icons: { href: string; rel: string; status: number | null; type: string | null }[] = [];
    $('link[rel][href]').each((_, el) => {
      const rel = ($(el).attr('rel') ?? '').toLowerCase();
      if (!/\bicon\b|apple-touch-icon/.test(rel)) return;
      const href = resolveHttpUrl($(el).attr('href'), baseUrl);
      if (!href) return;
      const r = byUrl.get(href.replace(/#.*$/, ''));
      icons.push({ href, rel, status: r?.status ?? null, type: r?.contentType ?? null });
    });
    const root = resources.find((r) => r.initiator === 'favicon.ico');
    const working = icons.find((i) => isIcon(i.status, i.type));
    const rootWorks = root ? isIcon(root.status, root.contentType) : false;
    const faviconUrl = working?.href ?? (rootWorks ? root!.url : null);
    const data = {
      favicon_url: faviconUrl,
      icons: [
        ...icons,
        ...(root
          ? [{ href: root.url, rel: 'favicon.ico', status: root.status, type: root.contentType }]
          : []),
      ],
    };
    if (working) return passed(format(messages.ok, { url: working.href }), data);
    if (rootWorks && icons.length > 0)
      return warning(format(messages.fallback, { declared: icons[0]!.href }), data);
    if (rootWorks) return passed(format(messages.ok, { url: root!.url }), data);
    return failed(messages.none, data);
  },
});
