import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: redirects a variant may take to reach the site. */
export const thresholds = { maxHops: 1 };

const messages = {
  ok: 'Every variant of the address ({count}) leads to {origin} with a single permanent redirect.',
  unreachable: 'None of the address variants answered, so consolidation could not be checked.',
  twoLive: '{urls} all answer 200: search engines see duplicate sites and split their signals between them.',
  split: 'The variants end on different addresses ({origins}) instead of one.',
  httpLive: '{url} is not redirected to HTTPS, so visitors and crawlers can stay on the insecure version.',
  temporary:
    '{url} redirects with a temporary {status}; use 301 or 308 so search engines move their signals.',
  extraHop: '{url} takes {hops} redirects to reach the site; send it there in one.',
  error: '{url} answers {status}; visitors who type this variant get an error instead of the site.',
};

const PERMANENT = new Set([301, 308]);
const isRedirect = (status: number) => status >= 300 && status < 400;

export const urlCanonicalization = defineCheck({
  key: 'url-canonicalization',
  title: 'Host & protocol consolidation',
  category: 'server-security',
  relevance: 7,
  scope: 'origin',
  requires: ['urlVariants'],
  description:
    'Requests the site as http and https, with and without www. All of them should end on one HTTPS address, each with a single permanent redirect, so search engines see one site and not up to four copies.',
  recommendation: 'Redirect every variant of the address to one HTTPS origin with a single 301.',
  howToFix:
    'Choose one origin, e.g. <code>https://www.example.com</code>. In the server or CDN, redirect the other three (http with and without www, and https on the other name) to it with 301 or 308, straight to the final address in one hop: in nginx a <code>server</code> block per variant with <code>return 301 https://www.example.com$request_uri;</code>. Use the same origin in canonical links and the sitemap, and make sure the certificate covers both names.',
  evaluate({ urlVariants }, { format }) {
    const variants = urlVariants.variants.map(({ url, status, location }) => ({ url, status, location }));
    const data = { variants };
    const answered = urlVariants.variants.filter(
      (variant): variant is typeof variant & { status: number } => variant.status !== null,
    );
    if (answered.length === 0) return warning(messages.unreachable, data);

    const live = answered.filter((variant) => variant.status >= 200 && variant.status < 300);
    if (live.length > 1)
      return failed(
        format(messages.twoLive, { urls: live.map((variant) => variant.url).join(' and ') }),
        data,
      );
    // Where the working variants end; one that errors is reported below, not counted as a second site.
    const finals = urlVariants.finals.filter(
      (final) => final.finalUrl !== null && final.status !== null && final.status < 400,
    );
    const origins = [...new Set(finals.map((final) => new URL(final.finalUrl!).origin))];
    if (origins.length > 1) return failed(format(messages.split, { origins: origins.join(', ') }), data);
    const insecure =
      live.find((variant) => variant.url.startsWith('http:')) ??
      finals.find((final) => final.url.startsWith('http:') && final.finalUrl!.startsWith('http:'));
    if (insecure) return failed(format(messages.httpLive, { url: insecure.url }), data);

    const temporary = answered.find(
      (variant) => isRedirect(variant.status) && !PERMANENT.has(variant.status),
    );
    if (temporary)
      return warning(format(messages.temporary, { url: temporary.url, status: temporary.status }), data);
    const longChain = urlVariants.finals.find((final) => final.hops > thresholds.maxHops);
    if (longChain)
      return warning(format(messages.extraHop, { url: longChain.url, hops: longChain.hops }), data);
    const broken = answered.find((variant) => variant.status >= 400);
    if (broken) return warning(format(messages.error, { url: broken.url, status: broken.status }), data);
    return passed(
      format(messages.ok, {
        count: answered.length,
        origin: origins[0] ?? new URL(live[0]?.url ?? answered[0]!.url).origin,
      }),
      data,
    );
  },
});
