import type { CheckResult } from '../evaluate';
import type { CrawledPage, CrawlStore, CrawlTask } from './crawler';
import { normaliseUrl } from './normalise';

/** A URL of an in-memory crawl, with what was learned of it. */
export interface MemoryCrawlUrl {
  task: CrawlTask;
  inSitemap: boolean;
  state: 'pending' | 'taken' | 'done';
  page: CrawledPage | null;
  inlinks: number;
}

/**
 * The crawl's state in memory, for tests and one-off runs; the server keeps the same state in its
 * database. Breadth-first: shallower URLs are handed out first, then those only a sitemap lists.
 */
export function createMemoryCrawlStore(options: {
  start: readonly string[];
  sitemap?: readonly string[];
  followLinks?: boolean;
  maxUrls: number;
}) {
  const urls = new Map<string, MemoryCrawlUrl>();
  const origins = new Map<string, CheckResult[]>();
  let nextId = 0;
  const add = (href: string, depth: number | null, inSitemap: boolean) => {
    const url = normaliseUrl(href);
    if (!url) return;
    const known = urls.get(url);
    if (known) {
      if (depth !== null && (known.task.depth === null || depth < known.task.depth)) known.task.depth = depth;
      known.inSitemap ||= inSitemap;
      return;
    }
    if (urls.size >= options.maxUrls) return;
    urls.set(url, {
      task: { id: String(nextId++), url, depth },
      inSitemap,
      state: 'pending',
      page: null,
      inlinks: 0,
    });
  };
  for (const url of options.start) add(url, 0, false);
  for (const url of options.sitemap ?? []) add(url, null, true);

  const store: CrawlStore & { urls: Map<string, MemoryCrawlUrl>; origins: Map<string, CheckResult[]> } = {
    urls,
    origins,
    async claim(limit) {
      const pending = [...urls.values()]
        .filter((entry) => entry.state === 'pending')
        .sort((a, b) => (a.task.depth ?? Number.MAX_SAFE_INTEGER) - (b.task.depth ?? Number.MAX_SAFE_INTEGER))
        .slice(0, limit);
      for (const entry of pending) entry.state = 'taken';
      return pending.map((entry) => ({ ...entry.task }));
    },
    async complete(page) {
      const entry = urls.get(page.task.url);
      if (!entry || entry.state === 'done') return;
      entry.state = 'done';
      entry.page = page;
      const depth = entry.task.depth === null ? null : entry.task.depth + 1;
      const follow = (options.followLinks ?? true) && !page.facts?.nofollow;
      for (const link of page.links) {
        if (link.url === page.task.url) continue;
        const target = urls.get(link.url);
        if (target) target.inlinks++;
        else if (follow && !link.nofollow) {
          add(link.url, depth, false);
          const added = urls.get(link.url);
          if (added) added.inlinks++;
        }
        if (target && depth !== null && (target.task.depth === null || depth < target.task.depth))
          target.task.depth = depth;
      }
      if (page.redirectTo) add(page.redirectTo, entry.task.depth, false);
      // Pages it names (canonical, hreflang) when the crawl goes beyond its seeds.
      if (options.followLinks ?? true) for (const url of page.pointed) add(url, null, false);
    },
    async completeOrigin(origin, results) {
      origins.set(origin, results);
    },
  };
  return store;
}
