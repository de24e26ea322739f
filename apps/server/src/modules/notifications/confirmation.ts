import {
  NOTIFICATION_CONFIRM_DAYS,
  NOTIFICATION_MESSAGES,
  type NotificationConfirmReply,
} from '@sitelens/contracts';
import type { QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import type { AuthContext } from '../../http/authenticate';
import { actionMail, type Mailer } from '../../providers/mail/mailer';
import { hashToken, randomToken } from '../auth/tokens';
import { teamName } from '../organization/service';

/** What mailing a confirmation link takes: the product's mailer and its address. */
export interface ConfirmationMailer {
  mailer: Mailer;
  publicUrl: string;
}

/** The web page the mailed link opens; it confirms the address through `POST /api/notifications/confirm`. */
export const confirmPath = (token: string) => `/confirm-notifications/${token}`;

export interface ConfirmToken {
  token: string;
  hash: string;
  expiresAt: Date;
}

/**
 * A fresh link token: its expiry (unix seconds, base 36), a dot, 32 random bytes. The channel keeps
 * only the SHA-256 of the whole token, so the expiry it carries cannot be changed without the token
 * ceasing to match; a new token replaces the old one, whose link then stops working.
 */
export function confirmToken(now = Date.now()): ConfirmToken {
  const expiresAt = new Date(now + NOTIFICATION_CONFIRM_DAYS * 24 * 3600 * 1000);
  const token = `${Math.floor(expiresAt.getTime() / 1000).toString(36)}.${randomToken()}`;
  return { token, hash: hashToken(token), expiresAt };
}

/** When a token stops working, or null when it is not one of ours. */
function expiryOf(token: string): Date | null {
  const [expiry, random] = token.split('.');
  if (!expiry || !random || !/^[0-9a-z]{1,10}$/.test(expiry)) return null;
  return new Date(Number.parseInt(expiry, 36) * 1000);
}

/** The team's name as its people see it (the owner's name for a team never named). */
async function teamOf(query: QueryFn, organizationId: string): Promise<string> {
  const [row] = await query<{ name: string; f_name: string; l_name: string; email: string }>(
    `select o.name, u.f_name, u.l_name, u.email from organizations o join users u on u.id = o.owner_id
      where o.id = $1`,
    [organizationId],
  );
  return row ? teamName(row.name, row) : 'your team';
}

/**
 * Mails the address the link that confirms it, naming the team and who asked: nothing else is sent
 * to an address before its owner follows it.
 */
export async function mailConfirmationLink(
  query: QueryFn,
  { mailer, publicUrl }: ConfirmationMailer,
  caller: AuthContext,
  organizationId: string,
  target: string,
  { token, expiresAt }: ConfirmToken,
): Promise<void> {
  const team = await teamOf(query, organizationId);
  await mailer.send({
    ...actionMail(
      target,
      `Confirm outage notifications from ${team} on Sitelens`,
      [
        'Hello,',
        `${caller.email} added ${target} to the outage notifications of the team "${team}" on Sitelens: a mail when one of the team's websites goes down, and another when it is back.`,
        `Nothing is sent to this address until you confirm it. The link is valid for ${NOTIFICATION_CONFIRM_DAYS} days and works once. If you did not expect this mail, ignore it: this address will receive nothing.`,
      ],
      { label: 'Confirm this address', url: `${publicUrl}${confirmPath(token)}` },
    ),
    expiresAt,
  });
}

/**
 * Confirms the e-mail channel whose link this is, once: the token is forgotten as the channel is
 * confirmed, so the same link (or an older one it replaced, or one past its days) is refused.
 */
export async function confirmChannel(query: QueryFn, token: string): Promise<NotificationConfirmReply> {
  const expiresAt = expiryOf(token);
  if (!expiresAt || expiresAt.getTime() <= Date.now())
    throw new AppError('gone', NOTIFICATION_MESSAGES.confirmLinkGone);
  const [channel] = await query<{ target: string; organization_id: string }>(
    `update notification_channels set confirmed_at = now(), confirm_token_hash = null
      where confirm_token_hash = $1 and confirmed_at is null
      returning target, organization_id`,
    [hashToken(token)],
  );
  if (!channel) throw new AppError('gone', NOTIFICATION_MESSAGES.confirmLinkGone);
  return { target: channel.target, team: await teamOf(query, channel.organization_id) };
}
