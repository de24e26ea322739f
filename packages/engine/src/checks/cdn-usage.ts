import type { ResourceArtifact } from '../artifacts';
import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { minStaticAssets: 5, goodShare: 0.8 };

const messages = {
  few: 'The page loads fewer than {min} static files, too few to judge CDN use.',
  all: '{pct} % of the static files come through a CDN ({providers}).',
  some: 'Only {pct} % of the static files come through a CDN ({providers}); the rest travel from the origin server.',
  none: '{count?The one static file does not come|None of the # static files comes} through a CDN: visitors far from the server wait longer for every one.',
};

// Response headers that name the CDN that served a file.
const BY_HEADER: [string, (headers: Record<string, string>) => boolean][] = [
  ['Cloudflare', (h) => 'cf-ray' in h || /cloudflare/i.test(h.server ?? '')],
  [
    'Amazon CloudFront',
    (h) => 'x-amz-cf-id' in h || /cloudfront/i.test(`${h.via ?? ''} ${h['x-cache'] ?? ''}`),
  ],
  [
    'Fastly',
    (h) =>
      'x-fastly-request-id' in h ||
      /fastly/i.test(`${h['x-served-by'] ?? ''} ${h.via ?? ''}`) ||
      /^cache-/i.test(h['x-served-by'] ?? ''),
  ],
  ['Akamai', (h) => Object.keys(h).some((k) => k.startsWith('x-akamai')) || /akamai/i.test(h.server ?? '')],
  ['Vercel', (h) => 'x-vercel-id' in h],
  ['Netlify', (h) => 'x-nf-request-id' in h],
  ['Azure Front Door', (h) => 'x-azure-ref' in h],
  ['Google Cloud CDN', (h) => /google/i.test(h.via ?? '') && 'age' in h],
  ['BunnyCDN', (h) => /bunnycdn/i.test(h.server ?? '') || 'cdn-pullzone' in h],
  ['KeyCDN', (h) => /keycdn/i.test(h.server ?? '')],
  ['Sucuri', (h) => 'x-sucuri-id' in h],
  ['StackPath', (h) => /stackpath|netdna/i.test(`${h.server ?? ''} ${h['x-hw'] ?? ''}`)],
];

// Hosts that are CDNs whatever their headers say.
const BY_HOST: [string, RegExp][] = [
  ['jsDelivr', /(^|\.)jsdelivr\.net$/],
  ['unpkg', /(^|\.)unpkg\.com$/],
  ['cdnjs', /^cdnjs\.cloudflare\.com$/],
  ['Amazon CloudFront', /\.cloudfront\.net$/],
  ['Akamai', /\.(akamaihd|akamaized|edgesuite|edgekey)\.net$/],
  ['Google Hosted Libraries', /^(ajax\.googleapis\.com|fonts\.gstatic\.com|fonts\.googleapis\.com)$/],
  ['BunnyCDN', /\.b-cdn\.net$/],
  ['Fastly', /\.fastly\.net$|\.fastlylb\.net$/],
  ['Azure CDN', /\.azureedge\.net$/],
  ['Shopify CDN', /^cdn\.shopify\.com$/],
  ['Squarespace CDN', /\.sqspcdn\.com$/],
  ['Wix static', /^static\.wixstatic\.com$/],
];

/** The CDN a file came through, or null. */
export function cdnOf(resource: Pick<ResourceArtifact, 'finalUrl' | 'headers'>): string | null {
  const host = new URL(resource.finalUrl).hostname;
  const byHost = BY_HOST.find(([, pattern]) => pattern.test(host));
  if (byHost) return byHost[0];
  return BY_HEADER.find(([, test]) => test(resource.headers))?.[0] ?? null;
}

const STATIC = new Set(['stylesheet', 'script', 'image', 'font']);

export const cdnUsage = defineCheck({
  key: 'cdn-usage',
  title: 'CDN usage',
  category: 'speed-performance',
  relevance: 3,
  scope: 'page',
  requires: ['resources'],
  description:
    'A content delivery network keeps copies of the site’s static files (CSS, JavaScript, images, fonts) in data centres near visitors. Each file is matched to a CDN by its host name and response headers.',
  recommendation: 'Serve static files through a CDN.',
  howToFix:
    'Put the whole site behind a CDN (Cloudflare, Fastly, CloudFront, Bunny, or your host’s built-in CDN), or point a <code>static.</code>/<code>cdn.</code> subdomain at one for assets. Give the files long cache lifetimes so the CDN can keep them. Many hosts and CMS plugins set this up in a few clicks.',
  evaluate({ resources }, { format }) {
    const assets = resources.filter((r) => STATIC.has(r.type) && r.status !== null && r.status < 400);
    const onCdn: { url: string; provider: string }[] = [];
    const notOnCdn: string[] = [];
    for (const r of assets) {
      const provider = cdnOf(r);
      if (provider) onCdn.push({ url: r.url, provider });
      else notOnCdn.push(r.url);
    }
    const providers = [...new Set(onCdn.map((r) => r.provider))];
    const data = { cdn_usage: { providers, on_cdn: onCdn.map((r) => r.url), not_on_cdn: notOnCdn } };
    if (assets.length < thresholds.minStaticAssets)
      return notApplicable(format(messages.few, { min: thresholds.minStaticAssets }), data);
    const share = onCdn.length / assets.length;
    const values = { pct: Math.round(share * 100), providers: providers.join(', '), count: assets.length };
    if (onCdn.length === 0) return failed(format(messages.none, values), data);
    if (share >= thresholds.goodShare) return passed(format(messages.all, values), data);
    return warning(format(messages.some, values), data);
  },
});
