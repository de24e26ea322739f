import { randomBytes } from 'node:crypto';
import type { ExclusionReason } from '@sitelens/contracts';
import { excludedByPattern, type SitemapEntry, writeSitemap } from '@sitelens/engine';
import type { Database } from '../../db/client';
import type { RunRow } from './jobs';

/** URLs shown as the sitemap's preview. */
const PREVIEW = 20;

interface CrawledUrl {
  id: string;
  url: string;
  depth: number | null;
  status_code: number | null;
  redirects: unknown[] | null;
  error: string | null;
  blocked_by_robots: boolean;
  content_type: string | null;
  noindex: boolean | null;
  canonical: string | null;
  lastmod: string | null;
  images: string[] | null;
}

/**
 * Why a crawled URL stays out of the sitemap, or null when it belongs there: a sitemap lists the
 * pages a search engine should index, i.e. those that answer 200 with HTML, are not noindex, name
 * themselves as canonical (or name none), and robots.txt lets crawlers fetch.
 */
export function exclusionOf(row: CrawledUrl, exclude: readonly string[]): ExclusionReason | null {
  if (excludedByPattern(row.url, exclude)) return 'excluded_by_pattern';
  if (row.blocked_by_robots) return 'blocked_by_robots';
  if (row.status_code === null) return 'no_answer';
  if ((row.redirects?.length ?? 0) > 0) return 'redirect';
  if (row.status_code === 404 || row.status_code === 410) return 'not_found';
  if (row.status_code !== 200) return 'error_status';
  if (row.content_type !== 'text/html') return 'not_html';
  if (row.noindex) return 'noindex';
  if (row.canonical && row.canonical !== row.url) return 'canonical_elsewhere';
  return null;
}

/** Decides each crawled URL, writes the files, and keeps the counts and the preview on the run. */
export async function writeRunSitemap(database: Database, run: RunRow): Promise<void> {
  const options = run.options;
  const rows = await database.query<CrawledUrl>(
    `select id, url, depth, status_code, redirects, error, blocked_by_robots, content_type, noindex, canonical,
            lastmod, images
       from tool_run_urls where run_id = $1 and crawl_state = 'done' order by depth asc nulls last, seq`,
    [run.id],
  );
  const excluded: Partial<Record<ExclusionReason, number>> = {};
  const decided: { id: string; exclusion: ExclusionReason | null }[] = [];
  const entries: SitemapEntry[] = [];
  for (const row of rows) {
    const exclusion = exclusionOf(row, options.exclude);
    decided.push({ id: row.id, exclusion });
    if (exclusion) excluded[exclusion] = (excluded[exclusion] ?? 0) + 1;
    else
      entries.push({
        loc: row.url,
        lastmod: options.lastmod ? row.lastmod : null,
        images: options.images ? (row.images ?? []) : [],
        depth: row.depth,
      });
  }
  // The schema wants at least one URL: a site with no indexable page gets no file, and says why.
  const files =
    entries.length === 0
      ? []
      : writeSitemap(entries, {
          origin: new URL(run.start_url).origin,
          gzip: options.gzip,
          changefreq: options.changefreq,
          priority: options.priority,
        });
  const result = {
    included: entries.length,
    excluded,
    files: files.map((file) => ({
      name: file.name,
      entries: file.entries,
      bytes: file.bytes,
      index: file.index,
    })),
    preview: entries
      .slice(0, PREVIEW)
      .map((entry) => ({ loc: entry.loc, lastmod: entry.lastmod, images: entry.images.length })),
  };
  await database.transaction(async (query) => {
    await query(
      `update tool_run_urls u set exclusion = d.exclusion
         from jsonb_to_recordset($2::jsonb) as d(id uuid, exclusion text) where u.run_id = $1 and u.id = d.id`,
      [run.id, JSON.stringify(decided)],
    );
    await query('delete from sitemap_files where run_id = $1', [run.id]);
    for (const file of files)
      await query(
        'insert into sitemap_files (run_id, name, content, entries, is_index) values ($1, $2, $3, $4, $5)',
        [run.id, file.name, file.content, file.entries, file.index],
      );
    await query('update tool_runs set result = $2 where id = $1', [run.id, JSON.stringify(result)]);
    // A tracked website's sitemap gets its stable address with the first file written.
    if (run.website_id && files.length > 0)
      await query(
        'insert into sitemap_feeds (website_id, token) values ($1, $2) on conflict (website_id) do nothing',
        [run.website_id, randomBytes(24).toString('base64url')],
      );
  });
}
