import { isSameSite, resolveHttpUrl, withoutHash } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune (SEOnaut flags pages with more than 100 links). */
export const thresholds = { good: 100, poor: 300 };

const messages = {
  ok: 'The page has {total?one link|# links} ({internal} internal, {external} external).',
  many: 'The page has {total?one link|# links} ({internal} internal, {external} external); beyond {good}, each link passes less value and the important ones get lost.',
  tooMany:
    'The page has {total?one link|# links} ({internal} internal, {external} external), more than {poor}: to search engines and visitors it reads like a link list.',
};

export const linksCount = defineCheck({
  key: 'links-count',
  title: 'Link volume',
  category: 'links-crawlability',
  relevance: 3,
  scope: 'page',
  requires: ['document'],
  description:
    'Counts the page’s links to web pages, on this site (internal) and elsewhere (external). Jump links within the page, e-mail and phone links are not counted. Every link shares the page’s value; too many dilute it and make it hard for visitors to find what matters.',
  recommendation: 'Keep the page to about 100 links or fewer.',
  howToFix:
    'Trim mega-menus and footers that link to every page, move long link lists to their own hub or category pages, paginate archives and tag clouds, and keep the links in the text to the ones that help the reader.',
  evaluate({ document: { $, baseUrl, url } }, { format }) {
    const page = withoutHash(url);
    let internal = 0;
    let external = 0;
    $('a[href], area[href]').each((_, el) => {
      const href = resolveHttpUrl($(el).attr('href'), baseUrl);
      // "#top" is a jump within the page, not a link to another one.
      if (!href || (withoutHash(href) === page && href.includes('#'))) return;
      if (isSameSite(href, url)) internal++;
      else external++;
    });
    const total = internal + external;
    const data = { links: { internal, external, total } };
    const values = { total, internal, external, good: thresholds.good, poor: thresholds.poor };
    if (total > thresholds.poor) return failed(format(messages.tooMany, values), data);
    if (total > thresholds.good) return warning(format(messages.many, values), data);
    return passed(format(messages.ok, values), data);
  },
});
