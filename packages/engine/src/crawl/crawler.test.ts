import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type CrawlSite, type CrawlSiteRoutes, htmlPage, startCrawlSite } from '../../test/crawl-site';
import { failingLookup, startSilentHost } from '../../test/silent-hosts';
import { engineFetch } from '../gather/engine-fetch';
import { linkVerifyLimits } from '../gather/link-verifier';
import { sitemapLimits } from '../gather/sitemaps';
import { createGuardedFetcher, type GuardedFetcher } from '../net/guarded-fetch';
import { runCrawl } from './crawler';
import { createMemoryCrawlStore } from './memory-store';
import { collectSitemapUrls } from './sitemap-urls';

let site: CrawlSite | null = null;
let fetcher: GuardedFetcher | null = null;
afterEach(async () => {
  await fetcher?.close();
  await site?.close();
  site = null;
  fetcher = null;
});

async function crawl(
  routes: CrawlSiteRoutes,
  options: {
    sitemap?: string[];
    maxUrls?: number;
    followLinks?: boolean;
    concurrency?: number;
    urlsPerSecond?: number;
    /** Chromium's pass on this many pages per template; its Chromium is absent, so it only records the choice. */
    browserSample?: number;
    /** Time a slow page again (the crawler's default); off here, so each page is fetched exactly once. */
    timeAgain?: boolean;
  } = {},
) {
  site = await startCrawlSite(routes);
  fetcher = createGuardedFetcher({ allowPrivate: site.allow, keepAlive: true });
  const store = createMemoryCrawlStore({
    start: [`${site.origin}/`],
    sitemap: (options.sitemap ?? []).map((path) => site!.origin + path),
    maxUrls: options.maxUrls ?? 1000,
    followLinks: options.followLinks ?? true,
  });
  const { pages } = await runCrawl({
    site: '127.0.0.1',
    store,
    fetcher,
    concurrency: options.concurrency ?? 10,
    politeness: options.urlsPerSecond ? { urlsPerSecond: options.urlsPerSecond } : {},
    browser: options.browserSample
      ? { chromiumPath: '/nonexistent/chromium', sample: options.browserSample }
      : null,
    timeAgain: options.timeAgain ?? false,
  });
  const at = (path: string) => store.urls.get(site!.origin + path);
  return { store, pages, at, site };
}

const page = (title: string, links: string[] = [], head = '') => ({ body: htmlPage({ title, links, head }) });

describe('the crawler', () => {
  it('follows internal links breadth-first, records click depth and fetches each normalised URL once', async () => {
    const {
      at,
      site: served,
      pages,
      store,
    } = await crawl({
      '/': page('Home page of the site', ['/a', '/a#top', '/A-other', 'http://other.example/x', '/b?']),
      '/a': page('Page A of the site', ['/', '/b', '/c']),
      '/A-other': page('Another page of the site', ['/a']),
      '/b': page('Page B of the site', ['/c', '/a']),
      '/c': page('Page C of the site', ['/d']),
      '/d': page('Page D of the site', ['/']),
    });
    expect([...store.urls.keys()].map((url) => new URL(url).pathname + new URL(url).search).sort()).toEqual([
      '/',
      '/A-other',
      '/a',
      '/b',
      '/c',
      '/d',
    ]);
    expect(pages).toBe(6);
    expect(at('/')!.task.depth).toBe(0);
    expect(at('/a')!.task.depth).toBe(1);
    expect(at('/c')!.task.depth).toBe(2);
    expect(at('/d')!.task.depth).toBe(3);
    expect(at('/a')!.inlinks).toBe(3);
    // The homepage is asked once more, without following redirects, by the host-consolidation probe.
    for (const path of ['/a', '/b', '/c', '/d']) expect(served.requests(path)).toBe(1);
    expect(at('/a')!.page!.score).toBeGreaterThan(0);
    expect(at('/a')!.page!.results.find((result) => result.key === 'meta-title')!.status).toBe('passed');
    // Page checks per URL; origin checks once for the origin; crawl checks are not per page.
    expect(at('/a')!.page!.results.some((result) => result.key === 'robots-txt')).toBe(false);
    expect(at('/a')!.page!.results.some((result) => result.key === 'crawl-depth')).toBe(false);
    expect(served.requests('/robots.txt')).toBe(1);
  });

  it('obeys robots.txt: a disallowed URL is recorded as blocked and never requested', async () => {
    const { at, site: served } = await crawl({
      '/robots.txt': {
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: *\nDisallow: /private/\n',
      },
      '/': page('Home page of the site', ['/private/secret', '/public']),
      '/private/secret': page('Secret page'),
      '/public': page('Public page of the site'),
    });
    expect(at('/private/secret')!.page!.blockedByRobots).toBe(true);
    expect(served.requests('/private/secret')).toBe(0);
    expect(at('/public')!.page!.status).toBe(200);
  });

  it('spaces requests by robots.txt crawl-delay', async () => {
    const started = Date.now();
    await crawl({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nCrawl-delay: 0.3\n' },
      '/': page('Home page of the site', ['/a', '/b']),
      '/a': page('Page A of the site'),
      '/b': page('Page B of the site'),
    });
    // Three pages and their sub-requests, each at least 300 ms after the one before.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('ends on link loops, and on canonical loops, fetching each page once', async () => {
    const {
      at,
      site: served,
      pages,
    } = await crawl({
      '/': page('Home page of the site', ['/loop/1']),
      '/loop/1': page('Loop one of the site', ['/loop/2'], '<link rel="canonical" href="/loop/2">'),
      '/loop/2': page('Loop two of the site', ['/loop/1'], '<link rel="canonical" href="/loop/1">'),
    });
    expect(pages).toBe(3);
    expect(served.requests('/loop/1')).toBe(1);
    expect(at('/loop/1')!.page!.facts!.canonical).toBe(`${served.origin}/loop/2`);
    expect(at('/loop/2')!.page!.facts!.canonical).toBe(`${served.origin}/loop/1`);
  });

  it('records redirect chains, crawls their target once under its own URL, and stops redirect loops', async () => {
    const { at, site: served } = await crawl({
      '/': page('Home page of the site', ['/moved', '/spin', '/final']),
      '/moved': { status: 301, headers: { location: '/moved-again' } },
      '/moved-again': { status: 302, headers: { location: '/final' } },
      '/final': page('Final page of the site'),
      '/spin': { status: 301, headers: { location: '/spin-back' } },
      '/spin-back': { status: 301, headers: { location: '/spin' } },
    });
    const moved = at('/moved')!.page!;
    expect(moved.status).toBe(301);
    expect(moved.redirects.map((hop) => hop.status)).toEqual([301, 302]);
    expect(moved.redirectTo).toBe(`${served.origin}/final`);
    expect(moved.results).toEqual([]);
    expect(at('/final')!.page!.status).toBe(200);
    expect(served.requests('/final')).toBe(2); // once through the redirect, once as its own URL
    expect(at('/spin')!.page!.error).toMatch(/redirect/i);
  });

  it('records broken pages with their status and judges them as error pages', async () => {
    const { at } = await crawl({ '/': page('Home page of the site', ['/gone']) });
    const gone = at('/gone')!.page!;
    expect(gone.status).toBe(404);
    expect(gone.results.find((result) => result.key === 'http-status-code')!.status).toBe('failed');
    expect(gone.results.find((result) => result.key === 'meta-title')!.status).toBe('skipped');
  });

  it('records a linked file with its status, type and size, and judges only pages', async () => {
    // A documentation site's links: compressed text (one server names it, one calls it HTML), a
    // PDF, an image served as text/html, and a 50 MB file. None is parsed, none reaches a check.
    const notes = gzipSync('Release notes\0with the NUL bytes binary text holds\n'.repeat(200));
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_200_000, 0x41)]);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(4000),
    ]);
    const big = Buffer.alloc(50 * 1024 * 1024, 0x30);
    const links = ['/notes.txt.gz', '/changes.txt.gz', '/manual.pdf', '/photo', '/dump.bin', '/guide'];
    const started = performance.now();
    const { at } = await crawl({
      '/': page('Home page of the site', links),
      '/notes.txt.gz': { body: notes, headers: { 'content-type': 'application/gzip' } },
      '/changes.txt.gz': { body: notes },
      '/manual.pdf': { body: pdf, headers: { 'content-type': 'application/pdf' } },
      '/photo': { body: png },
      '/dump.bin': { body: big, headers: { 'content-type': 'application/octet-stream' } },
      '/guide': page('A guide page of the site', ['/manual.pdf']),
    });
    const files = Object.fromEntries(
      links.slice(0, 5).map((path) => {
        const { status, file, results, score, facts, links: found } = at(path)!.page!;
        expect({ results, score, facts, links: found }).toEqual({
          results: [],
          score: null,
          facts: null,
          links: [],
        });
        return [path, { status, file }];
      }),
    );
    expect(files).toEqual({
      '/notes.txt.gz': { status: 200, file: { type: 'application/gzip', bytes: notes.length } },
      '/changes.txt.gz': { status: 200, file: { type: 'application/gzip', bytes: notes.length } },
      '/manual.pdf': { status: 200, file: { type: 'application/pdf', bytes: pdf.length } },
      '/photo': { status: 200, file: { type: 'image/png', bytes: png.length } },
      '/dump.bin': { status: 200, file: { type: 'application/octet-stream', bytes: big.length } },
    });
    // The pages are judged as ever, and nothing the crawl keeps holds a NUL.
    for (const path of ['/', '/guide']) {
      expect(at(path)!.page!.file).toBeNull();
      expect(at(path)!.page!.results.find((result) => result.key === 'meta-title')!.status).toBe('passed');
    }
    const kept = [...links, '/'].map((path) => at(path)!.page);
    expect(JSON.stringify(kept)).not.toContain('\\u0000');
    // The 50 MB file and the PDF are not downloaded to be parsed: the crawl takes no longer than a small site.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('never waits for links to other sites: 2,000 links to a silent host and an unresolvable one cost no time', async () => {
    const silent = await startSilentHost();
    try {
      const lookup = failingLookup();
      // Twenty pages, each with a hundred links of its own to each host that will not answer.
      const links = (i: number) => [
        ...Array.from({ length: 50 }, (_, n) => `http://silent.example/doc/${i}/${n}`),
        ...Array.from({ length: 50 }, (_, n) => `http://docs.nowhere.invalid/${i}/${n}`),
      ];
      const timed = async (withLinks: boolean) => {
        const served = await startCrawlSite((path) => {
          const i = path === '/' ? 0 : Number(path.slice(3));
          if (path !== '/' && !/^\/p\/\d+$/.test(path)) return undefined;
          const own = i < 19 ? [`/p/${i + 1}`] : [];
          return page(`Page ${i} of the documentation`, [...own, ...(withLinks ? links(i) : [])]);
        });
        const own = createGuardedFetcher({
          allowPrivate: served.allow,
          // Another site (not 127.0.0.1, which is the crawled one) whose server never answers.
          connectTo: `silent.example:80:127.0.0.1:${silent.port}`,
          keepAlive: true,
          lookup,
        });
        const store = createMemoryCrawlStore({ start: [`${served.origin}/`], maxUrls: 100 });
        const started = performance.now();
        try {
          await runCrawl({ site: '127.0.0.1', store, fetcher: own, timeAgain: false });
          return { ms: performance.now() - started, store };
        } finally {
          await own.close();
          await served.close();
        }
      };
      const without = await timed(false);
      const withLinks = await timed(true);
      expect(withLinks.store.urls.size).toBe(20);
      const home = [...withLinks.store.urls.values()].find((entry) => entry.task.depth === 0)!.page!;
      // The page keeps its links to other sites, for the crawl to verify once its pages are done.
      expect(home.externalLinks).toHaveLength(100);
      expect(home.results.find((result) => result.key === 'broken-links')).toMatchObject({
        status: 'skipped',
      });
      // Neither host was asked: no connection to the silent one, no lookup of the unresolvable one.
      expect(silent.connections()).toBe(0);
      expect(lookup.asked.filter((host) => host.endsWith('.invalid'))).toEqual([]);
      // Any wait for them would last a link's whole timeout (10 s). Bounded by half of it, not by a
      // share of the crawl without them, which a loaded machine (the e2e suite beside) stretches.
      expect(withLinks.ms).toBeLessThan(without.ms + linkVerifyLimits.timeoutMs / 2);
    } finally {
      await silent.close();
    }
  });

  it("samples a template's first pages in the store's order for Chromium, however fast each answers", async () => {
    // The first pages of /p/ answer slowest: sampled by the moment they answered, the last would be.
    const links = Array.from({ length: 6 }, (_, i) => `/p/${i}`);
    const routes = (path: string) =>
      path === '/'
        ? page('Home page of the site', links)
        : path.startsWith('/p/')
          ? { ...page(`Page ${path} of the site`), delayMs: 400 - 60 * Number(path.slice(3)) }
          : undefined;
    const sampled = async () => {
      const { store } = await crawl(routes, { browserSample: 2, concurrency: 10 });
      const paths = [...store.urls.values()]
        .filter((url) => url.page?.browser)
        .map((url) => new URL(url.task.url).pathname);
      await site?.close();
      site = null;
      return paths.sort();
    };
    const first = await sampled();
    expect(first).toEqual(['/', '/p/0', '/p/1']);
    // Every crawl of the unchanged site: the same pages, so their Chromium checks compare.
    expect(await sampled()).toEqual(first);
  });

  it('times a page again before it reports a slow first byte, and keeps the faster answer', async () => {
    let slowOnce = 0;
    const { at } = await crawl(
      (path) => {
        if (path === '/') return page('Home page of the site', ['/once', '/always']);
        if (path === '/once') return { ...page('Slow the first time'), delayMs: slowOnce++ === 0 ? 900 : 0 };
        if (path === '/always') return { ...page('Slow every time'), delayMs: 1200 };
        return undefined;
      },
      { timeAgain: true },
    );
    const ttfb = (path: string) =>
      at(path)!.page!.results.find((result) => result.key === 'web-vitals-ttfb')!;
    // A busy moment is no slow server: timed again, it answered at once.
    expect(ttfb('/once').status).toBe('passed');
    expect(slowOnce).toBe(2);
    // A slow server is slow both times: its 1.2 s, less at most what this process's own work (the
    // crawl's other pages, and this site, served from the same process) held the answer back.
    const always = ttfb('/always');
    expect(always.status).toBe('warning');
    expect('data' in always && (always.data.ttfb as { total: number }).total).toBeGreaterThan(800);
  });

  it('fetches the canonical and hreflang targets no link leads to, within the budget, as no link', async () => {
    const routes = {
      '/': page('Home page of the site', ['/a']),
      '/a': page(
        'Page A of the site',
        ['/'],
        '<link rel="canonical" href="/canonical-target"><link rel="alternate" hreflang="de" href="/de/a"><link rel="alternate" hreflang="fr" href="http://other.example/fr/a">',
      ),
      '/de/a': page('Seite A'),
    };
    const { at, store } = await crawl(routes);
    // The canonical target answers 404: fetched, so the page's canonical can be judged by it.
    expect(at('/canonical-target')!.page!.status).toBe(404);
    expect(at('/de/a')!.page!.status).toBe(200);
    expect(at('/de/a')!.inlinks).toBe(0);
    expect(at('/de/a')!.task.depth).toBeNull();
    expect([...store.urls.keys()].some((url) => url.includes('other.example'))).toBe(false);
    // A crawl of its seeds alone fetches nothing they name.
    await site?.close();
    const seeds = await crawl(routes, { followLinks: false, sitemap: ['/a'] });
    expect(seeds.at('/canonical-target')).toBeUndefined();
  });

  it('keeps to the URL cap', async () => {
    const links = Array.from({ length: 30 }, (_, i) => `/p/${i}`);
    const { store, pages } = await crawl(
      (path) => (path === '/' ? page('Home page of the site', links) : page(`Page ${path}`)),
      { maxUrls: 10 },
    );
    expect(store.urls.size).toBe(10);
    expect(pages).toBe(10);
  });

  it('crawls only the seeds when following links is off', async () => {
    const { store } = await crawl(
      { '/': page('Home page of the site', ['/a']), '/a': page('Page A'), '/s': page('In the sitemap') },
      { followLinks: false, sitemap: ['/s'] },
    );
    expect([...store.urls.keys()].map((url) => new URL(url).pathname).sort()).toEqual(['/', '/s']);
    expect(store.urls.get(`${site!.origin}/s`)!.inSitemap).toBe(true);
  });

  it('holds at most 5 requests in flight to one host, however many pages it may analyse at once', async () => {
    const links = Array.from({ length: 40 }, (_, i) => `/p/${i}`);
    const { site: served, pages } = await crawl(
      (path) =>
        path === '/'
          ? page('Home page of the site', links)
          : { ...page(`Page ${path} of the site`), delayMs: 40 },
      { concurrency: 20 },
    );
    expect(pages).toBe(41);
    expect(served.maxInFlight()).toBeLessThanOrEqual(5);
    expect(served.maxInFlight()).toBeGreaterThan(1);
  });

  it('keeps to a URLs-per-second cap', async () => {
    const started = Date.now();
    await crawl(
      {
        '/': page('Home page of the site', ['/a', '/b', '/c']),
        '/a': page('A'),
        '/b': page('B'),
        '/c': page('C'),
      },
      { urlsPerSecond: 10 },
    );
    // Four pages and their other requests, 100 ms apart at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('reuses its connections', async () => {
    const links = Array.from({ length: 20 }, (_, i) => `/p/${i}`);
    const { site: served } = await crawl((path) =>
      path === '/' ? page('Home page of the site', links) : page(`Page ${path} of the site`),
    );
    expect(served.requests()).toBeGreaterThan(20);
    expect(served.connections()).toBeLessThan(served.requests() / 4);
  });
});

describe('sitemap import', () => {
  const urlset = (locs: string[]) =>
    `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`;
  const index = (locs: string[]) =>
    `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`;
  const xml = (body: string) => ({ headers: { 'content-type': 'application/xml' }, body });

  async function importFrom(routes: CrawlSiteRoutes, roots: string[], maxUrls = 50_000) {
    site = await startCrawlSite(routes);
    fetcher = createGuardedFetcher({ allowPrivate: site.allow });
    return collectSitemapUrls(
      engineFetch(fetcher),
      roots.map((path) => site!.origin + path),
      {
        site: '127.0.0.1',
        maxUrls,
      },
    );
  }

  it('follows indexes, detects an index loop a → b → a, and keeps only the site’s own URLs', async () => {
    const result = await importFrom(
      {
        '/a.xml': xml(index(['{{origin}}/b.xml', '{{origin}}/pages.xml'])),
        '/b.xml': xml(index(['{{origin}}/a.xml'])),
        '/pages.xml': xml(
          urlset(['{{origin}}/one', '{{origin}}/two#x', '{{origin}}/one', 'https://elsewhere.example/x']),
        ),
      },
      ['/a.xml'],
    );
    expect(result.urls.map((url) => new URL(url).pathname)).toEqual(['/one', '/two']);
    expect(result.files.find((file) => file.url.endsWith('/b.xml'))!.errors.join(' ')).toMatch(/loop/);
  });

  it('does not expand entities (billion laughs)', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><urlset><url><loc>&lol2;</loc></url></urlset>';
    const result = await importFrom({ '/laughs.xml': xml(laughs) }, ['/laughs.xml']);
    expect(result.urls).toEqual([]);
  });

  it('imports at most the per-file limit of URLs of a file, and no more than the cap', async () => {
    // The protocol's 50,000, lowered here to keep the suite quick; `npm run bench -- scale` reads a
    // 50,001-URL file at the real limit.
    expect(sitemapLimits.maxUrls).toBe(50_000);
    const limit = sitemapLimits.maxUrls;
    sitemapLimits.maxUrls = 2_000;
    const many = Array.from({ length: 2_001 }, (_, i) => `{{origin}}/p/${i}`);
    try {
      const full = await importFrom({ '/big.xml': xml(urlset(many)) }, ['/big.xml'], 3_000);
      expect(full.urls).toHaveLength(2_000);
      expect(full.urls.at(-1)).toBe(`${site!.origin}/p/1999`);
      expect(full.capped).toBe(false);
      expect(full.files[0]!.errors).toEqual(['It lists 2001 URLs; the limit is 2,000 per file.']);
    } finally {
      sitemapLimits.maxUrls = limit;
    }
    await site!.close();
    site = null;
    const capped = await importFrom({ '/big.xml': xml(urlset(many.slice(0, 300))) }, ['/big.xml'], 100);
    expect(capped.urls).toHaveLength(100);
    expect(capped.capped).toBe(true);
  });
});
