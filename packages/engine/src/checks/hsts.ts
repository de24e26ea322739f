import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune. One year is what browsers' preload lists ask for. */
export const thresholds = { minMaxAge: 31_536_000 };

const messages = {
  notHttps: 'The page is served over plain HTTP; browsers ignore HSTS there, so nothing forces HTTPS.',
  missing:
    'The HTTPS page sends no Strict-Transport-Security header; a first visit over HTTP can be intercepted.',
  invalid: 'The Strict-Transport-Security header has no valid max-age, so browsers ignore it.',
  zero: 'The Strict-Transport-Security header sets max-age=0, which tells browsers to forget HSTS for this host.',
  short: 'HSTS max-age is {maxAge} seconds; use at least {min} seconds (one year).',
  noSubdomains:
    'HSTS is on for {days} days, but without includeSubDomains; subdomains can still be reached over HTTP.',
  ok: 'HSTS is on for {days} days, including subdomains.',
};

interface HstsHeader {
  raw: string;
  max_age: number | null;
  include_subdomains: boolean;
  preload: boolean;
}

// RFC 6797 §8.1: only the first header counts; directive names are case-insensitive, values may be quoted.
function parseHsts(raw: string): HstsHeader {
  const first = raw.split(',')[0] ?? '';
  const header: HstsHeader = { raw, max_age: null, include_subdomains: false, preload: false };
  for (const part of first.split(';')) {
    const [name = '', value = ''] = part.split('=').map((piece) => piece.trim());
    const directive = name.toLowerCase();
    if (directive === 'max-age') {
      const seconds = value.replace(/^"(.*)"$/, '$1');
      header.max_age = /^\d+$/.test(seconds) ? Number(seconds) : null;
    } else if (directive === 'includesubdomains') header.include_subdomains = true;
    else if (directive === 'preload') header.preload = true;
  }
  return header;
}

export const hsts = defineCheck({
  key: 'hsts',
  title: 'HSTS',
  category: 'server-security',
  relevance: 5,
  scope: 'page',
  requires: ['page'],
  description:
    'HTTP Strict Transport Security (<code>Strict-Transport-Security</code> header) tells browsers to use only HTTPS for the site, so a visitor typing the bare domain is never exposed over plain HTTP.',
  recommendation: 'Send Strict-Transport-Security with a max-age of at least one year and includeSubDomains.',
  howToFix:
    'Once every page and subdomain works over HTTPS, add the header to HTTPS responses, e.g. <code>Strict-Transport-Security: max-age=31536000; includeSubDomains</code>. In nginx: <code>add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;</code>. In Apache: <code>Header always set Strict-Transport-Security "max-age=31536000; includeSubDomains"</code>. Start with a short max-age while testing, then raise it. Add <code>preload</code> and submit the domain at hstspreload.org only when you are sure HTTPS is there to stay.',
  evaluate({ page }, { format }) {
    if (new URL(page.finalUrl).protocol !== 'https:') return failed(messages.notHttps, { hsts_header: null });
    const raw = page.headers['strict-transport-security'];
    if (!raw?.trim()) return failed(messages.missing, { hsts_header: null });

    const header = parseHsts(raw);
    const data = { hsts_header: header };
    if (header.max_age === null) return failed(messages.invalid, data);
    if (header.max_age === 0) return failed(messages.zero, data);
    if (header.max_age < thresholds.minMaxAge)
      return warning(format(messages.short, { maxAge: header.max_age, min: thresholds.minMaxAge }), data);
    const days = Math.floor(header.max_age / 86_400);
    if (!header.include_subdomains) return warning(format(messages.noSubdomains, { days }), data);
    return passed(format(messages.ok, { days }), data);
  },
});
