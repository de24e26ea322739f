import { headLinks } from '../html/head-elements';
import { hasRel, parseLinkHeader } from '../html/link-header';
import { isSameSite, withoutHash } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

const messages = {
  missing: 'The page declares no canonical URL; search engines pick one themselves among duplicate URLs.',
  onlyInBody:
    'The page’s only canonical link sits in <body>, where search engines ignore it; move it into <head>.',
  invalid: 'The canonical URL "{href}" ({source}) is not a valid http(s) URL, so search engines ignore it.',
  relative: 'The canonical URL "{href}" ({source}) is relative; write it as an absolute URL.',
  conflict:
    'The page declares {count} different canonical URLs ({urls}); search engines may ignore them all.',
  duplicate: 'The canonical URL is declared {count} times; declare it once.',
  homepage:
    'This inner page names the homepage ({url}) as its canonical, which asks search engines to drop it.',
  other: 'The canonical URL points to another page ({url}); this page will not be indexed under its own URL.',
  insecure:
    'The canonical URL ({url}) is the insecure http:// address of this page; name the https:// address so search engines index the secure one.',
  ok: 'The page names itself as the canonical URL ({url}).',
  preferredForm: 'The canonical URL ({url}) is this page’s own address in its preferred form.',
  withoutParameters:
    'The canonical URL ({url}) is this page’s address without its parameters, so search engines gather the parameter variants on the clean URL.',
  otherParameters:
    'The canonical URL ({url}) is this page’s address with other parameters; search engines index both as one page, which is right when the parameters only sort, filter or track.',
};

type Relation =
  | 'ok'
  | 'preferredForm'
  | 'withoutParameters'
  | 'otherParameters'
  | 'insecure'
  | 'homepage'
  | 'other';
const WARNINGS: ReadonlySet<Relation> = new Set(['insecure', 'homepage', 'other']);

// A trailing slash does not make another page: `/shop/tables/` and `/shop/tables` are one.
const pathKey = (url: URL) => url.pathname.replace(/\/+$/, '') || '/';
const isHome = (url: URL) => url.pathname === '/' && url.search === '';

/**
 * How the canonical relates to the page. The same path on the same site (host case, `www.`,
 * http or https aside) is the page itself, whatever its parameters: naming the clean URL is
 * how tracking, sorting and filtering parameters are consolidated.
 */
function relation(target: URL, self: URL): Relation {
  if (target.href === self.href) return 'ok';
  if (!isSameSite(target.href, self.href) || pathKey(target) !== pathKey(self))
    return isHome(target) && !isHome(self) && isSameSite(target.href, self.href) ? 'homepage' : 'other';
  if (target.protocol === 'http:' && self.protocol === 'https:') return 'insecure';
  if (target.search === self.search) return 'preferredForm';
  return target.search === '' ? 'withoutParameters' : 'otherParameters';
}

interface Declared {
  source: 'html' | 'header';
  href: string;
}

export const canonicalTag = defineCheck({
  key: 'canonical-tag',
  title: 'Canonical URL',
  category: 'links-crawlability',
  relevance: 8,
  scope: 'page',
  requires: ['document', 'page'],
  description:
    'The canonical URL (<code>&lt;link rel="canonical"&gt;</code> or a <code>Link: &lt;…&gt;; rel="canonical"</code> header) tells search engines which URL to index when the same content is reachable under several (tracking parameters, www and non-www, sorting options).',
  recommendation:
    'Declare exactly one absolute canonical URL per page, pointing to the page’s own preferred URL.',
  howToFix:
    'Add one <code>&lt;link rel="canonical" href="https://www.example.com/page"&gt;</code> to the <code>&lt;head&gt;</code>, with the full URL (scheme and host included) of the version you want indexed — usually the page itself. Remove extra canonical tags added by themes or plugins, and make the <code>Link</code> header (if any) agree with the tag. Point a page to another URL only when it really is a duplicate of it; never point every page to the homepage.',
  evaluate({ document: { $, url: pageUrl, baseUrl }, page }, { format }) {
    const declared: Declared[] = [];
    // Search engines read a canonical link only in <head>; head-structure reports the others.
    for (const { attribs } of headLinks($, 'canonical'))
      declared.push({ source: 'html', href: attribs.href ?? '' });
    for (const entry of parseLinkHeader(page.headers.link))
      if (hasRel(entry.params.rel, 'canonical')) declared.push({ source: 'header', href: entry.url });

    const data: { canonical_tags: Declared[]; canonical_url: string | null } = {
      canonical_tags: declared,
      canonical_url: null,
    };
    if (declared.length === 0) {
      const inBody = $('link[rel]').filter((_, el) => hasRel($(el).attr('rel'), 'canonical')).length > 0;
      return warning(inBody ? messages.onlyInBody : messages.missing, data);
    }

    const resolved = new Set<string>();
    for (const { source, href } of declared) {
      const where = source === 'html' ? 'link tag' : 'Link header';
      let url: URL;
      try {
        url = new URL(href.trim(), source === 'html' ? baseUrl : pageUrl);
      } catch {
        return failed(format(messages.invalid, { href, source: where }), data);
      }
      if (!href.trim() || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        return failed(format(messages.invalid, { href, source: where }), data);
      if (!/^https?:\/\//i.test(href.trim()))
        return failed(format(messages.relative, { href, source: where }), data);
      resolved.add(withoutHash(url.href));
    }
    if (resolved.size > 1)
      return failed(
        format(messages.conflict, { count: resolved.size, urls: [...resolved].join(', ') }),
        data,
      );

    const canonical = [...resolved][0]!;
    data.canonical_url = canonical;
    if (declared.length > 1 && declared.every(({ source }) => source === 'html'))
      return warning(format(messages.duplicate, { count: declared.length }), data);
    const verdict = relation(new URL(canonical), new URL(withoutHash(pageUrl)));
    const message = format(messages[verdict], { url: canonical });
    return WARNINGS.has(verdict) ? warning(message, data) : passed(message, data);
  },
});
