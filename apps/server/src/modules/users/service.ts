import { ACCOUNT_MESSAGES, type User } from '@sitelens/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { AuthContext } from '../../http/authenticate';
import { hashPassword } from '../auth/passwords';
import type { RefreshTokens } from '../auth/tokens';

/** A password change must follow the current-password confirmation within this many minutes. */
const CONFIRMATION_MINUTES = 10;

/** The caller's own user; any other id answers 404, as if it did not exist. */
export async function getUser(database: Database, caller: AuthContext, id: string): Promise<User> {
  if (id !== caller.userId) throw new AppError('not_found', 'User not found.');
  const [row] = await database.query<User>(
    'select id as guid, email, f_name, l_name from users where id = $1',
    [id],
  );
  if (!row) throw new AppError('not_found', 'User not found.');
  return row;
}

export async function updateUser(
  database: Database,
  refreshTokens: RefreshTokens,
  caller: AuthContext,
  id: string,
  change: { f_name: string; l_name: string } | { pw: string },
): Promise<User> {
  await getUser(database, caller, id);
  if ('pw' in change) {
    const passwordHash = await hashPassword(change.pw);
    const [changed] = await database.query(
      `update users set password_hash = $2, password_confirmed_at = null
        where id = $1 and password_confirmed_at > now() - make_interval(mins => $3) returning id`,
      [id, passwordHash, CONFIRMATION_MINUTES],
    );
    if (!changed) throw new AppError('forbidden', ACCOUNT_MESSAGES.confirmPasswordFirst);
    // Every sign-in elsewhere ends at once, its access tokens too; this one keeps going.
    await refreshTokens.revokeUser(id, caller.sessionId);
  } else {
    await database.query('update users set f_name = $2, l_name = $3 where id = $1', [
      id,
      change.f_name,
      change.l_name,
    ]);
  }
  return getUser(database, caller, id);
}

/**
 * Deletes the caller's account. An owner's organization goes with it (its members stay, without a
 * team); the cancellation reason is kept.
 */
export async function deleteUser(
  database: Database,
  caller: AuthContext,
  reason: { reason: string; comment: string; plan_code?: string } | undefined,
): Promise<void> {
  await database.transaction(async (query) => {
    if (reason) {
      await query(
        'insert into cancellation_reasons (email, organization_id, reason, comment, plan_code) values ($1, $2, $3, $4, $5)',
        [caller.email, caller.organizationId, reason.reason, reason.comment, reason.plan_code ?? null],
      );
    }
    await query('delete from organizations where owner_id = $1', [caller.userId]);
    await query('delete from users where id = $1', [caller.userId]);
  });
}
