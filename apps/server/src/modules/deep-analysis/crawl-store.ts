import { type CheckResult, type CrawledPage, type CrawlStore, checkMeta } from '@sitelens/engine';
import type { Database, QueryFn } from '../../db/client';

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

/** Replaces a URL's stored results with these, in one statement. */
export async function writeUrlResults(
  query: QueryFn,
  urlId: string,
  websiteId: string,
  results: readonly CheckResult[],
): Promise<void> {
  await query('delete from url_check_results where url_id = $1', [urlId]);
  if (results.length === 0) return;
  await query(
    `insert into url_check_results (url_id, website_id, check_key, status, relevance, message, data)
     select $1, $2, r.key, r.status, r.relevance, r.message, r.data from jsonb_to_recordset($3::jsonb) as ${RESULT_COLUMNS}`,
    [urlId, websiteId, JSON.stringify(results.map(resultRow))],
  );
}

const counted = (results: readonly CheckResult[], status: string) =>
  results.filter((result) => result.status === status).length;

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
          [websiteId, origin, JSON.stringify(results.map(resultRow))],
        );
      });
    },

    async complete(page) {
      const { task, facts } = page;
      const all = [...page.results, ...(origins.get(new URL(task.url).origin) ?? [])];
      await database.transaction(async (query) => {
        // Every writer of a website's URLs takes its lock first: pages saved at once never deadlock.
        await query('select 1 from websites where id = $1 for update', [websiteId]);
        const [moved] = await query<{ id: string }>(
          `update serviceable_urls set crawl_state = 'done', analysed_at = now(), status_code = $2,
                  final_url = $3, redirects = $4, redirect_to = $5, error = $6, blocked_by_robots = $7,
                  score = $8, passed = $9, warning = $10, failed = $11, browser = $12, title = $13,
                  description = $14, h1 = $15, canonical = $16, noindex = $17, hreflang = $18,
                  content_hash = $19, simhash = $20, words = $21
            where id = $1 and crawl_state = 'taken' returning id`,
          [
            task.id,
            page.status,
            page.finalUrl,
            JSON.stringify(page.redirects),
            page.redirectTo,
            page.error,
            page.blockedByRobots,
            page.score,
            counted(all, 'passed'),
            counted(all, 'warning'),
            counted(all, 'failed'),
            page.browser,
            facts?.title ?? null,
            facts?.description ?? null,
            facts?.h1 ?? null,
            facts?.canonical ?? null,
            facts?.noindex ?? null,
            facts ? JSON.stringify(facts.hreflang) : null,
            facts?.contentHash ?? null,
            facts?.simhash ?? null,
            facts?.words ?? null,
          ],
        );
        // Saved already by an earlier attempt, or deleted meanwhile: nothing more to write.
        if (!moved) return;
        await writeUrlResults(query, task.id, websiteId, page.results);
        await saveLinks(query, page);
      });
    },
  };

  async function saveLinks(query: QueryFn, page: CrawledPage): Promise<void> {
    const links = page.links.filter((link) => link.url !== page.task.url);
    await query('delete from url_links where from_id = $1', [page.task.id]);
    if (links.length > 0)
      await query(
        `insert into url_links (from_id, website_id, to_url, anchor, nofollow)
         select $1, $2, l.url, l.anchor, l.nofollow from jsonb_to_recordset($3::jsonb) as l(url text, anchor text, nofollow boolean)
         on conflict do nothing`,
        [page.task.id, websiteId, JSON.stringify(links)],
      );
    const depth = page.task.depth === null ? null : page.task.depth + 1;
    const follow = options.followLinks && !page.facts?.nofollow;
    const found = follow ? links.filter((link) => !link.nofollow).map((link) => link.url) : [];
    // A redirect's target is crawled under its own URL whatever the setting: it is the page itself.
    const targets = page.redirectTo ? [...found, page.redirectTo] : found;
    if (targets.length === 0) return;
    if (depth !== null)
      await query(
        `update serviceable_urls set depth = $3
          where website_id = $1 and url = any($2::text[]) and (depth is null or depth > $3)`,
        [websiteId, links.map((link) => link.url), depth],
      );
    // Counted under the website's lock (taken above), so pages never add past dp_max_urls.
    await query(
      `insert into serviceable_urls (organization_id, website_id, url, source, depth)
       select $1, $2, t.url, 'link', $3
         from (select distinct u.url from unnest($4::text[]) as u(url)
                where not exists (select 1 from serviceable_urls s where s.website_id = $2 and s.url = u.url)) t
        limit greatest(0, $5 - (select count(*) from serviceable_urls where website_id = $2))
       on conflict (website_id, url) do nothing`,
      [organizationId, websiteId, depth, targets, options.maxUrls],
    );
  }
}
