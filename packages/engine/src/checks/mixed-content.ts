import { hasRel } from '../html/link-header';
import { resolveHttpUrl } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: how many URLs the result lists. */
export const thresholds = { maxListed: 100 };

type Kind = 'passive' | 'active';
interface Insecure {
  url: string;
  type: string;
  kind: Kind;
}

// Passive content (images, media) is auto-upgraded or shown with a warning; anything else is blocked.
const SOURCES: { selector: string; attr: string; type: string; kind: Kind; list?: boolean }[] = [
  { selector: 'img[src]', attr: 'src', type: 'image', kind: 'passive' },
  {
    selector: 'img[srcset], picture source[srcset]',
    attr: 'srcset',
    type: 'image',
    kind: 'passive',
    list: true,
  },
  {
    selector: 'video[src], audio[src], video source[src], audio source[src]',
    attr: 'src',
    type: 'media',
    kind: 'passive',
  },
  { selector: 'video[poster]', attr: 'poster', type: 'image', kind: 'passive' },
  { selector: 'script[src]', attr: 'src', type: 'script', kind: 'active' },
  { selector: 'link[rel][href]', attr: 'href', type: 'stylesheet', kind: 'active' },
  { selector: 'iframe[src], frame[src]', attr: 'src', type: 'iframe', kind: 'active' },
  { selector: 'object[data]', attr: 'data', type: 'object', kind: 'active' },
  { selector: 'embed[src]', attr: 'src', type: 'object', kind: 'active' },
  { selector: 'track[src]', attr: 'src', type: 'media', kind: 'active' },
  { selector: 'form[action]', attr: 'action', type: 'form', kind: 'active' },
];
const FETCHED_LINKS = ['stylesheet', 'preload', 'modulepreload'];

const messages = {
  notHttps: 'The page is served over HTTP, so mixed content does not apply; see the HTTPS check.',
  active:
    '{active} scripts, stylesheets, frames or forms load over HTTP on this HTTPS page; browsers block them and the page may break.',
  passive:
    '{passive} images or media files load over HTTP; browsers upgrade or flag them and show the page as not fully secure.',
  upgraded:
    '{count} resources use http:// URLs; upgrade-insecure-requests makes browsers fetch them over HTTPS, but fix the URLs.',
  ok: 'Every resource and form on this HTTPS page uses HTTPS.',
};

export const mixedContent = defineCheck({
  key: 'mixed-content',
  title: 'Mixed content',
  category: 'server-security',
  relevance: 8,
  scope: 'page',
  requires: ['document', 'page'],
  description:
    'An HTTPS page that loads scripts, styles, frames or images over plain HTTP (“mixed content”) is not fully secure: browsers block active content, which breaks the page, and mark the page as insecure for passive content. Forms posting to HTTP send data in clear text.',
  recommendation: 'Load every resource and submit every form over HTTPS.',
  howToFix:
    'Change <code>http://</code> URLs in your templates, content and settings to <code>https://</code> (or to relative URLs for your own files). For third-party resources, check that the provider serves HTTPS; if not, host the file yourself or replace it. In a CMS, update the site URL setting and run a search-and-replace on the database. As a safety net, send <code>Content-Security-Policy: upgrade-insecure-requests</code>.',
  evaluate({ document: { $, url: pageUrl, baseUrl }, page }, { format }) {
    if (new URL(pageUrl).protocol !== 'https:') return passed(messages.notHttps, { insecure_url: [] });
    const insecure: Insecure[] = [];
    const seen = new Set<string>();
    for (const { selector, attr, type, kind, list } of SOURCES) {
      $(selector).each((_, el) => {
        const $el = $(el);
        if ($el.is('link') && !FETCHED_LINKS.some((rel) => hasRel($el.attr('rel'), rel))) return;
        const raw = $el.attr(attr) ?? '';
        const candidates = list
          ? raw.split(/,\s+/).map((entry) => entry.trim().split(/\s+/)[0] ?? '')
          : [raw];
        for (const candidate of candidates) {
          const url = resolveHttpUrl(candidate, baseUrl);
          if (!url?.startsWith('http:') || seen.has(`${type} ${url}`)) continue;
          seen.add(`${type} ${url}`);
          insecure.push({
            url,
            type: $el.is('link') && !hasRel($el.attr('rel'), 'stylesheet') ? 'preload' : type,
            kind,
          });
        }
      });
    }
    const data = { insecure_url: insecure.slice(0, thresholds.maxListed) };
    if (insecure.length === 0) return passed(messages.ok, data);

    const policies = [
      page.headers['content-security-policy'] ?? '',
      ...$('meta[http-equiv]')
        .filter((_, el) => $(el).attr('http-equiv')!.trim().toLowerCase() === 'content-security-policy')
        .map((_, el) => $(el).attr('content') ?? '')
        .get(),
    ];
    if (policies.some((policy) => /(^|[;,\s])upgrade-insecure-requests([;,\s]|$)/i.test(policy)))
      return warning(format(messages.upgraded, { count: insecure.length }), data);
    const active = insecure.filter(({ kind }) => kind === 'active').length;
    if (active > 0) return failed(format(messages.active, { active }), data);
    return warning(format(messages.passive, { passive: insecure.length }), data);
  },
});
