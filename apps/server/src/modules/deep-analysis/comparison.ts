import {
  COMPARISON_URLS_SHOWN,
  type ComparisonCounts,
  type CrawlComparison,
  type CrawlComparisonSummary,
  type CrawlSnapshot,
} from '@sitelens/contracts';
import { allChecks, artifactsRead, checkMeta } from '@sitelens/engine';
import type { QueryFn } from '../../db/client';

/** Snapshots kept per website: the comparison reads two, the rest are a short history. */
export const SNAPSHOTS_KEPT = 5;

/**
 * Records what a finished crawl left: the website's URL count, how many are analysed, their
 * average score, and every issue (a URL failing or warning on a check; an origin for the [S]
 * checks) in one INSERT … SELECT. Run in the transaction that completes the process; a process
 * recorded already is not recorded twice (a retried job). Only the last SNAPSHOTS_KEPT stay.
 */
export async function recordSnapshot(query: QueryFn, websiteId: string, processId: string): Promise<void> {
  const [done] = await query('select 1 from crawl_snapshots where website_id = $1 and process_id = $2', [
    websiteId,
    processId,
  ]);
  if (done) return;
  const [snapshot] = await query<{ id: string }>(
    `insert into crawl_snapshots (website_id, process_id, urls, analysed, score, browser_urls)
     select $1, $2, count(*)::int, count(analysed_at)::int,
            round(avg(score) filter (where analysed_at is not null))::int,
            coalesce(array_agg(url order by url) filter (where browser), '{}')
       from serviceable_urls where website_id = $1
     returning id`,
    [websiteId, processId],
  );
  await query(
    `insert into crawl_issues (snapshot_id, check_key, url, status)
     select $1::uuid, r.check_key, u.url, r.status
       from url_check_results r join serviceable_urls u on u.id = r.url_id
      where r.website_id = $2 and r.status in ('failed', 'warning')
     union all
     select $1::uuid, s.check_key, s.origin, s.status
       from site_check_results s
      where s.website_id = $2 and s.status in ('failed', 'warning')
     on conflict do nothing`,
    [snapshot!.id, websiteId],
  );
  await query(
    `delete from crawl_snapshots where website_id = $1 and id not in (
       select id from crawl_snapshots where website_id = $1 order by created_at desc, id desc limit $2)`,
    [websiteId, SNAPSHOTS_KEPT],
  );
}

interface SnapshotRow {
  id: string;
  created_at: Date;
  urls: number;
  analysed: number;
  score: number | null;
}

const snapshotOf = (row: SnapshotRow): CrawlSnapshot => ({
  c_at: new Date(row.created_at).toISOString(),
  urls: row.urls,
  analysed: row.analysed,
  score: row.score,
});

/** The website's latest snapshot and the one before it. */
async function lastTwo(query: QueryFn, websiteId: string) {
  const [current, previous] = await query<SnapshotRow>(
    `select id, created_at, urls, analysed, score from crawl_snapshots
      where website_id = $1 order by created_at desc, id desc limit 2`,
    [websiteId],
  );
  return { current, previous };
}

/** The checks that read Chromium's pass: judged only on the crawl's browser sample. */
const BROWSER_CHECKS = allChecks
  .filter((check) => artifactsRead(check).includes('browser'))
  .map((check) => check.key);

/**
 * Every issue of the two snapshots ($2 latest, $3 the one before; $1 the website) with what became
 * of it, for the URLs and origins the website still has:
 * - `new`: in the latest, not in the one before, and judged there: a check that reads Chromium's
 *   pass ($4) was judged only on the URLs of that crawl's browser sample, so an issue it finds on a
 *   URL the crawl before did not sample is open, not new (the sample is no change of the site);
 * - `still_open`: in both (failing or warning; a move between the two is no change), or found
 *   where the crawl before did not judge the check;
 * - `fixed`: in the one before, not in the latest, and the check passes there now. A URL's results
 *   are replaced only when it is judged again (its crawl, or the crawl-wide pass of every crawl), so
 *   an issue gone from a URL still monitored was judged again. A check skipped now, or not run (the
 *   page stopped answering), says nothing of the defect: the issue counts as neither.
 * A URL deleted since (its results went with it) counts in none of them.
 */
const ISSUES = `
  with latest as (select check_key, url from crawl_issues where snapshot_id = $2),
  before as (select check_key, url from crawl_issues where snapshot_id = $3),
  sampled_before as (select unnest(browser_urls) as url from crawl_snapshots where id = $3),
  pairs as (
    select coalesce(l.check_key, b.check_key) as check_key, coalesce(l.url, b.url) as url,
           case when l.url is null then 'gone'
                when b.url is not null then 'still_open'
                when l.check_key = any($4::text[]) and l.url not in (select url from sampled_before)
                  then 'still_open'
                else 'new' end as change
      from latest l full join before b on b.check_key = l.check_key and b.url = l.url),
  judged as (
    select p.check_key, p.url, u.id as url_id,
           case when p.change <> 'gone' then p.change
                when coalesce(r.status, s.status) = 'passed' then 'fixed' end as change
      from pairs p
      left join serviceable_urls u on u.website_id = $1 and md5(u.url) = md5(p.url) and u.url = p.url
      left join url_check_results r on r.url_id = u.id and r.check_key = p.check_key
      left join site_check_results s on s.website_id = $1 and s.origin = p.url and s.check_key = p.check_key
     where u.id is not null or s.origin is not null),
  issues as (select * from judged where change is not null)`;

interface CheckCounts {
  check_key: string;
  new: number;
  fixed: number;
  still_open: number;
}

async function countsByCheck(
  query: QueryFn,
  websiteId: string,
  currentId: string,
  previousId: string | null,
): Promise<CheckCounts[]> {
  return query<CheckCounts>(
    `${ISSUES}
     select check_key, count(*) filter (where change = 'new')::int as new,
            count(*) filter (where change = 'fixed')::int as fixed,
            count(*) filter (where change = 'still_open')::int as still_open
       from issues group by check_key`,
    [websiteId, currentId, previousId, BROWSER_CHECKS],
  );
}

/** A lone crawl has nothing to compare with: what it found is open, nothing is new or fixed. */
const onlyOpen = (rows: CheckCounts[]) =>
  rows.map((row) => ({ ...row, new: 0, fixed: 0, still_open: row.new + row.still_open }));

const total = (rows: readonly ComparisonCounts[]): ComparisonCounts => ({
  new: rows.reduce((sum, row) => sum + row.new, 0),
  fixed: rows.reduce((sum, row) => sum + row.fixed, 0),
  still_open: rows.reduce((sum, row) => sum + row.still_open, 0),
});

const NOTHING = { new: 0, fixed: 0, still_open: 0 };

/** The two crawls and the totals of the comparison, for the audit overview. */
export async function comparisonSummary(query: QueryFn, websiteId: string): Promise<CrawlComparisonSummary> {
  const { current, previous } = await lastTwo(query, websiteId);
  if (!current) return { current: null, previous: null, summary: NOTHING };
  const rows = await countsByCheck(query, websiteId, current.id, previous?.id ?? null);
  return {
    current: snapshotOf(current),
    previous: previous ? snapshotOf(previous) : null,
    summary: total(previous ? rows : onlyOpen(rows)),
  };
}

/**
 * `GET /api/on-page-seo/crawl-comparison/{w_guid}` (the website checked by the caller): the
 * latest crawl against the one before it, per check and per URL.
 */
export async function crawlComparison(query: QueryFn, websiteId: string): Promise<CrawlComparison> {
  const { current, previous } = await lastTwo(query, websiteId);
  if (!current)
    return { current: null, previous: null, checks: [], summary: NOTHING, urls: [], urls_total: 0 };
  const counted = await countsByCheck(query, websiteId, current.id, previous?.id ?? null);
  const rows = previous ? counted : onlyOpen(counted);
  const checks = rows
    .filter((row) => row.new + row.fixed + row.still_open > 0)
    .sort(
      (a, b) =>
        b.new - a.new ||
        b.fixed - a.fixed ||
        b.still_open - a.still_open ||
        a.check_key.localeCompare(b.check_key),
    )
    .map((row) => ({
      test_key: row.check_key,
      title: checkMeta.get(row.check_key)?.title ?? row.check_key,
      new: row.new,
      fixed: row.fixed,
      still_open: row.still_open,
    }));
  const urls = previous
    ? await query<{ url: string; url_id: string | null; new: string[]; fixed: string[]; total: number }>(
        `${ISSUES}
         select url, url_id,
                coalesce(array_agg(check_key order by check_key) filter (where change = 'new'), '{}') as new,
                coalesce(array_agg(check_key order by check_key) filter (where change = 'fixed'), '{}') as fixed,
                (count(*) over ())::int as total
           from issues where change in ('new', 'fixed')
          group by url, url_id order by url limit $5`,
        [websiteId, current.id, previous.id, BROWSER_CHECKS, COMPARISON_URLS_SHOWN],
      )
    : [];
  return {
    current: snapshotOf(current),
    previous: previous ? snapshotOf(previous) : null,
    checks,
    summary: total(checks),
    urls: urls.map((row) => ({ url: row.url, url_guid: row.url_id, new: row.new, fixed: row.fixed })),
    urls_total: urls[0]?.total ?? 0,
  };
}
