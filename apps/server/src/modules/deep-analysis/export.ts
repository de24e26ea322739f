import { Readable } from 'node:stream';
import { AFFECTED_URLS_CSV_COLUMNS, MONITORED_URLS_CSV_COLUMNS } from '@sitelens/contracts';
import type { QueryFn } from '../../db/client';
import { type CsvExport, csvLine } from '../../http/csv';
import { checkOf } from './audit';
import { websiteOf } from './service';

/** Rows read per query: an export of any size holds one batch at a time. */
export const EXPORT_BATCH = 1000;

/**
 * Rows of a keyset query, a batch at a time: `read(after)` returns up to `batch` rows after the
 * key, in key order; the last row's key is the next `after`.
 */
async function* batches<T>(
  read: (after: string | null, batch: number) => Promise<T[]>,
  keyOf: (row: T) => string,
  batch: number,
): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after, batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

interface MonitoredRow {
  seq: string;
  url: string;
  page_group: string | null;
  status_code: number | null;
  score: number | null;
  passed: number | null;
  warning: number | null;
  failed: number | null;
  not_applicable: number | null;
  analysed_at: Date | null;
  depth: number | null;
  in_sitemap: boolean;
}

/** Every monitored URL of the website, in the order they were added (the list's keyset index). */
export async function* monitoredUrlsCsv(
  query: QueryFn,
  websiteId: string,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield csvLine(MONITORED_URLS_CSV_COLUMNS);
  const read = (after: string | null, limit: number) =>
    query<MonitoredRow>(
      `select u.seq::text as seq, u.url, c.title as page_group, u.status_code, u.score, u.passed, u.warning,
              u.failed, u.not_applicable, u.analysed_at, u.depth, u.in_sitemap
         from serviceable_urls u left join url_clusters c on c.id = u.cluster_id
        where u.website_id = $1 and ($2::bigint is null or u.seq > $2::bigint)
        order by u.seq limit $3`,
      [websiteId, after, limit],
    );
  for await (const rows of batches(read, (row) => row.seq, batch))
    yield rows
      .map((row) =>
        csvLine([
          row.url,
          row.page_group,
          row.status_code,
          row.score,
          row.passed,
          row.warning,
          row.failed,
          row.not_applicable,
          row.analysed_at ? new Date(row.analysed_at) : null,
          row.depth,
          row.in_sitemap,
        ]),
      )
      .join('');
}

interface AffectedRow {
  key: string;
  url: string;
  page_group: string | null;
  status_code: number | null;
  score: number | null;
  message: string;
}

/**
 * Every URL failing check `key`. A page or crawl check: its failed results by URL id (the
 * "which URLs fail check K" index). An origin check ([S]) counts in the score of every URL of its
 * origin: every URL of a failing origin, in the order URLs were added, with the origin's message.
 */
export async function* affectedUrlsCsv(
  query: QueryFn,
  websiteId: string,
  key: string,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield csvLine(AFFECTED_URLS_CSV_COLUMNS);
  const scope = checkOf(key).scope;
  const read =
    scope === 'origin'
      ? (after: string | null, limit: number) =>
          query<AffectedRow>(
            `select u.seq::text as key, u.url, c.title as page_group, u.status_code, u.score, s.message
               from serviceable_urls u
               join site_check_results s on s.website_id = u.website_id and s.check_key = $2
                and s.status = 'failed' and starts_with(u.url, s.origin || '/')
               left join url_clusters c on c.id = u.cluster_id
              where u.website_id = $1 and ($3::bigint is null or u.seq > $3::bigint)
              order by u.seq limit $4`,
            [websiteId, key, after, limit],
          )
      : (after: string | null, limit: number) =>
          query<AffectedRow>(
            `select r.url_id::text as key, u.url, c.title as page_group, u.status_code, u.score, r.message
               from url_check_results r join serviceable_urls u on u.id = r.url_id
               left join url_clusters c on c.id = u.cluster_id
              where r.website_id = $1 and r.check_key = $2 and r.status = 'failed'
                and ($3::uuid is null or r.url_id > $3::uuid)
              order by r.url_id limit $4`,
            [websiteId, key, after, limit],
          );
  for await (const rows of batches(read, (row) => row.key, batch))
    yield rows
      .map((row) => csvLine([row.url, row.page_group, row.status_code, row.score, row.message]))
      .join('');
}

/** A file name's part from a domain or a key: letters, digits, dots and dashes. */
const safe = (text: string) => text.replace(/[^a-zA-Z0-9.-]+/g, '-');

/** `GET /api/serviceable-url/{w_guid}/export.csv`: the website's monitored URLs. */
export async function exportMonitoredUrls(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
): Promise<CsvExport> {
  const website = await websiteOf(query, organizationId, websiteId);
  return {
    fileName: `${safe(website.domain)}-monitored-urls.csv`,
    body: Readable.from(monitoredUrlsCsv(query, websiteId), { objectMode: false }),
  };
}

/** `GET /api/on-page-seo/affected-urls/{w_guid}/{key}/export.csv`: the URLs failing a check. */
export async function exportAffectedUrls(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
  key: string,
): Promise<CsvExport> {
  const website = await websiteOf(query, organizationId, websiteId);
  checkOf(key);
  return {
    fileName: `${safe(website.domain)}-${safe(key)}-affected-urls.csv`,
    body: Readable.from(affectedUrlsCsv(query, websiteId, key), { objectMode: false }),
  };
}
