import {
  type CheckResult,
  type CrawlPage,
  crawlChecksOfErrorPage,
  judgeCrawl,
  judgeSitemapEntries,
  nearDuplicatePairs,
  SITE_WORD_PAGES,
  type SitemapEntryProblem,
  type SiteView,
  withSiteVocabulary,
} from '@sitelens/engine';
import type { Database } from '../../db/client';
import { resultRow } from './crawl-store';
import { externalLinksOf } from './external-links';

/** Defaults an operator may tune: ≤ 6 differing bits of 64 is about 90 % similar (duplicate-content). */
const NEAR_DUPLICATE_BITS = 6;
/** URLs judged and written per transaction, and simhashes read per query. */
const BATCH = 500;
const HASH_PAGE = 5000;
/** Sitemap entries named in the sitemap check's data; the message counts them all. */
const SITEMAP_PROBLEMS_SHOWN = 100;
/** Page checks the crawl adds its findings to. */
const EXTENDED = ['broken-links', 'canonical-tag', 'hreflang', 'spell-check'];
/** Peers shown per shared value: a template's title on 5,000 pages lists 100 of them. */
const MAX_PEERS_PER_GROUP = 100;

interface UrlRow {
  id: string;
  seq: number;
  url: string;
  status_code: number | null;
  noindex: boolean | null;
  canonical: string | null;
  title: string | null;
  description: string | null;
  h1: string | null;
  content_hash: string | null;
  simhash: string | null;
  depth: number | null;
  inlinks: number;
  in_sitemap: boolean;
  hreflang: { lang: string; href: string }[] | null;
  blocked_by_robots: boolean;
  redirect_to: string | null;
  error: string | null;
  /** Set when the URL is a file (a PDF, an archive), not a page: never judged, never a duplicate. */
  file_type: string | null;
}

const URL_COLUMNS = `id, seq, url, status_code, noindex, canonical, title, description, h1, content_hash, simhash,
  depth, inlinks, in_sitemap, hreflang, blocked_by_robots, redirect_to, error, file_type`;

/** `indexable` below, in SQL (never null, so that `not (INDEXABLE)` holds for what it excludes). */
const INDEXABLE = `coalesce(status_code, 0) = 200 and not coalesce(noindex, false) and not blocked_by_robots
  and file_type is null and (coalesce(canonical, '') = '' or canonical = url)`;

/** The values pages are duplicates by, each compared trimmed and in lower case. */
const SHARED = ['title', 'description', 'h1', 'content_hash'] as const;
type Shared = (typeof SHARED)[number];
const sharedKey = (column: Shared) => `lower(btrim(${column}, E' \\t\\n\\r\\f\\v'))`;

type BatchRow = UrlRow & Record<`${Shared}_key`, string | null>;

interface StoredResult {
  url_id: string;
  check_key: string;
  status: string;
  message: string;
  data: Record<string, unknown>;
  base: { status: string; message: string; data: Record<string, unknown> } | null;
}

const indexable = (row: UrlRow) =>
  row.status_code === 200 &&
  !row.noindex &&
  !row.blocked_by_robots &&
  row.file_type === null &&
  (!row.canonical || row.canonical === row.url);

const crawlPage = (row: UrlRow): CrawlPage => ({
  url: row.url,
  status: row.status_code,
  indexable: indexable(row),
  canonical: row.canonical,
  title: row.title,
  description: row.description,
  h1: row.h1,
  contentHash: row.content_hash,
  simhash: row.simhash,
  depth: row.depth,
  inlinks: row.inlinks,
  inSitemap: row.in_sitemap,
  hreflang: row.hreflang ?? [],
});

/** The stored form of a result back as the engine's, to judge it again or to render it. */
export const asResult = (
  key: string,
  stored: { status: string; message: string; data: Record<string, unknown> },
): CheckResult =>
  stored.status === 'skipped'
    ? { key, status: 'skipped', reason: stored.message }
    : { key, status: stored.status as 'passed', message: stored.message, data: stored.data };

/**
 * The crawl-wide pass, after every URL of a website is crawled: inlinks counted, the [C] checks
 * judged for every page, the crawl's findings added to the broken-links, canonical-tag, hreflang and
 * sitemap checks, and every URL's score and counts computed again from all its results. It walks
 * the URLs in batches and reads around each what it needs (peers, link and canonical targets), so
 * its memory does not grow with the site. It may run again at any time with the same outcome.
 */
export async function runSiteChecks(database: Database, websiteId: string): Promise<void> {
  await measureClickDepth(database, websiteId);
  await database.query(
    `update serviceable_urls u set inlinks = coalesce((
        select count(*) from url_links l
         where l.website_id = u.website_id and md5(l.to_url) = md5(u.url) and l.to_url = u.url and l.from_id <> u.id), 0)
      where u.website_id = $1`,
    [websiteId],
  );
  const peersOf = await peerFinder(database, websiteId);
  const words = await siteVocabulary(database, websiteId);
  for (let after = -1; ; ) {
    const batch = await database.query<BatchRow>(
      `select ${URL_COLUMNS}, ${SHARED.map((column) => `${sharedKey(column)} as ${column}_key`).join(', ')}
         from serviceable_urls where website_id = $1 and crawl_state = 'done' and seq > $2
        order by seq limit ${BATCH}`,
      [websiteId, after],
    );
    if (batch.length === 0) break;
    after = Number(batch.at(-1)!.seq);
    await judgeBatch(database, websiteId, batch, peersOf, words);
  }
  await judgeSitemap(database, websiteId);
  await rescore(database, websiteId);
}

/** Judges a batch of crawled URLs with what the crawl knows around them, and writes what changed. */
async function judgeBatch(
  database: Database,
  websiteId: string,
  batch: readonly BatchRow[],
  peersOf: PeerFinder,
  words: SiteWords,
): Promise<void> {
  const judged = batch.filter(
    (row) =>
      row.status_code !== null && row.status_code < 300 && !row.blocked_by_robots && row.file_type === null,
  );
  await markErrorPages(database, websiteId, batch);
  if (judged.length === 0) return;
  const peerIds = new Map(judged.map((row) => [row.id, indexable(row) ? peersOf(row) : []]));
  const around = await urlsAround(database, websiteId, batch, [...peerIds.values()].flat());
  const byId = new Map(around.map((row) => [row.id, row]));
  const byUrl = new Map(around.map((row) => [row.url, row]));
  const ids = judged.map((row) => row.id);
  const linkTargets = await problemLinks(database, websiteId, ids);
  const externalLinks = await externalLinksOf(database, websiteId, ids);
  const linkCounts = new Map(
    (
      await database.query<{ from_id: string; n: number }>(
        'select from_id, count(*)::int as n from url_links where from_id = any($1::uuid[]) group by from_id',
        [ids],
      )
    ).map((row) => [row.from_id, row.n]),
  );
  const stored = await database.query<StoredResult>(
    `select url_id, check_key, status, message, data, base from url_check_results
      where url_id = any($1::uuid[]) and check_key = any($2::text[])`,
    [ids, EXTENDED],
  );
  const writes: {
    url_id: string;
    key: string;
    status: string;
    relevance: number;
    message: string;
    data: unknown;
    base: unknown;
  }[] = [];
  for (const row of judged) {
    const own = stored.filter((result) => result.url_id === row.id);
    // Judge the page check's own result (its base), not one the crawl already added to.
    const pageResults = own.map((result) => asResult(result.check_key, result.base ?? result));
    const view: SiteView = {
      page: crawlPage(row),
      peers: peerIds.get(row.id)!.flatMap((id) => {
        const peer = byId.get(id);
        return peer ? [crawlPage(peer)] : [];
      }),
      linkTargets: linkTargets.get(row.id) ?? [],
      externalLinks: externalLinks.get(row.id) ?? [],
      siteWords: words.shared,
      ignoredWords: words.ignored,
      siteVariant: words.variant,
      internalLinks: linkCounts.get(row.id) ?? 0,
      canonicalTarget: pointed(
        row.canonical && row.canonical !== row.url ? byUrl.get(row.canonical) : undefined,
      ),
      hreflangTargets: (row.hreflang ?? []).flatMap(({ lang, href }) => {
        const target = href === row.url ? undefined : byUrl.get(href);
        const to = pointed(target);
        return to && target
          ? [{ ...to, lang, linksBack: (target.hreflang ?? []).some((alt) => alt.href === row.url) }]
          : [];
      }),
    };
    const results = judgeCrawl(view, pageResults);
    for (const result of results) {
      const previous = own.find((stored) => stored.check_key === result.key);
      writes.push({
        url_id: row.id,
        ...resultRow(result),
        base: previous ? (previous.base ?? pick(previous)) : null,
      });
    }
    // A page check the crawl no longer adds to goes back to its own result.
    for (const previous of own)
      if (previous.base && !results.some((result) => result.key === previous.check_key))
        writes.push({
          url_id: row.id,
          key: previous.check_key,
          ...previous.base,
          relevance: -1,
          base: null,
        });
  }
  await database.query(
    `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data, base)
     select r.url_id, $1, r.key, r.status, coalesce(nullif(r.relevance, -1), 0), r.message, r.data, r.base
       from jsonb_to_recordset($2::jsonb) as r(url_id uuid, key text, status text, relevance int, message text, data jsonb, base jsonb)
     on conflict (url_id, check_key) do update set status = excluded.status, message = excluded.message,
       data = excluded.data, base = excluded.base,
       relevance = case when excluded.relevance = 0 then url_check_results.relevance else excluded.relevance end`,
    [websiteId, JSON.stringify(writes)],
  );
}

/**
 * The words a stored spelling result `r` lists, likely mistakes and unknown words, as a jsonb array:
 * from the page check's own result (`base`) when the crawl changed it.
 */
const LISTED_WORDS = `coalesce(coalesce(r.base, to_jsonb(r))->'data'->'spelling_issues'->'hard', '[]')
  || coalesce(coalesce(r.base, to_jsonb(r))->'data'->'spelling_issues'->'soft', '[]')`;
/** What a stored spelling result `r` says of the page's variant, from its own result (`base`). */
const READ_AS = `coalesce(r.base, to_jsonb(r))->'data'->'spelling_issues'`;

interface SiteWords {
  /** Words the dictionary does not know that SITE_WORD_PAGES pages or more use. */
  shared: ReadonlySet<string>;
  /** Words the website keeps as its own ("ignore this word"). */
  ignored: ReadonlySet<string>;
  /** The variant more of its pages were read in by their lang region or words; absent on a tie. */
  variant?: SiteView['siteVariant'];
}

/**
 * The site's own words for the spelling check: those its pages share (from the likely mistakes
 * and unknown words of the pages' own spelling checks, a handful of rows), and those it keeps;
 * and the spelling most of its pages are written in. Pages that had nothing to go by, and results
 * stored before the variant was recorded, count for neither.
 */
export async function siteVocabulary(database: Database, websiteId: string): Promise<SiteWords> {
  const shared = await database.query<{ word: string }>(
    `select lower(w->>'word') as word
       from url_check_results r,
            jsonb_array_elements(${LISTED_WORDS}) w
      where r.website_id = $1 and r.check_key = 'spell-check'
      group by 1 having count(distinct r.url_id) >= $2`,
    [websiteId, SITE_WORD_PAGES],
  );
  const ignored = await database.query<{ word: string }>(
    'select word from website_spelling_words where website_id = $1',
    [websiteId],
  );
  const [decided] = await database.query<{ british: number; american: number }>(
    `select count(*) filter (where ${READ_AS}->>'variant' = 'en-GB')::int as british,
            count(*) filter (where ${READ_AS}->>'variant' = 'en-US')::int as american
       from url_check_results r
      where r.website_id = $1 and r.check_key = 'spell-check' and ${READ_AS}->>'variant_source' in ('lang', 'words')`,
    [websiteId],
  );
  const british = decided?.british ?? 0;
  const american = decided?.american ?? 0;
  return {
    shared: new Set(shared.map((row) => row.word)),
    ignored: new Set(ignored.map((row) => row.word)),
    variant: british > american ? 'en-GB' : american > british ? 'en-US' : undefined,
  };
}

/**
 * The spelling of the pages that list `word` judged again, after the website took it as its own
 * or gave it back: from each page's own result (its base), with the site's words as they are now;
 * then their scores. The rest of the crawl-wide pass is not run again.
 */
export async function judgeSpellingAgain(database: Database, websiteId: string, word: string): Promise<void> {
  const words = await siteVocabulary(database, websiteId);
  const rows = await database.query<StoredResult>(
    `select url_id, check_key, status, message, data, base from url_check_results r
      where website_id = $1 and check_key = 'spell-check'
        and exists (select 1 from jsonb_array_elements(${LISTED_WORDS}) w where lower(w->>'word') = $2)`,
    [websiteId, word.toLowerCase()],
  );
  if (rows.length === 0) return;
  const writes = rows.map((row) => {
    const own = asResult(row.check_key, row.base ?? row);
    const judged = withSiteVocabulary(own, words.shared, words.ignored, words.variant);
    const base = row.base ?? pick(row);
    return judged
      ? { url_id: row.url_id, ...resultRow(judged), base }
      : { url_id: row.url_id, ...resultRow(own), base: null };
  });
  await database.query(
    `update url_check_results r set status = w.status, message = w.message, data = w.data, base = w.base
       from jsonb_to_recordset($2::jsonb) as w(url_id uuid, status text, message text, data jsonb, base jsonb)
      where r.website_id = $1 and r.url_id = w.url_id and r.check_key = 'spell-check'`,
    [websiteId, JSON.stringify(writes)],
  );
  await rescore(database, websiteId);
}

/** The [C] checks of the batch's pages that answered 4xx or 5xx, written as not judged (and why). */
async function markErrorPages(database: Database, websiteId: string, batch: readonly BatchRow[]) {
  const rows = batch.flatMap((row) =>
    row.status_code !== null && row.status_code >= 400 && !row.blocked_by_robots
      ? crawlChecksOfErrorPage(row.status_code).map((result) => ({ url_id: row.id, ...resultRow(result) }))
      : [],
  );
  if (rows.length === 0) return;
  await database.query(
    `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
     select r.url_id, $1, r.key, r.status, r.relevance, r.message, r.data
       from jsonb_to_recordset($2::jsonb) as r(url_id uuid, key text, status text, relevance int, message text, data jsonb)
     on conflict (url_id, check_key) do update set status = excluded.status, message = excluded.message,
       data = excluded.data, base = null`,
    [websiteId, JSON.stringify(rows)],
  );
}

/** A batch's URLs and the crawled URLs it points to: its pages' peers, canonicals and hreflang alternates. */
async function urlsAround(
  database: Database,
  websiteId: string,
  batch: readonly UrlRow[],
  peerIds: readonly string[],
): Promise<UrlRow[]> {
  const inBatch = new Set(batch.flatMap((row) => [row.id, row.url]));
  const ids = [...new Set(peerIds)].filter((id) => !inBatch.has(id));
  const urls = [
    ...new Set(
      batch.flatMap((row) => [
        ...(row.canonical && row.canonical !== row.url ? [row.canonical] : []),
        ...(row.hreflang ?? []).map((alternate) => alternate.href),
      ]),
    ),
  ].filter((url) => !inBatch.has(url));
  if (ids.length === 0 && urls.length === 0) return [...batch];
  const more = await database.query<UrlRow>(
    `select ${URL_COLUMNS} from serviceable_urls
      where website_id = $1 and crawl_state = 'done'
        and (id = any($2::uuid[])
             or (md5(url) = any(array(select md5(x) from unnest($3::text[]) as x)) and url = any($3::text[])))`,
    [websiteId, ids, urls],
  );
  return [...batch, ...more];
}

type PeerFinder = (row: BatchRow) => string[];

/**
 * Which indexable pages share a page's title, description, H1 or main content (grouped by the
 * database, which answers only values found on two pages or more), or nearly its content
 * (simhashes, compared here). A group is one list of at most MAX_PEERS_PER_GROUP + 1 pages shared
 * by its members, so a value on thousands of pages costs one short list.
 */
async function peerFinder(database: Database, websiteId: string): Promise<PeerFinder> {
  const groups = new Map<string, string[]>();
  const keyed = SHARED.map(
    (column) =>
      `select id, seq, '${column}' as shared, ${sharedKey(column)} as key from serviceable_urls
        where website_id = $1 and crawl_state = 'done' and ${INDEXABLE}`,
  ).join(' union all ');
  const shared = await database.query<{ shared: Shared; key: string; ids: string[] }>(
    `select shared, key, (array_agg(id order by seq))[1:$2::int] as ids from (${keyed}) keyed
      where key <> '' group by shared, key having count(*) > 1`,
    [websiteId, MAX_PEERS_PER_GROUP + 1],
  );
  for (const row of shared) groups.set(`${row.shared}\n${row.key}`, row.ids);

  const near = new Map<string, string[]>();
  for (const [a, b] of nearDuplicatePairs(await simhashesOf(database, websiteId), NEAR_DUPLICATE_BITS)) {
    near.set(a, [...(near.get(a) ?? []), b]);
    near.set(b, [...(near.get(b) ?? []), a]);
  }
  return (row) => {
    const found = new Set<string>(near.get(row.id) ?? []);
    for (const column of SHARED) {
      const key = row[`${column}_key`];
      for (const other of (key && groups.get(`${column}\n${key}`)) || [])
        if (other !== row.id) found.add(other);
    }
    return [...found];
  };
}

/** The indexable pages' simhashes, read a page of rows at a time. */
async function simhashesOf(
  database: Database,
  websiteId: string,
): Promise<{ id: string; simhash: string }[]> {
  const hashed: { id: string; simhash: string }[] = [];
  for (let after = -1; ; ) {
    const rows = await database.query<{ id: string; seq: number; simhash: string }>(
      `select id, seq, simhash from serviceable_urls
        where website_id = $1 and crawl_state = 'done' and seq > $2 and simhash is not null and ${INDEXABLE}
        order by seq limit ${HASH_PAGE}`,
      [websiteId, after],
    );
    for (const row of rows) hashed.push({ id: row.id, simhash: row.simhash });
    if (rows.length < HASH_PAGE) return hashed;
    after = Number(rows.at(-1)!.seq);
  }
}

/** Deeper than this, a chain of links is a trap (a calendar, endless pagination), not a site. */
const MAX_DEPTH = 100;

/**
 * Click depth as the shortest path of followed links (and redirects) from the start URL (depth 0),
 * one breadth-first level per statement in the database. Pages crawled side by side cannot know
 * their depth while the crawl runs; the whole link graph can.
 */
async function measureClickDepth(database: Database, websiteId: string): Promise<void> {
  await database.query(
    'update serviceable_urls set depth = null where website_id = $1 and depth is distinct from 0',
    [websiteId],
  );
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const reached = await database.query(
      `with frontier as (select id, redirect_to from serviceable_urls where website_id = $1 and depth = $2),
            targets as (select l.to_url as url from url_links l join frontier f on f.id = l.from_id
                         where l.website_id = $1 and not l.nofollow
                        union select redirect_to from frontier where redirect_to is not null)
       update serviceable_urls t set depth = $2 + 1 from targets
        where t.website_id = $1 and md5(t.url) = md5(targets.url) and t.url = targets.url and t.depth is null
       returning t.id`,
      [websiteId, depth],
    );
    if (reached.length === 0) return;
  }
}

const pick = (stored: StoredResult) => ({
  status: stored.status,
  message: stored.message,
  data: stored.data,
});

const pointed = (row: UrlRow | undefined) =>
  row
    ? { url: row.url, status: row.status_code, indexable: indexable(row), redirectTo: row.redirect_to }
    : null;

/** The internal links of these pages whose targets redirect, are broken or did not answer. */
async function problemLinks(
  database: Database,
  websiteId: string,
  fromIds: readonly string[],
): Promise<Map<string, SiteView['linkTargets']>> {
  const rows = await database.query<{
    from_id: string;
    url: string;
    anchor: string;
    status_code: number | null;
    error: string | null;
    hops: number;
  }>(
    `select l.from_id, l.to_url as url, l.anchor, t.status_code, t.error,
            coalesce(jsonb_array_length(t.redirects), 0) as hops
       from url_links l
       join serviceable_urls t on t.website_id = l.website_id and md5(t.url) = md5(l.to_url) and t.url = l.to_url
      where l.from_id = any($2::uuid[]) and l.website_id = $1 and t.crawl_state = 'done' and not t.blocked_by_robots
        and (t.status_code >= 300 or t.error is not null)`,
    [websiteId, fromIds],
  );
  const byPage = new Map<string, SiteView['linkTargets']>();
  for (const row of rows) {
    const list = byPage.get(row.from_id) ?? [];
    list.push({
      url: row.url,
      anchor: row.anchor,
      status: row.status_code,
      error: row.error,
      hops: Number(row.hops),
    });
    byPage.set(row.from_id, list);
  }
  return byPage;
}

/** The sitemap check ([S]) with what the crawl found of the URLs the sitemaps list. */
async function judgeSitemap(database: Database, websiteId: string): Promise<void> {
  const problems = await database.query<SitemapEntryProblem & { total: number }>(
    `select url, count(*) over ()::int as total,
            case when blocked_by_robots then 'blocked by robots.txt'
                 when status_code is distinct from 200 then 'not 200'
                 when noindex then 'noindex'
                 else 'not canonical' end as problem
       from serviceable_urls
      where website_id = $1 and crawl_state = 'done' and in_sitemap and not (${INDEXABLE})
        -- A file a sitemap lists (a PDF) is indexed as a file when it answers 200.
        and not (file_type is not null and status_code = 200)
      order by seq limit ${SITEMAP_PROBLEMS_SHOWN}`,
    [websiteId],
  );
  const stored = await database.query<StoredResult & { origin: string }>(
    `select origin, check_key, status, message, data, base from site_check_results
      where website_id = $1 and check_key = 'sitemap'`,
    [websiteId],
  );
  for (const previous of stored) {
    const own = previous.base ?? pick(previous);
    const judged = judgeSitemapEntries(
      asResult('sitemap', own),
      problems.map(({ url, problem }) => ({ url, problem })),
      problems[0]?.total ?? 0,
    );
    const next = judged ? { ...resultRow(judged), base: own } : { ...own, base: null };
    await database.query(
      `update site_check_results set status = $3, message = $4, data = $5, base = $6
        where website_id = $1 and origin = $2 and check_key = 'sitemap'`,
      [
        websiteId,
        previous.origin,
        next.status,
        next.message,
        JSON.stringify(next.data),
        next.base ? JSON.stringify(next.base) : null,
      ],
    );
  }
}

/** A result judged passed, warning or failed (the rest are skipped: not applicable, or not judged). */
const JUDGED = `status in ('passed', 'warning', 'failed')`;

/**
 * Every URL's score and counts from all its results: its page and crawl checks and the checks of
 * its own origin (spec 9: passed 1, warning 0.5, failed 0, weighted by relevance, rounded), as its
 * report counts them. Not applicable counts the checks judged neither way, so the four counts add up
 * to every check the URL was given.
 */
async function rescore(database: Database, websiteId: string): Promise<void> {
  const weighted = `sum(relevance * case status when 'passed' then 1 when 'warning' then 0.5 else 0 end)
                    filter (where ${JUDGED})`;
  const counts = `coalesce(sum(relevance) filter (where ${JUDGED}), 0) as total, coalesce(${weighted}, 0) as earned,
              count(*) filter (where status = 'passed') as p, count(*) filter (where status = 'warning') as w,
              count(*) filter (where status = 'failed') as f, count(*) filter (where not ${JUDGED}) as n`;
  await database.query(
    `with origin as (
       select origin, ${counts} from site_check_results where website_id = $1 group by origin),
     page as (
       select url_id, ${counts} from url_check_results where website_id = $1 group by url_id),
     mine as (
       select u.id, page.total + coalesce(o.total, 0) as total, page.earned + coalesce(o.earned, 0) as earned,
              page.p + coalesce(o.p, 0) as p, page.w + coalesce(o.w, 0) as w, page.f + coalesce(o.f, 0) as f,
              page.n + coalesce(o.n, 0) as n
         from serviceable_urls u join page on page.url_id = u.id
         left join origin o on o.origin = substring(u.url from '^[a-z][a-z0-9+.-]*://[^/?#]+')
        where u.website_id = $1)
     update serviceable_urls u
        set score = case when mine.total = 0 then 0 else round(100.0 * mine.earned / mine.total) end,
            passed = mine.p, warning = mine.w, failed = mine.f, not_applicable = mine.n
       from mine
      where mine.id = u.id`,
    [websiteId],
  );
}
