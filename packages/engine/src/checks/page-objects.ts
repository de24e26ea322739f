import { getDomain } from 'tldts';
import type { NetworkEntry } from '../artifacts';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune (SEO Site Checkup's strict rule is over 20 requests). */
export const thresholds = {
  goodRequests: 50,
  poorRequests: 100,
  goodBytes: 1.6 * 1024 * 1024,
  poorBytes: 4 * 1024 * 1024,
};

const messages = {
  ok: 'The page loads {requests} files, {mb} MB in all.',
  heavy:
    'The page loads {requests} files, {mb} MB in all; aim for at most {goodRequests} files and {goodMb} MB.',
  tooHeavy: 'The page loads {requests} files, {mb} MB in all: too much for phones on mobile data.',
  broken: '{count} file(s) the page loads are broken ({first}).',
  brokenAndTotal: '{broken} {total}',
};

const GROUPS: Record<string, string> = {
  document: 'html',
  stylesheet: 'css',
  script: 'javascript',
  image: 'images',
  font: 'fonts',
  media: 'media',
  xhr: 'data',
  fetch: 'data',
};

const site = (host: string) => getDomain(host) ?? host;

/** A request that never completed because the page cancelled it is not a broken file. */
const isBroken = (e: NetworkEntry) =>
  (e.status ?? 0) >= 400 || (e.failed && e.errorText !== 'net::ERR_ABORTED');

const isFlash = (e: NetworkEntry) =>
  /\.swf(\?|#|$)/i.test(e.url) || e.mimeType === 'application/x-shockwave-flash';

export const pageObjects = defineCheck({
  key: 'page-objects',
  title: 'Page objects & requests',
  category: 'speed-performance',
  relevance: 8,
  scope: 'page',
  requires: ['browser'],
  description:
    'Every file Chromium downloaded to show the page, by type and by domain: HTML, CSS, JavaScript, images, fonts and data. Each request costs time on a phone connection, and the total weight costs visitors data.',
  recommendation: 'Keep the page under 50 requests and 1.6 MB, with no broken files.',
  howToFix:
    'Combine small icons into an SVG sprite or icon font, inline tiny CSS, remove scripts and tags the page does not need, lazy-load images below the first screen, and compress images. Fix or remove references to files that answer with errors.',
  evaluate({ browser }, { format }) {
    // data: and blob: URLs cost no request; the gatherer may still log them.
    const entries = browser.network.filter((e) => /^https?:/i.test(e.url));
    // The page is the first document Chromium loaded; "same domain" is its registrable domain.
    const pageHost = (entries.find((e) => e.type === 'document') ?? entries[0])?.domain ?? '';
    const sizeByType: Record<string, number> = {};
    const requestsByType: Record<string, number> = {};
    const sizeByDomain: Record<string, number> = {};
    const requestsByDomain: Record<string, number> = {};
    const flash: string[] = [];
    for (const e of entries) {
      const group = isFlash(e) ? 'flash' : (GROUPS[e.type] ?? 'other');
      if (group === 'flash') flash.push(e.url);
      sizeByType[group] = (sizeByType[group] ?? 0) + e.transferBytes;
      requestsByType[group] = (requestsByType[group] ?? 0) + 1;
      sizeByDomain[e.domain] = (sizeByDomain[e.domain] ?? 0) + e.transferBytes;
      requestsByDomain[e.domain] = (requestsByDomain[e.domain] ?? 0) + 1;
    }
    const broken = entries
      .filter(isBroken)
      .map((e) => ({ url: e.url, status: e.status, error: e.errorText ?? null, domain: e.domain }));
    const sameDomain = (domain: string) => site(domain) === site(pageHost);
    const brokenResources = {
      same_domain: broken.filter((b) => sameDomain(b.domain)).map(({ domain: _d, ...rest }) => rest),
      other_domain: broken.filter((b) => !sameDomain(b.domain)).map(({ domain: _d, ...rest }) => rest),
    };
    const total = entries.reduce((sum, e) => sum + e.transferBytes, 0);
    const data = {
      page_objects: {
        html: requestsByType.html ?? 0,
        css: requestsByType.css ?? 0,
        javascript: requestsByType.javascript ?? 0,
        images: requestsByType.images ?? 0,
        flash: flash.length,
        size_by_type: sizeByType,
        requests_by_type: requestsByType,
        size_by_domain: sizeByDomain,
        requests_by_domain: requestsByDomain,
        broken_resources: brokenResources,
      },
      flash_resources: flash,
    };
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
    const values = {
      requests: entries.length,
      mb: mb(total),
      goodRequests: thresholds.goodRequests,
      goodMb: mb(thresholds.goodBytes),
    };
    if (broken.length > 0)
      return failed(
        format(messages.brokenAndTotal, {
          broken: format(messages.broken, { count: broken.length, first: broken[0]!.url }),
          total: format(messages.ok, values),
        }),
        data,
      );
    if (entries.length > thresholds.poorRequests || total > thresholds.poorBytes)
      return failed(format(messages.tooHeavy, values), data);
    if (entries.length > thresholds.goodRequests || total > thresholds.goodBytes)
      return warning(format(messages.heavy, values), data);
    return passed(format(messages.ok, values), data);
  },
});
