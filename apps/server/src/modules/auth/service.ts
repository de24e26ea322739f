import { ACCOUNT_MESSAGES } from '@sitelens/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { countFailure, hit, refuseOver } from '../../platform/rate-limit';
import { actionMail } from '../../providers/mail/mailer';
import type { Services } from '../../services';
import { insertOrganization, SPEC_TEAM_NAME, teamName } from '../organization/service';
import { checkPassword, hashPassword } from './passwords';
import { hashToken, randomToken } from './tokens';

export interface AccountsDeps {
  database: Database;
  services: Services;
  config: Config;
}

const RESET_MINUTES = 60;
/** Per e-mail and per address; an address gets more, as offices share one. */
export const LIMITS = {
  /** Wrong passwords for one e-mail from one address. */
  signInEmailIp: { max: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords from one address, whichever the e-mails. */
  signInIp: { max: 50, windowSeconds: 15 * 60 },
  /** Wrong passwords for one e-mail from every address: guessing spread over many machines. */
  signInEmail: { max: 200, windowSeconds: 60 * 60 },
  registerIp: { max: 20, windowSeconds: 60 * 60 },
  resetEmail: { max: 5, windowSeconds: 60 * 60 },
  resetIp: { max: 20, windowSeconds: 60 * 60 },
  joinIp: { max: 20, windowSeconds: 60 * 60 },
  joinInvitation: { max: 10, windowSeconds: 60 * 60 },
  refreshIp: { max: 300, windowSeconds: 60 },
} as const;

export async function requireHuman(deps: AccountsDeps, token: string, ip: string): Promise<void> {
  if (!(await deps.services.humanCheck.verify(token, ip)))
    throw new AppError('bad_request', ACCOUNT_MESSAGES.humanCheckFailed);
}

/**
 * Sign-in and the current-password confirmation share one budget of wrong passwords, counted per
 * e-mail and address, per address, and per e-mail from everywhere (far higher): a stranger's wrong
 * guesses do not lock the owner out from their own address, and a right password costs nothing.
 */
async function passwordAccepted(
  deps: AccountsDeps,
  email: string,
  ip: string,
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  const budgets = [
    [[`sign-in:email-ip:${email}|${ip}`], LIMITS.signInEmailIp],
    [[`sign-in:ip:${ip}`], LIMITS.signInIp],
    [[`sign-in:email:${email}`], LIMITS.signInEmail],
  ] as const;
  for (const [keys, limit] of budgets) await refuseOver(deps.database, [...keys], limit);
  if (await checkPassword(passwordHash, password)) return true;
  for (const [keys, limit] of budgets) await countFailure(deps.database, [...keys], limit);
  return false;
}

/** Signs in by e-mail and password; the same answer, after the same work, for an unknown e-mail or a wrong password. */
export async function authenticate(
  deps: AccountsDeps,
  email: string,
  password: string,
  ip: string,
): Promise<string> {
  const [user] = await deps.database.query<{ id: string; password_hash: string }>(
    'select id, password_hash from users where email = $1',
    [email],
  );
  if (!(await passwordAccepted(deps, email, ip, user?.password_hash, password))) {
    throw new AppError('unauthorized', ACCOUNT_MESSAGES.invalidCredentials);
  }
  return user!.id;
}

/** The signed-in user re-enters the password; a password change is allowed for a short while after. */
export async function confirmPassword(
  deps: AccountsDeps,
  userId: string,
  email: string,
  password: string,
  ip: string,
): Promise<void> {
  const [user] = await deps.database.query<{ password_hash: string }>(
    'select password_hash from users where id = $1',
    [userId],
  );
  if (!(await passwordAccepted(deps, email, ip, user?.password_hash, password))) {
    throw new AppError('unauthorized', ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  await deps.database.query('update users set password_confirmed_at = now() where id = $1', [userId]);
}

export async function register(
  deps: AccountsDeps,
  input: { email: string; f_name: string; l_name: string; pw: string; locale: string; timezone: string },
): Promise<string> {
  const passwordHash = await hashPassword(input.pw);
  return deps.database.transaction(async (query) => {
    const [created] = await query<{ id: string }>(
      `insert into users (email, password_hash, f_name, l_name, locale, timezone)
       values ($1, $2, $3, $4, $5, $6) on conflict (email) do nothing returning id`,
      [input.email, passwordHash, input.f_name, input.l_name, input.locale, input.timezone],
    );
    if (!created) throw new AppError('conflict', ACCOUNT_MESSAGES.emailInUse);
    // Without billing there is no checkout to create the team after: everyone starts with one.
    // It is named after its owner ("Ada Lovelace's team"); checkout's team keeps the spec's 'Default'.
    if (deps.services.billing.kind === 'none')
      await insertOrganization(query, teamName(SPEC_TEAM_NAME, input), created.id);
    return created.id;
  });
}

/** Sends a reset link valid for 60 minutes; an unknown e-mail gets the spec's own message (404). */
export async function requestPasswordReset(deps: AccountsDeps, email: string, ip: string): Promise<void> {
  await hit(deps.database, [`reset:email:${email}`], LIMITS.resetEmail);
  await hit(deps.database, [`reset:ip:${ip}`], LIMITS.resetIp);
  const [user] = await deps.database.query<{ id: string; f_name: string }>(
    'select id, f_name from users where email = $1',
    [email],
  );
  if (!user) throw new AppError('not_found', ACCOUNT_MESSAGES.resetUnknown);
  const token = randomToken();
  await deps.database.query(
    `insert into password_resets (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(mins => $3))`,
    [user.id, hashToken(token), RESET_MINUTES],
  );
  const url = `${deps.config.PUBLIC_URL}/reset-password/${token}`;
  await deps.services.mailer.send({
    ...actionMail(
      email,
      'Reset your Sitelens password',
      [
        `Hello ${user.f_name},`,
        `Someone asked to reset the password of your Sitelens account. The link below works once, for ${RESET_MINUTES} minutes.`,
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),
    expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
  });
}

/** Uses a reset token once: sets the password and ends every other session. Returns the user. */
export async function resetPassword(deps: AccountsDeps, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const [used] = await deps.database.query<{ user_id: string }>(
    `update password_resets set used_at = now()
      where token_hash = $1 and used_at is null and expires_at > now()
      returning user_id`,
    [hashToken(token)],
  );
  if (!used) throw new AppError('gone', ACCOUNT_MESSAGES.tokenUsed);
  await deps.database.query('update users set password_hash = $2 where id = $1', [
    used.user_id,
    passwordHash,
  ]);
  await deps.services.refreshTokens.revokeUser(used.user_id);
  return used.user_id;
}
