import { parseRobotsTxt, ROBOTS_MAX_BYTES } from '../text/robots-txt';
import { defineCheck, failed, passed, warning } from './define-check';

export const thresholds = { maxBytes: ROBOTS_MAX_BYTES, maxListedErrors: 20 };

const messages = {
  unreachable:
    'The robots.txt at {url} did not answer. Crawlers treat an unreachable robots.txt as "do not crawl anything".',
  serverError:
    'The robots.txt at {url} answers {status}. Crawlers treat a server error as "do not crawl anything".',
  missing:
    'There is no robots.txt at {url} ({status}). Crawlers may fetch everything, but you cannot steer them or point them to your sitemap.',
  redirected:
    'The robots.txt at {url} redirects to {final}. Crawlers follow a few hops, but the file should answer at its own address.',
  tooLarge: 'The robots.txt is {kib} KiB; crawlers read only the first {max} KiB.',
  notText: 'The robots.txt is served as {type}, not text/plain.',
  errors: 'The robots.txt has {count} line(s) crawlers cannot use, for example line {line}: {reason}.',
  ok: 'The robots.txt answers 200 as plain text and every line is valid.',
};

export const robotsTxt = defineCheck({
  key: 'robots-txt',
  title: 'robots.txt',
  category: 'links-crawlability',
  relevance: 8,
  scope: 'origin',
  requires: ['robotsTxt'],
  description:
    'The <code>/robots.txt</code> file tells crawlers which parts of the site they may fetch and where the sitemaps are. A broken one can hide a whole site from search.',
  recommendation: 'Serve a valid robots.txt as text/plain with status 200 at the root of the host.',
  howToFix:
    'Create <code>/robots.txt</code> at the root of the host, served as <code>text/plain</code>. Start each group with <code>User-agent:</code>, then <code>Allow:</code> and <code>Disallow:</code> rules, and list your sitemaps with <code>Sitemap: https://example.com/sitemap.xml</code>. Fix or remove the lines the report lists, and keep the file under 500 KiB.',
  evaluate({ robotsTxt: file }, { format }) {
    const parsed = parseRobotsTxt(file);
    const data = {
      robots_txt_url: file.url,
      robots_txt_errors: parsed.errors.slice(0, thresholds.maxListedErrors),
      sitemaps_declared: parsed.sitemaps,
    };
    if (file.status === null) return failed(format(messages.unreachable, { url: file.url }), data);
    if (file.status >= 500)
      return failed(format(messages.serverError, { url: file.url, status: file.status }), data);
    if (file.status >= 400)
      return warning(format(messages.missing, { url: file.url, status: file.status }), data);
    if (file.redirects.length > 0)
      return warning(format(messages.redirected, { url: file.url, final: file.finalUrl }), data);
    if (file.bytes > thresholds.maxBytes || file.truncated)
      return warning(
        format(messages.tooLarge, { kib: Math.round(file.bytes / 1024), max: thresholds.maxBytes / 1024 }),
        data,
      );
    const type = (file.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (type && type !== 'text/plain') return warning(format(messages.notText, { type }), data);
    const [first] = parsed.errors;
    if (first)
      return warning(
        format(messages.errors, { count: parsed.errors.length, line: first.line, reason: first.reason }),
        data,
      );
    return passed(messages.ok, data);
  },
});
