import type { GuardedFetcher } from '../net/guarded-fetch';
import type { GatherContext } from './context';
import { parseDocument } from './document';
import { engineFetch } from './engine-fetch';
import { gatherPage } from './page';
import { gatherResources } from './resources';

/** A page loaded without a browser: its HTML and the resources it references. */
export interface PageLoad {
  /** The final page's HTTP status. */
  status: number;
  /** From the first request to the last resource's last byte. */
  ms: number;
  /** Bytes on the wire (decoded size where the wire size is unknown), HTML and resources. */
  bytes: number;
  resources: number;
  failedResources: number;
}

/**
 * Loads a page as the checkup reads it, without Chromium: the HTML, then every stylesheet, script,
 * image and icon it references, fetched as the checkup's resource gatherer fetches them (through
 * the guarded fetcher, a few at a time). Site speed monitoring charts its time, size and speed.
 */
export async function measurePageLoad(
  fetcher: GuardedFetcher,
  url: string,
  signal?: AbortSignal,
): Promise<PageLoad> {
  const fetch = engineFetch(fetcher);
  const started = performance.now();
  const page = await gatherPage(fetch, url);
  const document = parseDocument(page.html, page.finalUrl);
  const context: GatherContext = {
    url,
    fetch,
    fetcher,
    options: { browser: false },
    signal: signal ?? new AbortController().signal,
    bodies: new Map(),
    get: (async (name: string) => {
      if (name === 'page') return page;
      if (name === 'document') return document;
      throw new Error(`a page load reads only the page and its document, not ${name}`);
    }) as GatherContext['get'],
  };
  const resources = page.status < 400 ? await gatherResources(context) : [];
  return {
    status: page.status,
    ms: Math.round(performance.now() - started),
    bytes:
      (page.transferBytes ?? page.bytes) +
      resources.reduce((sum, resource) => sum + (resource.transferBytes ?? resource.bytes), 0),
    resources: resources.length,
    failedResources: resources.filter(
      (resource) => resource.error !== undefined || (resource.status ?? 0) >= 400,
    ).length,
  };
}
