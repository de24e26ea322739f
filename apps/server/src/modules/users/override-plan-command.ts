import type { Database } from '../../db/client';
import { findPlan } from '../sales/catalogue';

const USAGE = 'Usage: sitelens user override-plan <email> [<plan code> | none]\n';

/**
 * `sitelens user override-plan <email> [<plan>|none]`: shows or sets the user's override plan, an
 * operator's grant whose features add to those of the plan the user's organization pays for
 * (today: white-label reports). `none` removes it. Answers the process exit code.
 */
export async function userCommand(database: Database, args: string[]): Promise<number> {
  const [action, email, code, ...rest] = args;
  if (action !== 'override-plan' || !email || rest.length > 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  const [user] = await database.query<{ id: string; override_plan_code: string | null }>(
    'select id, override_plan_code from users where email = lower($1)',
    [email.trim()],
  );
  if (!user) {
    process.stderr.write(`No user with the e-mail ${email}.\n`);
    return 1;
  }
  if (code === undefined) {
    process.stdout.write(`${email}: ${user.override_plan_code ?? 'no override plan'}\n`);
    return 0;
  }
  if (code !== 'none' && !(await findPlan(database.query, code))) {
    process.stderr.write(`No plan with the code "${code}" (see \`sitelens plans list\`).\n`);
    return 1;
  }
  const next = code === 'none' ? null : code;
  await database.query('update users set override_plan_code = $2 where id = $1', [user.id, next]);
  process.stdout.write(`${email}: ${next ?? 'no override plan'}\n`);
  return 0;
}
