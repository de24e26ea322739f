import { resolveHttpUrl } from '../html/url';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune: how many links the result lists. */
export const thresholds = { maxListed: 100 };

const messages = {
  unsafe:
    '{count?One external link opens|# external links open} in a new tab without rel="noopener"; the opened page can redirect this one.',
  ok: 'Every external link that opens in a new tab has rel="noopener" or rel="noreferrer".',
  none: 'No external link opens in a new tab.',
};

export const unsafeCrossOriginLinks = defineCheck({
  key: 'unsafe-cross-origin-links',
  title: 'target=_blank without noopener',
  category: 'server-security',
  relevance: 3,
  scope: 'page',
  requires: ['document'],
  description:
    'A link with <code>target="_blank"</code> gives the opened page a handle on this one (<code>window.opener</code>), which it can use to send the visitor to a phishing copy. Current browsers imply <code>noopener</code>, older ones do not.',
  recommendation: 'Add rel="noopener" (or rel="noreferrer") to external links that open in a new tab.',
  howToFix:
    'Write external new-tab links as <code>&lt;a href="https://other.example/" target="_blank" rel="noopener"&gt;</code>. Use <code>rel="noopener noreferrer"</code> if you also do not want to pass the referrer. In a CMS, look for a "open in new tab" setting that adds <code>rel</code> automatically, or a plugin that does.',
  evaluate({ document: { $, url: pageUrl, baseUrl } }, { format }) {
    const origin = new URL(pageUrl).origin;
    let newTab = 0;
    const unsafe = new Set<string>();
    $('a[target], area[target]').each((_, el) => {
      if ($(el).attr('target')!.trim().toLowerCase() !== '_blank') return;
      const href = resolveHttpUrl($(el).attr('href'), baseUrl);
      if (!href || new URL(href).origin === origin) return;
      newTab++;
      const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
      // An explicit rel="opener" undoes the browsers' implied noopener.
      if (rel.includes('opener') || !(rel.includes('noopener') || rel.includes('noreferrer')))
        unsafe.add(href);
    });
    const data = { unsafe_external_links: [...unsafe].slice(0, thresholds.maxListed) };
    if (unsafe.size > 0) return warning(format(messages.unsafe, { count: unsafe.size }), data);
    return passed(newTab > 0 ? messages.ok : messages.none, data);
  },
});
