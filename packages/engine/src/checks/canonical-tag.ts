import { hasRel, parseLinkHeader } from '../html/link-header';
import { withoutHash } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

const messages = {
  missing: 'The page declares no canonical URL; search engines pick one themselves among duplicate URLs.',
  invalid: 'The canonical URL "{href}" ({source}) is not a valid http(s) URL, so search engines ignore it.',
  relative: 'The canonical URL "{href}" ({source}) is relative; write it as an absolute URL.',
  conflict:
    'The page declares {count} different canonical URLs ({urls}); search engines may ignore them all.',
  duplicate: 'The canonical URL is declared {count} times; declare it once.',
  homepage:
    'This inner page names the homepage ({url}) as its canonical, which asks search engines to drop it.',
  other: 'The canonical URL points to another page ({url}); this page will not be indexed under its own URL.',
  ok: 'The page names itself as the canonical URL ({url}).',
};

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
    $('link[rel]').each((_, el) => {
      if (hasRel($(el).attr('rel'), 'canonical'))
        declared.push({ source: 'html', href: $(el).attr('href') ?? '' });
    });
    for (const entry of parseLinkHeader(page.headers.link))
      if (hasRel(entry.params.rel, 'canonical')) declared.push({ source: 'header', href: entry.url });

    const data: { canonical_tags: Declared[]; canonical_url: string | null } = {
      canonical_tags: declared,
      canonical_url: null,
    };
    if (declared.length === 0) return warning(messages.missing, data);

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
    const target = new URL(canonical);
    const self = new URL(withoutHash(pageUrl));
    if (canonical !== self.href) {
      const isHome = (url: URL) => url.pathname === '/' && url.search === '';
      if (isHome(target) && !isHome(self))
        return warning(format(messages.homepage, { url: canonical }), data);
      return warning(format(messages.other, { url: canonical }), data);
    }
    return passed(format(messages.ok, { url: canonical }), data);
  },
});
