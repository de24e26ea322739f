import { getDomain } from 'tldts';
import type { ResourceArtifact, ResourceType } from '../artifacts';
import { resolveHttpUrl } from '../html/url';
import { type GatherContext, mapLimit } from './context';

/** Defaults an operator may tune. */
export const resourceLimits = {
  /** Resources fetched per page; the rest are left out. */
  maxResources: 120,
  concurrency: 6,
  /** CSS and JS text kept for the minification and media-query checks. */
  maxTextBytes: 2 * 1024 * 1024,
  maxBinaryBytes: 8 * 1024 * 1024,
  timeoutMs: 15_000,
};

interface Reference {
  url: string;
  type: ResourceType;
  initiator: string;
}

/** Same registrable domain as the page (`cdn.example.com` belongs to `www.example.com`). */
export function isFirstParty(url: string, pageUrl: string): boolean {
  const a = new URL(url).hostname;
  const b = new URL(pageUrl).hostname;
  if (a === b) return true;
  const domain = getDomain(a);
  return domain !== null && domain === getDomain(b);
}

function references(context: { $: import('cheerio/slim').CheerioAPI; baseUrl: string }): Reference[] {
  const { $, baseUrl } = context;
  const found: Reference[] = [];
  const add = (href: string | undefined, type: ResourceType, initiator: string) => {
    const url = resolveHttpUrl(href, baseUrl);
    if (url) found.push({ url: url.replace(/#.*$/, ''), type, initiator });
  };
  $('link[rel]').each((_, el) => {
    const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
    const href = $(el).attr('href');
    if (rel.includes('stylesheet')) add(href, 'stylesheet', 'link[rel=stylesheet]');
    else if (rel.includes('icon') || rel.includes('apple-touch-icon'))
      add(href, 'icon', `link[rel=${rel.join(' ')}]`);
    else if (rel.includes('preload') && $(el).attr('as') === 'font') add(href, 'font', 'link[rel=preload]');
  });
  $('script[src]').each((_, el) => add($(el).attr('src'), 'script', 'script[src]'));
  $('img[src], input[type=image][src]').each((_, el) => add($(el).attr('src'), 'image', 'img'));
  $('meta[property="og:image"], meta[property="og:image:url"]')
    .first()
    .each((_, el) => add($(el).attr('content'), 'image', 'og:image'));
  return found;
}

/**
 * Fetches every stylesheet, script, image and icon the HTML references (plus `/favicon.ico` and
 * the og:image), once each, through the guarded fetcher. A resource that fails is recorded with
 * its error, never dropped, so the checks can call it broken.
 */
export async function gatherResources(context: GatherContext): Promise<ResourceArtifact[]> {
  const document = await context.get('document');
  const page = await context.get('page');
  const seen = new Map<string, Reference>();
  for (const reference of [
    ...references(document),
    { url: new URL('/favicon.ico', page.finalUrl).href, type: 'icon' as const, initiator: 'favicon.ico' },
  ]) {
    if (!seen.has(reference.url)) seen.set(reference.url, reference);
  }
  const list = [...seen.values()].slice(0, resourceLimits.maxResources);
  return mapLimit(list, resourceLimits.concurrency, (reference) =>
    fetchResource(context, reference, page.finalUrl),
  );
}

const TEXT_TYPES = new Set<ResourceType>(['stylesheet', 'script']);

async function fetchResource(
  context: GatherContext,
  reference: Reference,
  pageUrl: string,
): Promise<ResourceArtifact> {
  const text = TEXT_TYPES.has(reference.type);
  const base = {
    url: reference.url,
    type: reference.type,
    initiator: reference.initiator,
    firstParty: isFirstParty(reference.url, pageUrl),
  };
  try {
    const response = await context.fetch(reference.url, {
      maxBytes: text ? resourceLimits.maxTextBytes : resourceLimits.maxBinaryBytes,
      timeoutMs: resourceLimits.timeoutMs,
      signal: context.signal,
    });
    if (response.status < 400) context.bodies.set(reference.url, response.raw);
    return {
      ...base,
      status: response.status,
      finalUrl: response.finalUrl,
      redirects: response.redirects,
      headers: response.headers,
      contentType: response.headers['content-type'] ?? null,
      bytes: response.bytes,
      transferBytes: response.transferBytes,
      protocol: response.protocol,
      text: text && response.status < 400 ? response.body : null,
      truncated: response.truncated,
    };
  } catch (error) {
    return {
      ...base,
      status: null,
      finalUrl: reference.url,
      redirects: [],
      headers: {},
      contentType: null,
      bytes: 0,
      transferBytes: null,
      protocol: null,
      text: null,
      truncated: false,
      error: (error as Error).message,
    };
  }
}
