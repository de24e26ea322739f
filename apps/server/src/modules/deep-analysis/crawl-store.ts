import { type CheckResult, type CrawledPage, type CrawlStore, checkMeta } from '@sitelens/engine';
import type { Database, QueryFn } from '../../db/client';
import { jsonParam } from '../../db/json-param';
import { lockWebsite } from '../websites/service';

/** A check result as a row of url_check_results / site_check_results. */
export function resultRow(result: CheckResult) {
  const judged = result.status !== 'skipped' && result.status !== 'error';
  return {
    key: result.key,
    status: judged ? result.status : 'skipped',
    relevance: checkMeta.get(result.key)?.relevance ?? 0,
    message: result.status === 'skipped' ? result.reason : result.message,
    data: judged ? result.data : {},
  };
}

const RESULT_COLUMNS = 'r(key text, status text, relevance int, message text, data jsonb)';

/** Pages saved per transaction, and how long a page waits for others to share it. */
const BATCH_PAGES = 16;
const BATCH_WAIT_MS = 40;

const counted = (results: readonly CheckResult[], ...statuses: CheckResult['status'][]) =>
  results.filter((result) => statuses.includes(result.status)).length;

export interface CrawlStoreOptions {
  websiteId: string;
  organizationId: string;
  processId: string;
  /** Follow internal links beyond the seeds (the website's crawl setting). */
  followLinks: boolean;
  /** The plan's dp_max_urls: no link adds a URL past it. */
  maxUrls: number;
}

/**
 * The crawl's state in the database (SECURITY.md G): a URL is `pending`, `taken` by a crawler, or
 * `done`. Saving a page moves it from taken to done in the transaction that writes its results,
 * so a page saved twice (a retried job) is written once, and a crawler killed mid-page leaves it
 * taken, to be handed out again when the process is resumed.
 */
export function createDatabaseCrawlStore(database: Database, options: CrawlStoreOptions): CrawlStore {
  const { websiteId, organizationId } = options;
  const origins = new Map<string, CheckResult[]>();
  const pending: { page: CrawledPage; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    async claim(limit) {
      await database.query('update analysis_processes set heartbeat_at = now() where id = $1', [
        options.processId,
      ]);
      const rows = await database.query<{ id: string; url: string; depth: number | null }>(
        `update serviceable_urls set crawl_state = 'taken', taken_at = now()
          where id in (select id from serviceable_urls
                        where website_id = $1 and crawl_state = 'pending'
                        order by depth asc nulls last, seq
                        limit $2 for update skip locked)
          returning id, url, depth`,
        [websiteId, limit],
      );
      return rows.sort((a, b) => (a.depth ?? Number.MAX_SAFE_INTEGER) - (b.depth ?? Number.MAX_SAFE_INTEGER));
    },

    async completeOrigin(origin, results) {
      origins.set(origin, results);
      await database.transaction(async (query) => {
        await query('delete from site_check_results where website_id = $1 and origin = $2', [
          websiteId,
          origin,
        ]);
        await query(
          `insert into site_check_results (website_id, origin, check_key, status, relevance, message, data)
           select $1, $2, r.key, r.status, r.relevance, r.message, r.data from jsonb_to_recordset($3::jsonb) as ${RESULT_COLUMNS}`,
          [websiteId, origin, jsonParam(results.map(resultRow))],
        );
      });
    },

    complete(page) {
      return new Promise<void>((resolve, reject) => {
        pending.push({ page, resolve, reject });
        if (pending.length >= BATCH_PAGES) void flush();
        else timer ??= setTimeout(() => void flush(), BATCH_WAIT_MS);
      });
    },
  };

  /** Saves the pages waiting, in one transaction: a few statements for many pages. */
  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending.splice(0);
    if (batch.length === 0) return;
    try {
      await database.transaction((query) =>
        save(
          query,
          batch.map((entry) => entry.page),
        ),
      );
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }

  async function save(query: QueryFn, pages: CrawledPage[]): Promise<void> {
    // Every writer of a website's URLs takes its lock first: pages saved at once never deadlock,
    // and new URLs are counted against dp_max_urls one batch at a time.
    await lockWebsite(query, websiteId);
    const rows = pages.map((page) => {
      const { facts } = page;
      const all = [...page.results, ...(origins.get(new URL(page.task.url).origin) ?? [])];
      return {
        id: page.task.id,
        status_code: page.status,
        final_url: page.finalUrl,
        redirects: page.redirects,
        redirect_to: page.redirectTo,
        error: page.error,
        blocked: page.blockedByRobots,
        score: page.score,
        // A file is given no check: it has no counts, as a URL not crawled has none.
        passed: page.file ? null : counted(all, 'passed'),
        warning: page.file ? null : counted(all, 'warning'),
        failed: page.file ? null : counted(all, 'failed'),
        // Stored as skipped either way (resultRow): not applicable, or not judged, and said why.
        not_applicable: page.file ? null : counted(all, 'skipped', 'error'),
        file_type: page.file?.type ?? null,
        file_bytes: page.file?.bytes ?? null,
        browser: page.browser,
        title: facts?.title ?? null,
        description: facts?.description ?? null,
        h1: facts?.h1 ?? null,
        canonical: facts?.canonical ?? null,
        noindex: facts?.noindex ?? null,
        hreflang: facts ? facts.hreflang : null,
        content_hash: facts?.contentHash ?? null,
        simhash: facts?.simhash ?? null,
        layout_hash: facts?.layoutHash ?? null,
        words: facts?.words ?? null,
      };
    });
    const moved = await query<{ id: string }>(
      `update serviceable_urls u set crawl_state = 'done', analysed_at = now(), status_code = p.status_code,
              final_url = p.final_url, redirects = p.redirects, redirect_to = p.redirect_to, error = p.error,
              blocked_by_robots = p.blocked, score = p.score, passed = p.passed, warning = p.warning,
              failed = p.failed, not_applicable = p.not_applicable, browser = p.browser, title = p.title, description = p.description, h1 = p.h1,
              canonical = p.canonical, noindex = p.noindex, hreflang = p.hreflang, content_hash = p.content_hash,
              simhash = p.simhash, layout_hash = p.layout_hash, words = p.words, file_type = p.file_type,
              file_bytes = p.file_bytes
         from jsonb_to_recordset($1::jsonb) as p(id uuid, status_code int, final_url text, redirects jsonb,
              redirect_to text, error text, blocked boolean, score int, passed int, warning int, failed int,
              not_applicable int, browser boolean, title text, description text, h1 text, canonical text, noindex boolean,
              hreflang jsonb, content_hash text, simhash text, layout_hash text, words int, file_type text,
              file_bytes bigint)
        where u.id = p.id and u.crawl_state = 'taken' returning u.id`,
      [jsonParam(rows)],
    );
    // A page saved already by an earlier attempt, or deleted meanwhile, is not written again.
    const saved = new Set(moved.map((row) => row.id));
    const fresh = pages.filter((page) => saved.has(page.task.id));
    if (fresh.length === 0) return;
    const ids = fresh.map((page) => page.task.id);
    await query('delete from url_check_results where url_id = any($1::uuid[])', [ids]);
    const results = fresh.flatMap((page) =>
      page.results.map((result) => ({ url_id: page.task.id, ...resultRow(result) })),
    );
    if (results.length > 0)
      await query(
        `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
         select r.url_id, $1, r.key, r.status, r.relevance, r.message, r.data
           from jsonb_to_recordset($2::jsonb) as r(url_id uuid, key text, status text, relevance int, message text, data jsonb)`,
        [websiteId, jsonParam(results)],
      );
    await saveLinks(query, fresh);
    for (const page of fresh)
      if (page.screenshot)
        await query(
          `insert into url_screenshots (url_id, png) values ($1, $2)
           on conflict (url_id) do update set png = excluded.png, created_at = now()`,
          [page.task.id, page.screenshot],
        );
  }

  async function saveLinks(query: QueryFn, pages: CrawledPage[]): Promise<void> {
    await query('delete from url_links where from_id = any($1::uuid[])', [pages.map((page) => page.task.id)]);
    const links = pages.flatMap((page) =>
      page.links
        .filter((link) => link.url !== page.task.url)
        .map((link) => ({ from_id: page.task.id, ...link })),
    );
    if (links.length > 0)
      await query(
        `insert into url_links (from_id, website_id, to_url, anchor, nofollow)
         select l.from_id, $1, l.url, l.anchor, l.nofollow
           from jsonb_to_recordset($2::jsonb) as l(from_id uuid, url text, anchor text, nofollow boolean)
         on conflict do nothing`,
        [websiteId, jsonParam(links)],
      );
    // Links to other sites, verified once the pages are crawled (external-links.ts).
    await query('delete from url_external_links where from_id = any($1::uuid[])', [
      pages.map((page) => page.task.id),
    ]);
    const external = pages.flatMap((page) =>
      page.externalLinks.map((link) => ({ from_id: page.task.id, url: link.url, anchor: link.anchor })),
    );
    if (external.length > 0)
      await query(
        `insert into url_external_links (from_id, website_id, to_url, anchor)
         select l.from_id, $1, l.url, l.anchor from jsonb_to_recordset($2::jsonb) as l(from_id uuid, url text, anchor text)
         on conflict do nothing`,
        [websiteId, jsonParam(external)],
      );
    // What the crawl goes on to: followed links (a redirect's target whatever the setting: it is the
    // page itself), each at the shallowest depth it was found at; then, when links are followed,
    // the canonical and hreflang targets no link led to, at no click depth.
    const found = new Map<string, number | null>();
    for (const page of pages) {
      const depth = page.task.depth === null ? null : page.task.depth + 1;
      const follow = options.followLinks && !page.facts?.nofollow;
      const targets = page.links
        .filter((link) => follow && !link.nofollow && link.url !== page.task.url)
        .map((link) => link.url);
      if (page.redirectTo) targets.push(page.redirectTo);
      for (const url of targets) {
        const known = found.get(url);
        if (known === undefined || (depth !== null && (known === null || depth < known)))
          found.set(url, depth);
      }
    }
    if (options.followLinks)
      for (const url of pages.flatMap((page) => page.pointed)) if (!found.has(url)) found.set(url, null);
    if (found.size === 0) return;
    const targets = [...found].map(([url, depth]) => ({ url, depth }));
    await query(
      `update serviceable_urls s set depth = t.depth
         from jsonb_to_recordset($2::jsonb) as t(url text, depth int)
        where s.website_id = $1 and md5(s.url) = md5(t.url) and s.url = t.url
          and t.depth is not null and (s.depth is null or s.depth > t.depth)`,
      [websiteId, jsonParam(targets)],
    );
    // A URL found is one more the crawl will analyse: its process counts it at once, so progress
    // reads "analysed of known" while the crawl goes on, not of the URLs it started with.
    await query(
      `with added as (
         insert into serviceable_urls (organization_id, website_id, url, source, depth)
         select $1, $2, t.url, 'link', t.depth
           from (select t.url, t.depth from jsonb_to_recordset($3::jsonb) as t(url text, depth int)
                  where not exists (select 1 from serviceable_urls s
                                   where s.website_id = $2 and md5(s.url) = md5(t.url) and s.url = t.url)
                  order by t.depth nulls last) t
          limit greatest(0, $4 - (select count(*) from serviceable_urls where website_id = $2))
         on conflict (website_id, md5(url)) do nothing returning 1)
       update analysis_processes set subprocesses_count = subprocesses_count + (select count(*) from added)
        where id = $5`,
      [organizationId, websiteId, jsonParam(targets), options.maxUrls, options.processId],
    );
  }
}
