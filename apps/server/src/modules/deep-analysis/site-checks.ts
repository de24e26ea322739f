import {
  type CheckResult,
  type CrawlPage,
  judgeCrawl,
  judgeSitemapEntries,
  nearDuplicatePairs,
  type SitemapEntryProblem,
  type SiteView,
} from '@sitelens/engine';
import type { Database } from '../../db/client';
import { resultRow } from './crawl-store';

/** Defaults an operator may tune: ≤ 6 differing bits of 64 is about 90 % similar (duplicate-content). */
const NEAR_DUPLICATE_BITS = 6;
/** URLs judged and written per transaction. */
const BATCH = 500;
/** Page checks the crawl adds its findings to. */
const EXTENDED = ['broken-links', 'canonical-tag', 'hreflang'];

interface UrlRow {
  id: string;
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
}

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
 * sitemap checks, and every URL's score and counts computed again from all its results. It reads
 * and writes in batches and may run again at any time with the same outcome.
 */
export async function runSiteChecks(database: Database, websiteId: string): Promise<void> {
  await measureClickDepth(database, websiteId);
  await database.query(
    `update serviceable_urls u set inlinks = coalesce((
        select count(*) from url_links l where l.website_id = u.website_id and l.to_url = u.url and l.from_id <> u.id), 0)
      where u.website_id = $1`,
    [websiteId],
  );
  const rows = await database.query<UrlRow>(
    `select id, url, status_code, noindex, canonical, title, description, h1, content_hash, simhash, depth,
            inlinks, in_sitemap, hreflang, blocked_by_robots, redirect_to, error
       from serviceable_urls where website_id = $1 and crawl_state = 'done'`,
    [websiteId],
  );
  const byUrl = new Map(rows.map((row) => [row.url, row]));
  const pages = new Map(rows.map((row) => [row.id, crawlPage(row)]));
  const peers = peersOf(rows, pages);
  const linkTargets = await problemLinks(database, websiteId);
  const linkCounts = new Map(
    (
      await database.query<{ from_id: string; n: number }>(
        'select from_id, count(*)::int as n from url_links where website_id = $1 group by from_id',
        [websiteId],
      )
    ).map((row) => [row.from_id, row.n]),
  );

  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const ids = batch.map((row) => row.id);
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
    for (const row of batch) {
      if (row.status_code === null || row.status_code >= 300 || row.blocked_by_robots) continue;
      const own = stored.filter((result) => result.url_id === row.id);
      // Judge the page check's own result (its base), not one the crawl already added to.
      const pageResults = own.map((result) => asResult(result.check_key, result.base ?? result));
      const view: SiteView = {
        page: pages.get(row.id)!,
        peers: peers(row.id).map((id) => pages.get(id)!),
        linkTargets: linkTargets.get(row.id) ?? [],
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
      const judged = judgeCrawl(view, pageResults);
      for (const result of judged) {
        const previous = own.find((stored) => stored.check_key === result.key);
        writes.push({
          url_id: row.id,
          ...resultRow(result),
          base: previous ? (previous.base ?? pick(previous)) : null,
        });
      }
      // A page check the crawl no longer adds to goes back to its own result.
      for (const previous of own)
        if (previous.base && !judged.some((result) => result.key === previous.check_key))
          writes.push({
            url_id: row.id,
            key: previous.check_key,
            ...previous.base,
            relevance: -1,
            base: null,
          });
    }
    await database.transaction(async (query) => {
      await query(
        `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data, base)
         select r.url_id, $1, r.key, r.status, coalesce(nullif(r.relevance, -1), 0), r.message, r.data, r.base
           from jsonb_to_recordset($2::jsonb) as r(url_id uuid, key text, status text, relevance int, message text, data jsonb, base jsonb)
         on conflict (url_id, check_key) do update set status = excluded.status, message = excluded.message,
           data = excluded.data, base = excluded.base,
           relevance = case when excluded.relevance = 0 then url_check_results.relevance else excluded.relevance end`,
        [websiteId, JSON.stringify(writes)],
      );
    });
  }
  await judgeSitemap(database, websiteId, rows);
  await rescore(database, websiteId);
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
        where t.website_id = $1 and t.url = targets.url and t.depth is null
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

/** Peers shown per shared value: a template's title on 5,000 pages lists 100 of them. */
const MAX_PEERS_PER_GROUP = 100;

/**
 * Pages that share a page's title, description, H1 or main content, or nearly its content. Groups
 * are shared arrays, not pairs, so a value on thousands of pages costs one list.
 */
function peersOf(rows: readonly UrlRow[], pages: Map<string, CrawlPage>): (id: string) => string[] {
  const groupsOf = new Map<string, string[][]>();
  const near = new Map<string, string[]>();
  const candidates = rows.filter((row) => pages.get(row.id)!.indexable);
  for (const field of ['title', 'description', 'h1', 'content_hash'] as const) {
    const groups = new Map<string, string[]>();
    for (const row of candidates) {
      const value = row[field]?.trim().toLowerCase();
      if (!value) continue;
      const group = groups.get(value);
      if (group) group.push(row.id);
      else groups.set(value, [row.id]);
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      for (const id of group) groupsOf.set(id, [...(groupsOf.get(id) ?? []), group]);
    }
  }
  const hashed = candidates.flatMap((row) => (row.simhash ? [{ id: row.id, simhash: row.simhash }] : []));
  for (const [a, b] of nearDuplicatePairs(hashed, NEAR_DUPLICATE_BITS)) {
    near.set(a, [...(near.get(a) ?? []), b]);
    near.set(b, [...(near.get(b) ?? []), a]);
  }
  return (id) => {
    const found = new Set<string>(near.get(id) ?? []);
    for (const group of groupsOf.get(id) ?? [])
      for (const other of group.slice(0, MAX_PEERS_PER_GROUP + 1)) if (other !== id) found.add(other);
    return [...found];
  };
}

/** Each page's internal links whose targets redirect, are broken or did not answer. */
async function problemLinks(
  database: Database,
  websiteId: string,
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
       from url_links l join serviceable_urls t on t.website_id = l.website_id and t.url = l.to_url
      where l.website_id = $1 and t.crawl_state = 'done' and not t.blocked_by_robots
        and (t.status_code >= 300 or t.error is not null)`,
    [websiteId],
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
async function judgeSitemap(database: Database, websiteId: string, rows: readonly UrlRow[]): Promise<void> {
  const problems: SitemapEntryProblem[] = [];
  for (const row of rows) {
    if (!row.in_sitemap) continue;
    if (row.blocked_by_robots) problems.push({ url: row.url, problem: 'blocked by robots.txt' });
    else if (row.status_code !== 200) problems.push({ url: row.url, problem: 'not 200' });
    else if (row.noindex) problems.push({ url: row.url, problem: 'noindex' });
    else if (row.canonical && row.canonical !== row.url)
      problems.push({ url: row.url, problem: 'not canonical' });
  }
  const stored = await database.query<StoredResult & { origin: string }>(
    `select origin, check_key, status, message, data, base from site_check_results
      where website_id = $1 and check_key = 'sitemap'`,
    [websiteId],
  );
  for (const previous of stored) {
    const own = previous.base ?? pick(previous);
    const judged = judgeSitemapEntries(asResult('sitemap', own), problems);
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

/**
 * Every URL's score and counts from all its results: its page and crawl checks and its origin's
 * checks (spec 9: passed 1, warning 0.5, failed 0, weighted by relevance, rounded).
 */
async function rescore(database: Database, websiteId: string): Promise<void> {
  const weighted = `sum(relevance * case status when 'passed' then 1 when 'warning' then 0.5 else 0 end)`;
  const judged = `status in ('passed', 'warning', 'failed')`;
  await database.query(
    `with origin as (
       select coalesce(sum(relevance), 0) as total, coalesce(${weighted}, 0) as earned,
              count(*) filter (where status = 'passed') as p, count(*) filter (where status = 'warning') as w,
              count(*) filter (where status = 'failed') as f
         from site_check_results where website_id = $1 and ${judged}),
     page as (
       select url_id, sum(relevance) as total, ${weighted} as earned,
              count(*) filter (where status = 'passed') as p, count(*) filter (where status = 'warning') as w,
              count(*) filter (where status = 'failed') as f
         from url_check_results where website_id = $1 and ${judged} group by url_id)
     update serviceable_urls u
        set score = case when page.total + origin.total = 0 then 0
                         else round(100.0 * (page.earned + origin.earned) / (page.total + origin.total)) end,
            passed = page.p + origin.p, warning = page.w + origin.w, failed = page.f + origin.f
       from page, origin
      where page.url_id = u.id and u.website_id = $1`,
    [websiteId],
  );
}
