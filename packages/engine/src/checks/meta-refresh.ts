import { resolveHttpUrl } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: a refresh after at most this many seconds counts as a redirect. */
export const thresholds = { instantSeconds: 0 };

const messages = {
  ok: 'The page does not reload or redirect itself with a meta refresh.',
  instant:
    'The page redirects instantly with a meta refresh to {target}; a server redirect (301 or 308) passes the page’s value to the new address more reliably.',
  timedRedirect:
    'The page sends visitors to {target} after {delay} s with a meta refresh: they may start reading and then lose the page, and search engines may not follow it as a redirect.',
  reload:
    'The page reloads itself every {delay} s with a meta refresh: visitors lose their place, and it is an accessibility failure (WCAG 2.2.1).',
  invalid:
    'The page has a meta refresh tag with content “{content}” that browsers cannot read, so it does nothing; remove it.',
};

/**
 * Parses `content` as browsers do (HTML standard, "shared declarative refresh steps"): a delay,
 * then optionally `;` or `,` and `url=`, the URL possibly quoted.
 */
function parseRefresh(content: string): { delay: number; url: string | null } | null {
  const match = /^\s*(\d+)(?:\.[\d.]*)?\s*(?:[;,]\s*(?:url\s*=\s*)?(.*))?$/is.exec(content);
  if (!match) return null;
  const raw = (match[2] ?? '').trim();
  const quote = raw[0] === '"' || raw[0] === "'" ? raw[0] : null;
  const url = quote ? raw.slice(1, raw.indexOf(quote, 1) < 0 ? undefined : raw.indexOf(quote, 1)) : raw;
  return { delay: Number(match[1]), url: url.trim() || null };
}

export const metaRefresh = defineCheck({
  key: 'meta-refresh',
  title: 'Meta refresh',
  category: 'common-seo',
  relevance: 4,
  scope: 'page',
  requires: ['document'],
  description:
    'A <code>&lt;meta http-equiv="refresh"&gt;</code> tells the browser to reload the page or go to another address after a delay. Search engines treat an instant one roughly like a redirect, but less reliably than a real one; a timed one disorients visitors and screen-reader users.',
  recommendation:
    'Use a server redirect (301/308) instead of a meta refresh, and do not reload pages on a timer.',
  howToFix:
    'Remove the <code>&lt;meta http-equiv="refresh"&gt;</code> tag. To send visitors to another address, set up a permanent redirect on the server, e.g. nginx <code>return 301 https://example.com/new;</code>, Apache <code>Redirect 301 /old /new</code>, or your CMS’s redirect manager. For live content, update the part that changes with JavaScript rather than reloading the whole page.',
  evaluate({ document: { $, baseUrl } }, { format }) {
    // Browsers act on the first refresh tag only.
    const tag = $('meta[http-equiv]')
      .filter((_, el) => ($(el).attr('http-equiv') ?? '').trim().toLowerCase() === 'refresh')
      .first();
    if (tag.length === 0) return passed(messages.ok, { meta_refresh_tag_content: null });
    const content = (tag.attr('content') ?? '').trim();
    const data = { meta_refresh_tag_content: content };
    const refresh = parseRefresh(content);
    if (!refresh) return warning(format(messages.invalid, { content }), data);
    const target = refresh.url ? (resolveHttpUrl(refresh.url, baseUrl) ?? refresh.url) : null;
    if (target && refresh.delay <= thresholds.instantSeconds)
      return warning(format(messages.instant, { target }), data);
    if (target) return failed(format(messages.timedRedirect, { target, delay: refresh.delay }), data);
    return failed(format(messages.reload, { delay: refresh.delay }), data);
  },
});
