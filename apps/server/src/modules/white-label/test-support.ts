import type { ReportOverview } from '@sitelens/contracts';
import type { Database } from '../../db/client';
import { type Account, organizationOf } from '../../test/app';

export { organizationOf };

export interface SavedCheck {
  key: string;
  status: 'passed' | 'warning' | 'failed';
  result: Record<string, unknown>;
}

/** A finished, saved checkup of `url` by the account's organization with these checks; its guid. */
export async function savedReport(
  database: Database,
  account: Account,
  url: string,
  overview: ReportOverview,
  checks: SavedCheck[],
): Promise<string> {
  const [report] = await database.query<{ id: string }>(
    `insert into reports (organization_id, user_id, url, sections, status, saved_at, finished_at)
     values ($1, $2, $3, $4, 'done', now(), now()) returning id`,
    [
      await organizationOf(database, account),
      account.guid,
      url,
      JSON.stringify(checks.map((check) => check.key)),
    ],
  );
  const [target] = await database.query<{ id: string }>(
    `insert into report_targets (report_id, url, role, position, status, overview)
     values ($1, $2, 'main', 0, 'done', $3) returning id`,
    [report!.id, url, JSON.stringify(overview)],
  );
  for (const check of checks)
    await database.query(
      'insert into report_sections (target_id, section_key, status, result) values ($1, $2, $3, $4)',
      [target!.id, check.key, check.status, JSON.stringify({ status: check.status, ...check.result })],
    );
  return report!.id;
}
