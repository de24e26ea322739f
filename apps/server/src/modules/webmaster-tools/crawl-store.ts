import type { CrawledPage, CrawlStore } from '@sitelens/engine';
import type { Database, QueryFn } from '../../db/client';
import { jsonParam } from '../../db/json-param';

/**
 * A webmaster tool's crawl state in the database, as Deep Analysis keeps its own: a URL is
 * `pending`, `taken` by a crawler, or `done`. A page is saved in the transaction that moves it from
 * taken to done, so a retried job writes it once; a killed crawler leaves it taken, to be handed
 * out again when the run resumes. New URLs stop at the run's page limit, and the run says so.
 */
export function createToolCrawlStore(
  database: Database,
  run: { id: string; pagesLimit: number },
): CrawlStore {
  return {
    async claim(limit) {
      await database.query('update tool_runs set heartbeat_at = now() where id = $1', [run.id]);
      const rows = await database.query<{ id: string; url: string; depth: number | null }>(
        `update tool_run_urls set crawl_state = 'taken'
          where id in (select id from tool_run_urls where run_id = $1 and crawl_state = 'pending'
                        order by depth asc nulls last, seq limit $2 for update skip locked)
          returning id, url, depth`,
        [run.id, limit],
      );
      return rows.sort((a, b) => (a.depth ?? Number.MAX_SAFE_INTEGER) - (b.depth ?? Number.MAX_SAFE_INTEGER));
    },
    complete: (page) => database.transaction((query) => save(query, page)),
  };

  async function save(query: QueryFn, page: CrawledPage): Promise<void> {
    // The run's row is the lock every writer of its URLs takes: new URLs are counted one page at a time.
    await query('select 1 from tool_runs where id = $1 for update', [run.id]);
    const { facts } = page;
    const [moved] = await query<{ id: string }>(
      `update tool_run_urls set crawl_state = 'done', status_code = $2, final_url = $3, redirects = $4,
              error = $5, blocked_by_robots = $6, noindex = $7, canonical = $8, lastmod = $9, images = $10,
              content_type = $11
        where id = $1 and crawl_state = 'taken' returning id`,
      [
        page.task.id,
        page.status,
        page.finalUrl,
        jsonParam(page.redirects),
        page.error,
        page.blockedByRobots,
        facts?.noindex ?? null,
        facts?.canonical ?? null,
        facts?.modified ?? null,
        facts ? jsonParam(facts.images) : null,
        page.file?.type ?? (facts ? 'text/html' : null),
      ],
    );
    // Saved already by an earlier attempt, or gone with its run: nothing more to write.
    if (!moved) return;
    const links = [
      ...page.links.map((link) => ({ ...link, internal: true })),
      ...page.externalLinks.map((link) => ({ ...link, internal: false })),
    ].filter((link) => link.url !== page.task.url);
    if (links.length > 0)
      await query(
        `insert into tool_run_links (from_id, run_id, to_url, anchor, internal)
         select $1, $2, l.url, l.anchor, l.internal
           from jsonb_to_recordset($3::jsonb) as l(url text, anchor text, internal boolean)
         on conflict do nothing`,
        [page.task.id, run.id, jsonParam(links)],
      );
    const depth = page.task.depth === null ? null : page.task.depth + 1;
    const follow = !facts?.nofollow;
    const targets = page.links.filter((link) => follow && !link.nofollow).map((link) => link.url);
    if (page.redirectTo) targets.push(page.redirectTo);
    if (targets.length === 0) return;
    // Most links of a page lead to pages the run knows already: only the new ones are counted and added.
    const fresh = await query<{ url: string }>(
      `select distinct u.url from unnest($2::text[]) as u(url)
        where not exists (select 1 from tool_run_urls s where s.run_id = $1 and md5(s.url) = md5(u.url) and s.url = u.url)
        order by u.url`,
      [run.id, targets],
    );
    if (fresh.length === 0) return;
    const [used] = await query<{ n: number }>(
      'select count(*)::int as n from tool_run_urls where run_id = $1',
      [run.id],
    );
    const added = fresh.slice(0, Math.max(0, run.pagesLimit - (used?.n ?? 0))).map((row) => row.url);
    if (added.length > 0)
      await query(
        `insert into tool_run_urls (run_id, url, depth) select $1, u.url, $3 from unnest($2::text[]) as u(url)
         on conflict (run_id, md5(url)) do nothing`,
        [run.id, added, depth],
      );
    if (added.length < fresh.length)
      await query('update tool_runs set capped = true where id = $1', [run.id]);
  }
}
