import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createSeoDataFromConfig } from './index';

const USAGE = 'Usage: sitelens data-cap <email> [<usd> | none | default]\n';

const usd = (value: number | null) => (value === null ? 'no cap' : `$${value.toFixed(2)} a month`);

/**
 * `sitelens data-cap <email> [<usd>|none|default]`: shows or sets the monthly data spend cap of the
 * organization the user belongs to: an amount in USD, `none` for no cap, `default` for the server's
 * SEO_DATA_MONTHLY_CAP_USD. Answers the process exit code.
 */
export async function dataCapCommand(
  database: Database,
  config: Config,
  logger: Logger,
  args: string[],
): Promise<number> {
  const [email, value, ...rest] = args;
  if (!email || rest.length > 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  let cap: number | null | 'default' | undefined;
  if (value === 'none') cap = null;
  else if (value === 'default') cap = 'default';
  else if (value !== undefined) {
    cap = Number(value);
    if (!/^\d+(\.\d{1,2})?$/.test(value) || cap > 1_000_000) {
      process.stderr.write(
        `"${value}" is not an amount in USD from 0 to 1000000 (at most 2 decimals).\n${USAGE}`,
      );
      return 2;
    }
  }

  const [member] = await database.query<{ organization_id: string; name: string }>(
    `select m.organization_id, o.name from users u
       join memberships m on m.user_id = u.id
       join organizations o on o.id = m.organization_id
      where u.email = lower($1)`,
    [email.trim()],
  );
  if (!member) {
    process.stderr.write(`No user with the e-mail ${email} in an organization.\n`);
    return 1;
  }

  if (cap === 'default') {
    await database.query('delete from seo_data_caps where organization_id = $1', [member.organization_id]);
  } else if (cap !== undefined) {
    await database.query(
      `insert into seo_data_caps (organization_id, monthly_cap_usd) values ($1, $2)
       on conflict (organization_id) do update set monthly_cap_usd = excluded.monthly_cap_usd, set_at = now()`,
      [member.organization_id, cap],
    );
  }

  const usage = await createSeoDataFromConfig(config, database, logger).usage(member.organization_id);
  const [own] = await database.query('select 1 from seo_data_caps where organization_id = $1', [
    member.organization_id,
  ]);
  process.stdout.write(
    `${member.name}: ${usd(usage.cap_usd)} (${own ? 'set for this organization' : "the server's SEO_DATA_MONTHLY_CAP_USD"}); $${usage.spent_usd.toFixed(2)} spent in ${usage.month}\n`,
  );
  return 0;
}
