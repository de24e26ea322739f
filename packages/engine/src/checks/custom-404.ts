import { load } from 'cheerio/slim';
import { isSameSite } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: an error page smaller than this, without links, is a server's stock page. */
export const thresholds = { defaultPageBytes: 512 };

const messages = {
  unreachable: 'The server did not answer the request for a page that does not exist ({url}).',
  soft404:
    'A page that does not exist ({url}) answers {status} with content: search engines may index endless empty or duplicate pages (a “soft 404”).',
  toHome:
    'A page that does not exist ({url}) redirects to the home page; search engines treat that as a soft 404, and visitors do not learn that the link was wrong.',
  stock:
    'Missing pages answer {status} with the server’s default error page ({reason}): correct for crawlers, but visitors get no way back into the site.',
  reason: {
    tiny: 'only {bytes} bytes',
    signature: '“{title}” from the web server',
    noLinks: 'no links',
  },
  custom: 'Missing pages answer {status} with a page of the site’s own, with links back in.',
  otherStatus: 'A page that does not exist ({url}) answers {status} instead of 404 or 410.',
};

/** Titles of the stock error pages of nginx, Apache, IIS and friends. */
const STOCK_TITLE =
  /^(error\s*)?404(\s*[-–:]?\s*(not found|file or directory not found\.?))?$|^not found$|^the (page|resource) cannot be found\.?$|^410 gone$/i;
const SERVER_SIGNATURE =
  /\b(nginx|apache|microsoft-iis|iis|openresty|litespeed|caddy|cloudflare|tomcat|jetty)\b/i;

export const custom404 = defineCheck({
  key: 'custom-404',
  title: '404 handling',
  category: 'advanced',
  relevance: 5,
  scope: 'origin',
  requires: ['notFound', 'page'],
  description:
    'Asks the site for a random address that cannot exist. It should answer 404 (or 410) so search engines drop such addresses, with a page in the site’s own design so visitors who followed a broken link can find their way back.',
  recommendation: 'Answer missing pages with status 404 and a helpful, branded page.',
  howToFix:
    'Configure the server or CMS to send status 404 for unknown addresses, never 200 and never a redirect to the home page. Give the error page the site’s layout and navigation, a short explanation, a search box and links to the main sections. In nginx: <code>error_page 404 /404.html;</code>; in Apache: <code>ErrorDocument 404 /404.html</code>; most CMSs and static-site hosts pick up a <code>404.html</code> or a 404 template by themselves.',
  evaluate({ notFound, page }, { format }) {
    const base = { url: notFound.url, status: notFound.status, custom: false, soft_404: false };
    if (notFound.status === null)
      return warning(format(messages.unreachable, { url: notFound.url }), { not_found: base });

    const final = new URL(notFound.finalUrl);
    const toHome =
      notFound.redirects.length > 0 &&
      isSameSite(notFound.finalUrl, page.finalUrl) &&
      (final.pathname === '/' || notFound.finalUrl === page.finalUrl);
    if (toHome && notFound.status < 400)
      return failed(format(messages.toHome, { url: notFound.url }), {
        not_found: { ...base, soft_404: true },
      });
    if (notFound.status >= 200 && notFound.status < 400)
      return failed(format(messages.soft404, { url: notFound.url, status: notFound.status }), {
        not_found: { ...base, soft_404: true },
      });
    if (notFound.status !== 404 && notFound.status !== 410)
      return warning(format(messages.otherStatus, { url: notFound.url, status: notFound.status }), {
        not_found: base,
      });

    const $ = load(notFound.html);
    const bytes = Buffer.byteLength(notFound.html);
    const title = ($('title').first().text() || $('h1').first().text()).replace(/\s+/g, ' ').trim();
    const reason =
      // A short page with links back into the site is still the site's own page.
      bytes < thresholds.defaultPageBytes && $('a[href]').length === 0
        ? format(messages.reason.tiny, { bytes })
        : STOCK_TITLE.test(title) && SERVER_SIGNATURE.test(notFound.html.replace(/<[^>]*>/g, ' '))
          ? format(messages.reason.signature, { title })
          : $('a[href]').length === 0
            ? messages.reason.noLinks
            : null;
    if (reason)
      return warning(format(messages.stock, { status: notFound.status, reason }), { not_found: base });
    return passed(format(messages.custom, { status: notFound.status }), {
      not_found: { ...base, custom: true },
    });
  },
});
