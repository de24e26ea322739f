import type { OverviewRow, ReportOverview } from '@sitelens/contracts';
import type { PreparedStatement } from '../../db/client';

/**
 * Archived overview rows of one organization's finished targets of one role, newest first, in a
 * date range, optionally only some URLs. Parameters: organization id, role, first day, last day,
 * URLs or null. `created_at` comes as the ISO text the API answers: parsing it into a Date only to
 * print it again was a tenth of the list's time. Its own file, with its row mapping, so the
 * `api-list` benchmark's minimal peer runs exactly this text and answers exactly these rows.
 */
export const OVERVIEWS_SQL = `select r.id as guid, t.url, t.overview,
            to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from reports r join report_targets t on t.report_id = r.id
      where r.organization_id = $1 and t.role = $2 and t.status = 'done' and t.overview is not null
        and r.created_at >= $3::date and r.created_at < ($4::date + interval '1 day')
        and ($5::text[] is null or t.url = any($5::text[]))
      order by r.created_at desc
      limit 500`;

export const OVERVIEWS: PreparedStatement = { name: 'checkup_overviews', text: OVERVIEWS_SQL };

/** A row of OVERVIEWS_SQL. */
export interface OverviewsSqlRow {
  guid: string;
  url: string;
  created_at: string;
  overview: ReportOverview;
}

/** The API's overview row for a row of OVERVIEWS_SQL. */
export const overviewRow = (row: OverviewsSqlRow): OverviewRow => ({
  guid: row.guid,
  url: row.url,
  created_at: row.created_at,
  score: row.overview.score,
  passed: row.overview.passed,
  warning: row.overview.warning,
  failed: row.overview.failed,
});
