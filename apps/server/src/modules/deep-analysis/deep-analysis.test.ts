import { gzipSync } from 'node:zlib';
import {
  DEEP_ANALYSIS_MESSAGES,
  MAX_SPELLING_WORDS,
  MESSAGES,
  type ServiceableUrl,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import {
  type CrawlSite,
  type CrawlSitePage,
  generatedSite,
  htmlPage,
  proseOf,
} from '@sitelens/engine/testing/crawl-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { deepAnalysisDriver, serveSites, sitemapPage } from '../../test/deep-analysis';
import { closeWorkerBrowser } from '../checkup/worker-browser';

let t: TestApp;
const { api, website, runProcesses } = deepAnalysisDriver(() => t);
let sites: Record<string, CrawlSite> = {};

const page = (title: string, i: number, links: string[] = [], head = ''): CrawlSitePage => ({
  body: htmlPage({
    title,
    description: `About ${title.toLowerCase()}, in words of its own.`,
    text: proseOf(i),
    links,
    head,
  }),
});

/** A site with one page per crawl-wide defect, and a clean page beside each. */
const DEFECTS: Record<string, CrawlSitePage> = {
  '/robots.txt': {
    headers: { 'content-type': 'text/plain' },
    body: 'User-agent: *\nDisallow: /blocked\nSitemap: {{origin}}/sitemap.xml\n',
  },
  '/sitemap.xml': sitemapPage([
    '/',
    '/clean',
    '/orphan',
    '/noindexed',
    '/gone',
    '/moved',
    '/blocked',
    '/dup-a',
  ]),
  '/': page('Defects home', 0, [
    '/clean',
    '/dup-a',
    '/dup-b',
    '/noindexed',
    '/deep/1',
    '/canon-to-404',
    '/canon-to-noindex',
    '/hreflang-en',
    '/pair-en',
    '/links-broken',
    '/links-moved',
    '/canon-to-unlinked',
  ]),
  '/clean': page('A clean page', 1, ['/'], '<link rel="canonical" href="{{origin}}/clean">'),
  '/orphan': page('Nobody links here', 2),
  '/dup-a': { body: htmlPage({ title: 'Same title', text: proseOf(3), links: ['/'] }) },
  '/dup-b': { body: htmlPage({ title: 'Same title', text: proseOf(3), links: ['/'] }) },
  '/noindexed': page('Not for search', 4, ['/'], '<meta name="robots" content="noindex">'),
  '/links-broken': page('Links to a missing page', 5, ['/', '/gone']),
  '/links-moved': page('Links to a moved page', 6, ['/', '/moved']),
  '/moved': { status: 301, headers: { location: '/clean' } },
  '/canon-to-404': page(
    'Canonical to a missing page',
    7,
    ['/'],
    '<link rel="canonical" href="{{origin}}/gone">',
  ),
  // Its canonical names a missing page no link leads to: the crawl fetches it to judge it.
  '/canon-to-unlinked': page(
    'Canonical to a page nothing links to',
    14,
    ['/'],
    '<link rel="canonical" href="{{origin}}/never-linked">',
  ),
  '/canon-to-noindex': page(
    'Canonical to a noindex page',
    8,
    ['/'],
    '<link rel="canonical" href="{{origin}}/noindexed">',
  ),
  '/hreflang-en': page(
    'English without a return',
    9,
    ['/', '/hreflang-de'],
    hreflang({ en: '/hreflang-en', de: '/hreflang-de' }),
  ),
  '/hreflang-de': page('Deutsch ohne Rückverweis', 10, ['/'], hreflang({ de: '/hreflang-de' })),
  '/pair-en': page(
    'English with a return',
    11,
    ['/', '/pair-de'],
    hreflang({ en: '/pair-en', de: '/pair-de' }),
  ),
  '/pair-de': page('Deutsch mit Rückverweis', 12, ['/'], hreflang({ en: '/pair-en', de: '/pair-de' })),
  '/blocked': page('Blocked by robots', 13),
};
for (let depth = 1; depth <= 7; depth++)
  DEFECTS[`/deep/${depth}`] = page(`Level ${depth} of a long chain`, 20 + depth, [`/deep/${depth + 1}`]);

/** hreflang links to each language's page; x-default is the first. */
function hreflang(pages: Record<string, string>): string {
  const entries = Object.entries(pages);
  return [...entries, ['x-default', entries[0]![1]]]
    .map(([lang, path]) => `<link rel="alternate" hreflang="${lang}" href="{{origin}}${path}">`)
    .join('');
}

/** A page whose server sends an empty shell; its script writes the content and the links. */
const spaPage = (title: string, i: number, links: string[]): CrawlSitePage => ({
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><div id="app"></div><script>
document.getElementById('app').innerHTML = ${JSON.stringify(
    `<main><h1>${title}</h1><p>${proseOf(i)} ${proseOf(i + 100)}</p>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</main>`,
  )};
</script></body></html>`,
});
const SPA: Record<string, CrawlSitePage> = {
  '/robots.txt': {
    headers: { 'content-type': 'text/plain' },
    body: 'User-agent: *\nSitemap: {{origin}}/sitemap.xml\n',
  },
  '/sitemap.xml': sitemapPage(['/']),
  '/': spaPage('A script-built shop', 40, ['/catalogue']),
  '/catalogue': spaPage('The catalogue, built by scripts', 41, ['/']),
};

/** A documentation site's downloads beside its pages: compressed notes, a PDF, and a title with a NUL. */
const NOTES = gzipSync('Release notes\0in the binary text of an archive\n'.repeat(100));
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x41)]);
const FILES: Record<string, CrawlSitePage> = {
  '/robots.txt': {
    headers: { 'content-type': 'text/plain' },
    body: 'User-agent: *\nSitemap: {{origin}}/sitemap.xml\n',
  },
  '/sitemap.xml': sitemapPage(['/', '/manual.pdf']),
  '/': page('The manual and its downloads', 50, [
    '/notes.txt.gz',
    '/manual.pdf',
    '/odd',
    // Links to other sites: one fine, one gone, one whose name does not resolve.
    'http://crawl.example.com/p/1',
    'http://bare.example.com/missing',
    'http://docs.nowhere.invalid/api',
  ]),
  '/notes.txt.gz': { body: NOTES, headers: { 'content-type': 'text/html' } },
  '/manual.pdf': { body: PDF, headers: { 'content-type': 'application/pdf' } },
  '/odd': page('A title\0with a NUL byte in it', 51, ['/', 'http://bare.example.com/missing']),
};

/** A site whose pages share a term the dictionary does not know, and one page with a real slip. */
const wordsPage = (title: string, text: string, links: string[]): CrawlSitePage => ({
  body: htmlPage({ title, description: `${title}, explained in a few words of its own.`, text, links }),
});
const WORDS: Record<string, CrawlSitePage> = {
  '/robots.txt': {
    headers: { 'content-type': 'text/plain' },
    body: 'User-agent: *\nSitemap: {{origin}}/sitemap.xml\n',
  },
  '/sitemap.xml': sitemapPage(['/']),
  '/': wordsPage('Indexes', 'Each btree index keeps its btree pages in order.', ['/a', '/b', '/c']),
  '/a': wordsPage('Index pages', 'A btree page holds keys and pointers to other pages.', ['/']),
  '/b': wordsPage('Index splits', 'When a btree page is full, it splits in two halves.', ['/']),
  '/c': wordsPage('Index reads', 'Readers recieve the keys of a page in order.', ['/']),
};

/**
 * A site written in British spelling whose pages declare no region (lang="en"): most pages have
 * British words enough to be read so; one, in Oxford spelling (-our and -ize), has as many of each.
 */
const BRITISH: Record<string, CrawlSitePage> = {
  ...WORDS,
  '/': wordsPage(
    'Colours',
    'The behaviour of each colour is set by the organisation that specialised in it.',
    ['/a', '/b', '/c'],
  ),
  '/a': wordsPage('Behaviour', 'Every organisation chooses a colour whose behaviour suits its signs.', ['/']),
  '/b': wordsPage('Organisation', 'Our organisation specialised in the colour of harbour signs.', ['/']),
  '/c': wordsPage('Shades', 'We recognize the favourite shade of our readers.', ['/']),
};

let served: Awaited<ReturnType<typeof serveSites>>;
beforeAll(async () => {
  served = await serveSites({
    crawl: generatedSite(50),
    defects: DEFECTS,
    bare: generatedSite(5, { sitemap: false }),
    spa: SPA,
    files: FILES,
    words: WORDS,
    british: BRITISH,
  });
  sites = served.sites;
  t = await createTestApp();
});
afterAll(async () => {
  await closeWorkerBrowser();
  await t.close();
  await served.close();
});

const withUrls = (dp_max_urls = 500) =>
  teamAccount(t, { max_tracked_websites: 5, max_monitored_regions: 1, dp_max_urls });

async function allUrls(account: Account, websiteId: string) {
  const urls: Record<string, unknown>[] = [];
  let key: string | null = null;
  do {
    const res = await api(
      account,
      'GET',
      `/serviceable-url?w_guid=${websiteId}${key ? `&last_evaluated_key=${key}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    urls.push(...res.json().data);
    key = res.json().meta.last_evaluated_key;
  } while (key);
  return urls as {
    guid: string;
    url: string;
    status_code: number | null;
    on_page_seo: {
      score: number | null;
      passed: number;
      warning: number;
      failed: number;
      c_at: string;
    } | null;
    depth: number | null;
    blocked_by_robots: boolean;
    redirect_to: string | null;
    in_sitemap: boolean;
    browser: boolean;
  }[];
}

/** One stored check result of a URL of the website. */
async function resultOf(websiteId: string, path: string, key: string, origin: string) {
  const [row] = await t.database.query<{ status: string; message: string; data: Record<string, unknown> }>(
    `select r.status, r.message, r.data from url_check_results r join serviceable_urls u on u.id = r.url_id
      where u.website_id = $1 and u.url = $2 and r.check_key = $3`,
    [websiteId, origin + path, key],
  );
  return row;
}

describe('a ~50-page site imported through the API', () => {
  it('is imported with progress, crawled politely, and ends with every URL analysed and every page scored', async () => {
    const account = await withUrls();
    const w = await website(account, 'crawl');
    const started = await api(account, 'POST', '/import-sitemap', { w_guid: w });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({
      status: 'importing_sitemaps',
      active: [{ process_type: 'import_sitemaps' }],
    });
    const status = await api(account, 'GET', `/website-index/setup-status/${w}`);
    expect(status.json().status).toBe('importing_sitemaps');

    await runProcesses(w);

    const after = await api(account, 'GET', `/import-sitemap?w_guid=${w}`);
    expect(after.json()).toMatchObject({ status: 'completed', active: [] });
    expect((await api(account, 'GET', `/on-page-seo/active?w_guid=${w}`)).json()).toEqual([]);
    const urls = await allUrls(account, w);
    const origin = sites.crawl!.origin;
    const paths = urls.map((url) => url.url.slice(origin.length)).sort();
    // The sitemap's 51, and what links found: moved and missing pages, and one robots.txt forbids.
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/p/0', '/p/49', '/old/15', '/gone/10', '/private/admin']),
    );
    for (const url of urls) {
      expect(url.on_page_seo, url.url).not.toBeNull();
      if (url.status_code === 200 || url.status_code === 404)
        expect(url.on_page_seo!.score, url.url).toBeGreaterThan(0);
    }
    const at = (path: string) => urls.find((url) => url.url === origin + path)!;
    expect(at('/').depth).toBe(0);
    expect(at('/p/3').depth).toBe(2);
    expect(at('/gone/10').status_code).toBe(404);
    expect(at('/old/15')).toMatchObject({ status_code: 301, redirect_to: `${origin}/p/15` });
    expect(at('/private/admin')).toMatchObject({ blocked_by_robots: true, status_code: null });
    expect(sites.crawl!.requests('/private/admin')).toBe(0);
    expect(sites.crawl!.maxInFlight()).toBeLessThanOrEqual(5);
    // Each page was fetched once (the homepage once more by the host-consolidation probe), and once
    // more only when its first byte came slowly and it was timed again (a busy machine).
    expect(sites.crawl!.requests('/p/17')).toBeGreaterThanOrEqual(1);
    expect(sites.crawl!.requests('/p/17')).toBeLessThanOrEqual(2);

    const listed = (await api(account, 'GET', '/website-index')).json() as {
      guid: string;
      discovered_urls: number;
    }[];
    expect(listed.find((site) => site.guid === w)!.discovered_urls).toBe(urls.length);
    const count = await api(account, 'GET', `/serviceable-url/${w}/count`);
    expect(count.json()).toMatchObject({
      count: urls.length,
      analyzed: urls.length,
      dp_max_urls: 500,
      rendering: { sampled: 0, rendered_by_javascript: false, message: null },
    });

    // "Which URLs fail check K" is one indexed query; the duplicate title of every 25th page is found.
    const duplicates = await t.database.query<{ url: string }>(
      `select u.url from url_check_results r join serviceable_urls u on u.id = r.url_id
        where r.website_id = $1 and r.check_key = 'duplicate-meta' and r.status = 'warning' order by u.url`,
      [w],
    );
    expect(duplicates.map((row) => row.url.slice(origin.length))).toEqual([
      '/p/23',
      '/p/24',
      '/p/48',
      '/p/49',
    ]);
    // The origin's checks are judged once for the origin, not once per URL.
    const origins = await t.database.query<{ check_key: string }>(
      'select check_key from site_check_results where website_id = $1',
      [w],
    );
    expect(origins.map((row) => row.check_key)).toContain('robots-txt');
    const [perUrl] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from url_check_results where website_id = $1 and check_key = 'robots-txt'`,
      [w],
    );
    expect(perUrl!.n).toBe(0);
  });

  it('waits for the user’s URLs when the site has no sitemap, and analyses the URLs typed in', async () => {
    const account = await withUrls();
    const w = await website(account, 'bare');
    await api(account, 'POST', '/import-sitemap', { w_guid: w });
    await runProcesses(w);
    expect((await api(account, 'GET', `/import-sitemap?w_guid=${w}`)).json()).toMatchObject({
      status: 'waiting_for_user_input',
      discovered_urls: 0,
    });
    const added = await api(account, 'POST', `/serviceable-url/${w}`, {
      urls: ['http://bare.example.com/p/1', 'bare.example.com/p/2', 'http://www.bare.example.com/p/1#top'],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.map((url: { url: string }) => url.url)).toEqual([
      'http://bare.example.com/p/1',
      'https://bare.example.com/p/2',
      'http://www.bare.example.com/p/1',
    ]);
    const active = await api(
      account,
      'GET',
      `/on-page-seo/active?w_guid=${w}&process_type=on_page_seo_batch_url_analysis`,
    );
    expect(active.json()).toMatchObject([
      { process_type: 'on_page_seo_batch_url_analysis', subprocesses_count: 3 },
    ]);
    await runProcesses(w);
    expect((await api(account, 'GET', `/import-sitemap?w_guid=${w}`)).json().status).toBe('completed');
    const urls = await allUrls(account, w);
    expect(urls.every((url) => url.on_page_seo !== null)).toBe(true);
  });
});

describe('a site that links files', () => {
  it('records each file with its status, type and size, judges only the pages, and keeps no NUL', async () => {
    const account = await withUrls();
    const w = await website(account, 'files');
    await api(account, 'POST', '/import-sitemap', { w_guid: w });
    await runProcesses(w);
    expect((await api(account, 'GET', `/import-sitemap?w_guid=${w}`)).json().status).toBe('completed');
    const urls = (await allUrls(account, w)) as unknown as ServiceableUrl[];
    const at = (path: string) => urls.find((url) => url.url === `http://files.example.com${path}`)!;
    expect(at('/notes.txt.gz')).toMatchObject({
      status_code: 200,
      on_page_seo: null,
      file: { content_type: 'application/gzip', bytes: NOTES.length },
    });
    expect(at('/manual.pdf')).toMatchObject({
      status_code: 200,
      in_sitemap: true,
      on_page_seo: null,
      file: { content_type: 'application/pdf', bytes: PDF.length },
    });
    const [count] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from url_check_results r join serviceable_urls u on u.id = r.url_id
        where u.website_id = $1 and u.file_type is not null`,
      [w],
    );
    expect(count!.n).toBe(0);
    // The pages are judged; a NUL read from a page is dropped, not written.
    expect(at('/odd')).toMatchObject({ file: null, on_page_seo: { score: expect.any(Number) } });
    const [odd] = await t.database.query<{ title: string }>(
      'select title from serviceable_urls where website_id = $1 and url = $2',
      [w, 'http://files.example.com/odd'],
    );
    expect(odd!.title).toBe('A titlewith a NUL byte in it');
    // Links to other sites are verified once the pages are done, each once, and judged on every page.
    const links = await resultOf(w, '/', 'broken-links', 'http://files.example.com');
    // A broken link to another site warns (a broken internal one fails).
    expect(links).toMatchObject({
      status: 'warning',
      data: {
        broken_links: [{ url: 'http://bare.example.com/missing', status: 404 }],
        unverified_links: [
          { url: 'http://docs.nowhere.invalid/api', reason: 'the host name could not be resolved' },
        ],
      },
    });
    expect((await resultOf(w, '/odd', 'broken-links', 'http://files.example.com'))?.status).toBe('warning');
    expect(sites.bare!.requests('/missing')).toBe(2); // HEAD, then GET: one link, asked once for both pages
    const answers = await t.database.query<{ url: string; status: number | null }>(
      'select url, status from external_link_answers where website_id = $1 order by url',
      [w],
    );
    expect(answers).toEqual([
      { url: 'http://bare.example.com/missing', status: 404 },
      { url: 'http://crawl.example.com/p/1', status: 200 },
      { url: 'http://docs.nowhere.invalid/api', status: null },
    ]);
    // A PDF the sitemap lists is no sitemap problem.
    const [sitemap] = await t.database.query<{ data: { problems?: unknown[] } }>(
      `select data from site_check_results where website_id = $1 and check_key = 'sitemap'`,
      [w],
    );
    expect(JSON.stringify(sitemap?.data ?? {})).not.toContain('manual.pdf');
  }, 60_000);
});

describe('the spelling of a site', () => {
  it('takes a word the site uses on several pages for its own, and still finds a slip', async () => {
    const account = await withUrls();
    const w = await website(account, 'words');
    await api(account, 'POST', '/import-sitemap', { w_guid: w });
    await runProcesses(w);
    const origin = 'http://words.example.com';
    const spelling = async (path: string) =>
      (await resultOf(w, path, 'spell-check', origin))!.data.spelling_issues as {
        hard: { word: string }[];
        soft: { word: string }[];
      };
    for (const path of ['/', '/a', '/b']) {
      expect((await spelling(path)).hard, path).toEqual([]);
      expect(
        (await spelling(path)).soft.map(({ word }) => word),
        path,
      ).toContain('btree');
    }
    expect((await spelling('/c')).hard.map(({ word }) => word)).toEqual(['recieve']);
    expect((await resultOf(w, '/', 'spell-check', origin))!.status).toBe('warning');

    // "Ignore this word": the website keeps it, and the page that has it is judged again at once.
    const passedBefore = (await allUrls(account, w)).find((url) => url.url === `${origin}/c`)!.on_page_seo!
      .passed;
    const ignored = await api(account, 'POST', `/website-index/${w}/spelling-words`, { word: 'Recieve' });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json()).toEqual({ words: ['recieve'] });
    expect((await spelling('/c')).hard).toEqual([]);
    expect((await resultOf(w, '/c', 'spell-check', origin))!.status).toBe('passed');
    const passedAfter = (await allUrls(account, w)).find((url) => url.url === `${origin}/c`)!.on_page_seo!
      .passed;
    expect(passedAfter).toBe(passedBefore + 1);
    // A crawl-wide pass keeps it so.
    await api(account, 'POST', '/import-sitemap', { w_guid: w });
    await runProcesses(w);
    expect((await spelling('/c')).hard).toEqual([]);
    // Given back, it is a likely mistake again.
    const restored = await api(account, 'DELETE', `/website-index/${w}/spelling-words/recieve`);
    expect(restored.json()).toEqual({ words: [] });
    expect((await spelling('/c')).hard.map(({ word }) => word)).toEqual(['recieve']);
    // One word at a time, and no more than a website keeps.
    const two = await api(account, 'POST', `/website-index/${w}/spelling-words`, { word: 'two words' });
    expect(two.statusCode).toBe(400);
    expect(two.body).toContain('word');
    await t.database.query(
      `insert into website_spelling_words (website_id, word) select $1, 'w' || n from generate_series(1, ${MAX_SPELLING_WORDS}) n`,
      [w],
    );
    const full = await api(account, 'POST', `/website-index/${w}/spelling-words`, { word: 'recieve' });
    expect(full.statusCode).toBe(400);
    expect(full.json().fields).toEqual([
      { field: 'word', message: DEEP_ANALYSIS_MESSAGES.spellingWordsFull(MAX_SPELLING_WORDS) },
    ]);
  }, 60_000);

  it('reads a page with nothing to go by in the spelling most of the site is written in', async () => {
    const account = await withUrls();
    const w = await website(account, 'british');
    await api(account, 'POST', '/import-sitemap', { w_guid: w });
    await runProcesses(w);
    const origin = 'http://british.example.com';
    // On its own, the Oxford-spelling page was read in American: "favourite" a likely slip.
    const [own] = await t.database.query<{ data: { spelling_issues: Record<string, unknown> } }>(
      `select coalesce(r.base->'data', r.data) as data from url_check_results r join serviceable_urls u on u.id = r.url_id
        where u.website_id = $1 and u.url = $2 and r.check_key = 'spell-check'`,
      [w, `${origin}/c`],
    );
    expect(own!.data.spelling_issues).toMatchObject({
      hard: [{ word: 'favourite' }],
      variant: 'en-US',
      variant_source: 'default',
    });
    // The crawl reads it in the site's British spelling.
    const page = await resultOf(w, '/c', 'spell-check', origin);
    expect(page).toMatchObject({
      status: 'passed',
      data: { spelling_issues: { hard: [], soft: [], variant: 'en-GB', variant_source: 'site' } },
    });
    for (const path of ['/', '/a', '/b'])
      expect((await resultOf(w, path, 'spell-check', origin))!.data.spelling_issues, path).toMatchObject({
        hard: [],
        variant: 'en-GB',
        variant_source: 'words',
      });
  }, 60_000);
});

describe('a site rendered by JavaScript', () => {
  it('says so from the pages Chromium rendered, and follows the links only its scripts write', async () => {
    const account = await withUrls();
    const w = await website(account, 'spa', 3);
    await api(account, 'POST', '/import-sitemap', { w_guid: w });
    await runProcesses(w);
    const status = (await api(account, 'GET', `/import-sitemap?w_guid=${w}`)).json();
    expect(status.rendering).toEqual({
      sampled: 2,
      javascript_pages: 2,
      rendered_by_javascript: true,
      message: DEEP_ANALYSIS_MESSAGES.renderedByJavascript(2, 2),
    });
    const urls = await allUrls(account, w);
    expect(urls.map((url) => [url.url, url.browser]).sort()).toEqual([
      ['http://spa.example.com/', true],
      ['http://spa.example.com/catalogue', true],
    ]);
    const lcp = await resultOf(w, '/', 'web-vitals-lcp', 'http://spa.example.com');
    expect(lcp!.status).not.toBe('skipped');
  }, 60_000);
});

describe('the crawl-wide checks', () => {
  let account: Account;
  let w: string;
  const origin = 'http://defects.example.com';
  beforeAll(async () => {
    account = await withUrls();
    w = await website(account, 'defects');
    await api(account, 'POST', '/import-sitemap', { w_guid: w });
    await runProcesses(w);
  });

  it('find duplicate titles and content, and leave unique pages alone', async () => {
    expect(await resultOf(w, '/dup-a', 'duplicate-meta', origin)).toMatchObject({ status: 'warning' });
    expect(await resultOf(w, '/dup-b', 'duplicate-content', origin)).toMatchObject({
      status: 'failed',
      data: { duplicate_of: [`${origin}/dup-a`] },
    });
    expect(await resultOf(w, '/clean', 'duplicate-meta', origin)).toMatchObject({ status: 'passed' });
    expect(await resultOf(w, '/clean', 'duplicate-content', origin)).toMatchObject({ status: 'passed' });
  });

  it('find orphan pages and deep pages', async () => {
    expect(await resultOf(w, '/orphan', 'orphan-pages', origin)).toMatchObject({ status: 'warning' });
    expect(await resultOf(w, '/clean', 'orphan-pages', origin)).toMatchObject({ status: 'passed' });
    expect(await resultOf(w, '/deep/6', 'crawl-depth', origin)).toMatchObject({
      status: 'failed',
      data: { depth: 6 },
    });
    expect(await resultOf(w, '/deep/1', 'crawl-depth', origin)).toMatchObject({
      status: 'passed',
      data: { depth: 1 },
    });
  });

  it('find broken and redirected internal links', async () => {
    const broken = await resultOf(w, '/links-broken', 'broken-links', origin);
    expect(broken).toMatchObject({
      status: 'failed',
      data: { broken_links: [{ url: `${origin}/gone`, status: 404 }] },
    });
    const moved = await resultOf(w, '/links-moved', 'broken-links', origin);
    expect(moved).toMatchObject({ status: 'warning', data: { redirected_links: [`${origin}/moved`] } });
    expect((await resultOf(w, '/clean', 'broken-links', origin))!.status).toBe('passed');
  });

  it('fail canonicals to pages that are not indexable 200s', async () => {
    expect(await resultOf(w, '/canon-to-404', 'canonical-tag', origin)).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('answers 404'),
    });
    expect(await resultOf(w, '/canon-to-noindex', 'canonical-tag', origin)).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('noindex'),
    });
    expect((await resultOf(w, '/clean', 'canonical-tag', origin))!.status).toBe('passed');
    expect(await resultOf(w, '/canon-to-unlinked', 'canonical-tag', origin)).toMatchObject({
      status: 'failed',
      message: expect.stringContaining(`The canonical URL (${origin}/never-linked) answers 404`),
    });
  });

  it('fail hreflang alternates without a return link, not pairs that link back', async () => {
    expect(await resultOf(w, '/hreflang-en', 'hreflang', origin)).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('does not link back'),
    });
    const pair = await resultOf(w, '/pair-en', 'hreflang', origin);
    expect(pair!.message).not.toContain('does not link back');
  });

  it('flag sitemap entries that are noindex, blocked, redirected or missing', async () => {
    const [sitemap] = await t.database.query<{
      status: string;
      data: { sitemap_entry_problems: { url: string; problem: string }[] };
    }>(`select status, data from site_check_results where website_id = $1 and check_key = 'sitemap'`, [w]);
    expect(sitemap!.status).toBe('warning');
    expect(sitemap!.data.sitemap_entry_problems).toEqual(
      expect.arrayContaining([
        { url: `${origin}/noindexed`, problem: 'noindex' },
        { url: `${origin}/gone`, problem: 'not 200' },
        { url: `${origin}/moved`, problem: 'not 200' },
        { url: `${origin}/blocked`, problem: 'blocked by robots.txt' },
      ]),
    );
    expect(sitemap!.data.sitemap_entry_problems.map((entry) => entry.url)).not.toContain(`${origin}/clean`);
  });

  it('give the same results when the domain analysis runs them again', async () => {
    const before = await t.database.query(
      'select url_id, check_key, status, message from url_check_results where website_id = $1 order by 1, 2',
      [w],
    );
    const started = await api(account, 'POST', '/on-page-seo/domain', { w_guid: w });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ message: DEEP_ANALYSIS_MESSAGES.analysisStarted });
    await runProcesses(w);
    const after = await t.database.query(
      'select url_id, check_key, status, message from url_check_results where website_id = $1 order by 1, 2',
      [w],
    );
    expect(after).toEqual(before);
  });
});

describe('monitored URLs', () => {
  it('page by key, 25 at a time, each URL once, in the order they were added', async () => {
    const account = await withUrls();
    const w = await website(account, 'bare');
    const typed = Array.from({ length: 60 }, (_, i) => `http://bare.example.com/list/${i}`);
    expect((await api(account, 'POST', `/serviceable-url/${w}`, { urls: typed })).statusCode).toBe(201);
    const first = (await api(account, 'GET', `/serviceable-url?w_guid=${w}`)).json();
    expect(first.data).toHaveLength(25);
    const second = (
      await api(
        account,
        'GET',
        `/serviceable-url?w_guid=${w}&last_evaluated_key=${first.meta.last_evaluated_key}`,
      )
    ).json();
    const third = (
      await api(
        account,
        'GET',
        `/serviceable-url?w_guid=${w}&last_evaluated_key=${second.meta.last_evaluated_key}`,
      )
    ).json();
    expect(second.data).toHaveLength(25);
    expect(third.data).toHaveLength(10);
    expect(third.meta.last_evaluated_key).toBeNull();
    const seen = [...first.data, ...second.data, ...third.data].map((url: { url: string }) => url.url);
    expect(new Set(seen).size).toBe(60);
    expect([...seen].sort()).toEqual([...typed].sort());
    const bad = await api(account, 'GET', `/serviceable-url?w_guid=${w}&last_evaluated_key=nonsense`);
    expect(bad.statusCode).toBe(400);
    // The page is read from the keyset index, not by counting rows.
    const plan = await t.database.query<{ 'QUERY PLAN': string }>(
      'explain select id from serviceable_urls where website_id = $1 and seq > 10 order by seq limit 26',
      [w],
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
      /Index (Only )?Scan using serviceable_urls_page_idx/,
    );
  });

  it('refuse URLs of another domain, an empty list and more than the plan allows, adding none', async () => {
    const account = await withUrls(3);
    const w = await website(account, 'bare');
    const fromDomain = DEEP_ANALYSIS_MESSAGES.urlsFromDomain('bare.example.com');
    for (const urls of [
      ['http://elsewhere.com/x'],
      ['http://bare.example.com/a', 'http://evil.com/b'],
      [],
      ['  '],
    ]) {
      const res = await api(account, 'POST', `/serviceable-url/${w}`, { urls });
      expect(res.statusCode, JSON.stringify(urls)).toBe(400);
      expect(res.json()).toMatchObject({
        error: fromDomain,
        fields: [{ field: 'urls', message: fromDomain }],
      });
    }
    const over = await api(account, 'POST', `/serviceable-url/${w}`, {
      urls: [
        'http://bare.example.com/1',
        'http://bare.example.com/2',
        'http://bare.example.com/3',
        'http://bare.example.com/4',
      ],
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe(DEEP_ANALYSIS_MESSAGES.urlsLimitExceeded);
    expect((await api(account, 'GET', `/serviceable-url/${w}/count`)).json().count).toBe(0);
    const bodyless = await api(account, 'POST', `/serviceable-url/${w}`, {});
    expect(bodyless.statusCode).toBe(400);

    // A plan without Deep Analysis starts nothing.
    const without = await withUrls(0);
    const theirs = await website(without, 'bare');
    for (const [url, body] of [
      ['/import-sitemap', { w_guid: theirs }],
      ['/on-page-seo/batch', { w_guid: theirs }],
      [`/serviceable-url/${theirs}`, { urls: ['http://bare.example.com/1'] }],
    ] as const) {
      const res = await api(without, 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe(MESSAGES.featureNotInPlan);
    }
    expect(
      await t.database.query('select 1 from analysis_processes where website_id = $1', [theirs]),
    ).toEqual([]);
  });

  it('are deleted with their results, re-analysed on request, and another organization’s ids are 404', async () => {
    const account = await withUrls();
    const w = await website(account, 'bare');
    const added = await api(account, 'POST', `/serviceable-url/${w}`, {
      urls: ['http://bare.example.com/p/1', 'http://bare.example.com/p/2'],
    });
    await runProcesses(w);
    const [one, two] = added.json().data as { guid: string }[];
    const again = await api(account, 'POST', '/on-page-seo/url', { w_guid: w, url_guid: one!.guid });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({
      message: DEEP_ANALYSIS_MESSAGES.analysisStarted,
      description: DEEP_ANALYSIS_MESSAGES.checkLater,
    });
    expect((await api(account, 'GET', `/on-page-seo/active?w_guid=${w}`)).json()).toMatchObject([
      { process_type: 'on_page_seo_url_analysis', subprocesses_count: 1 },
    ]);
    await runProcesses(w);

    const stranger = await withUrls();
    const theirs = await website(stranger, 'bare');
    const calls: [string, string, object?][] = [
      ['GET', `/serviceable-url?w_guid=${w}`],
      ['GET', `/serviceable-url/${w}/count`],
      ['POST', `/serviceable-url/${w}`, { urls: ['http://bare.example.com/x'] }],
      ['DELETE', `/serviceable-url/${w}/${one!.guid}`],
      ['DELETE', `/serviceable-url/${theirs}/${one!.guid}`],
      ['GET', `/import-sitemap?w_guid=${w}`],
      ['POST', '/import-sitemap', { w_guid: w }],
      ['GET', `/on-page-seo/active?w_guid=${w}`],
      ['POST', '/on-page-seo/url', { w_guid: w, url_guid: one!.guid }],
      ['POST', '/on-page-seo/url', { w_guid: theirs, url_guid: one!.guid }],
      ['POST', '/on-page-seo/batch', { w_guid: w }],
      ['POST', '/on-page-seo/domain', { w_guid: w }],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(stranger, method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(stranger, 'GET', `/serviceable-url/${w}/count`)).json().error).toBe(
      WEBSITE_MESSAGES.notFound,
    );

    const removed = await api(account, 'DELETE', `/serviceable-url/${w}/${two!.guid}`);
    expect(removed.statusCode).toBe(204);
    const [left] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from url_check_results where url_id = $1',
      [two!.guid],
    );
    expect(left!.n).toBe(0);
    expect((await api(account, 'DELETE', `/serviceable-url/${w}/${two!.guid}`)).statusCode).toBe(404);
  });
});

describe('the plan’s dp_max_domains', () => {
  it('lets as many websites into Deep Analysis as the plan allows, one at a time when they start at once', async () => {
    const account = await teamAccount(t, {
      max_tracked_websites: 5,
      max_monitored_regions: 1,
      dp_max_urls: 500,
      dp_max_domains: 2,
    });
    const first = await website(account, 'crawl');
    expect((await api(account, 'POST', '/import-sitemap', { w_guid: first })).statusCode).toBe(202);

    // Two more start at once: one takes the last place.
    const [second, third] = [await website(account, 'bare'), await website(account, 'defects')];
    const answers = await Promise.all([
      api(account, 'POST', '/import-sitemap', { w_guid: second }),
      api(account, 'POST', `/serviceable-url/${third}`, { urls: ['http://defects.example.com/clean'] }),
    ]);
    const refused = answers.filter((res) => res.statusCode === 403);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json().error).toBe(DEEP_ANALYSIS_MESSAGES.domainLimit);
    expect(answers.filter((res) => res.statusCode === 201 || res.statusCode === 202)).toHaveLength(1);

    // Websites already in Deep Analysis go on as before; nothing was written for the refused one.
    expect((await api(account, 'POST', '/import-sitemap', { w_guid: first })).statusCode).toBe(202);
    const [{ n }] = (await t.database.query(
      `select count(distinct website_id)::int as n from analysis_processes
        where website_id = any($1::uuid[])`,
      [[first, second, third]],
    )) as [{ n: number }];
    expect(n).toBe(2);
  });
});
