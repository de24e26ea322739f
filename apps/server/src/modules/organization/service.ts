import { ACCOUNT_MESSAGES, type Organization } from '@sitelens/contracts';
import type { Database, QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import { type AuthContext, NO_TEAM, organizationOf } from '../../http/authenticate';
import { hit } from '../../platform/rate-limit';
import { actionMail } from '../../providers/mail/mailer';
import { hashPassword } from '../auth/passwords';
import { type AccountsDeps, LIMITS } from '../auth/service';
import { hashToken, randomToken } from '../auth/tokens';

const INVITATION_DAYS = 7;
export const OWNER_ONLY = 'Only the team owner can do this.';

/** The caller's organization when the caller owns it; a member is refused with 403. */
export function ownedBy(caller: AuthContext): string {
  const organizationId = organizationOf(caller);
  if (caller.role !== 'owner') throw new AppError('forbidden', OWNER_ONLY);
  return organizationId;
}

/** The members (the owner left out) and the pending invitations of a team. */
async function teamLists(database: Database, organizationId: string) {
  const members = await database.query<Organization['members'][number]>(
    `select u.email, m.role, u.f_name, u.l_name, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as c_at
       from memberships m join users u on u.id = m.user_id
      where m.organization_id = $1 and m.role <> 'owner'
      order by m.created_at`,
    [organizationId],
  );
  const invitations = await database.query<Organization['invitations'][number]>(
    `select email as invited_email, id as token from invitations
      where organization_id = $1 and accepted_at is null and expires_at > now() order by created_at`,
    [organizationId],
  );
  return { members, invitations };
}

/**
 * `GET /api/organization`. The team's name and owner are for everyone in it (a member's sidebar
 * shows them); the members and the pending invitations, with their e-mails, are the owner's, as
 * the Team Members page is: a member gets them empty.
 */
export async function getOrganization(deps: AccountsDeps, caller: AuthContext): Promise<Organization> {
  const { database } = deps;
  const organizationId = organizationOf(caller);
  const [organization] = await database.query<{ id: string; name: string; owner: string }>(
    'select o.id, o.name, u.email as owner from organizations o join users u on u.id = o.owner_id where o.id = $1',
    [organizationId],
  );
  if (!organization) throw new AppError('not_found', NO_TEAM);
  // A member sees who owns the team, not who else is in it or who was invited.
  const { members, invitations } =
    caller.role === 'owner' ? await teamLists(database, organizationId) : { members: [], invitations: [] };
  return {
    guid: organization.id,
    name: organization.name,
    owner: organization.owner,
    role: caller.role ?? 'member',
    members,
    invitations,
    max_team_members: await deps.services.planLimits.limit(
      database.query,
      organizationId,
      'max_team_members',
    ),
  };
}

/** A new team with its owner: after a first subscription, or at registration without billing. */
/** The spec's name for a team made at checkout; a person reads it as no name at all. */
export const SPEC_TEAM_NAME = 'Default';

/**
 * A team's name as a person reads it: its own, or for a team never renamed from the spec's
 * 'Default' (or made without checkout), its owner's: "Ada Lovelace's team".
 */
export function teamName(name: string, owner: { f_name: string; l_name: string; email: string }): string {
  if (name !== SPEC_TEAM_NAME) return name;
  const person = `${owner.f_name} ${owner.l_name}`.trim() || owner.email;
  return `${person}'s team`;
}

export async function insertOrganization(query: QueryFn, name: string, ownerId: string): Promise<string> {
  const [created] = await query<{ id: string }>(
    `with o as (insert into organizations (name, owner_id) values ($1, $2) returning id)
     insert into memberships (organization_id, user_id, role) select id, $2, 'owner' from o returning organization_id as id`,
    [name, ownerId],
  );
  return created!.id;
}

export async function createOrganization(
  deps: AccountsDeps,
  caller: AuthContext,
  name: string,
): Promise<Organization> {
  const { database } = deps;
  if (caller.organizationId) throw new AppError('conflict', 'You already belong to a team.');
  const organizationId = await insertOrganization(database.query, name, caller.userId);
  return getOrganization(deps, { ...caller, organizationId, role: 'owner' });
}

export async function renameOrganization(
  database: Database,
  caller: AuthContext,
  name: string,
): Promise<{ name: string }> {
  await database.query('update organizations set name = $2 where id = $1', [ownedBy(caller), name]);
  return { name };
}

/**
 * Invites an e-mail into the caller's team. Members plus pending invitations may not pass the
 * plan's team size; the organization row is locked so concurrent invitations count one by one.
 */
export async function invite(deps: AccountsDeps, caller: AuthContext, email: string) {
  const organizationId = ownedBy(caller);
  await hit(deps.database, [`invite:org:${organizationId}`], { max: 50, windowSeconds: 3600 });
  if (email === caller.email) throw new AppError('bad_request', 'You are already in your team.');
  const token = randomToken();
  const invitation = await deps.database.transaction(async (query) => {
    const [organization] = await query<{ name: string; f_name: string; l_name: string; email: string }>(
      `select o.name, u.f_name, u.l_name, u.email from organizations o join users u on u.id = o.owner_id
        where o.id = $1 for update of o`,
      [organizationId],
    );
    const [{ used }] = (await query<{ used: number }>(
      `select (select count(*) from memberships where organization_id = $1 and role <> 'owner')
            + (select count(*) from invitations where organization_id = $1 and accepted_at is null and expires_at > now()) as used`,
      [organizationId],
    )) as [{ used: number }];
    await deps.services.planLimits.requireBelow(query, organizationId, 'max_team_members', Number(used));
    const [member] = await query('select 1 from users where email = $1', [email]);
    if (member) throw new AppError('conflict', ACCOUNT_MESSAGES.emailInUse);
    // An expired invitation to the same address makes way for the new one.
    await query(
      'delete from invitations where organization_id = $1 and email = $2 and accepted_at is null and expires_at <= now()',
      [organizationId, email],
    );
    const [row] = await query<{ id: string }>(
      `insert into invitations (organization_id, email, token_hash, invited_by, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(days => $5))
       on conflict (organization_id, email) where accepted_at is null do nothing returning id`,
      [organizationId, email, hashToken(token), caller.userId, INVITATION_DAYS],
    );
    if (!row) throw new AppError('conflict', 'An invitation was already sent to this address!');
    return { id: row.id, teamName: teamName(organization!.name, organization!) };
  });
  const url = `${deps.config.PUBLIC_URL}/join-team/${token}`;
  await deps.services.mailer.send({
    ...actionMail(
      email,
      `You are invited to join ${invitation.teamName} on Sitelens`,
      [
        'Hello,',
        `${caller.email} invites you to join the team "${invitation.teamName}" on Sitelens, to audit and monitor websites together.`,
        `The invitation is valid for ${INVITATION_DAYS} days and works once.`,
      ],
      { label: 'Join the team', url },
    ),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  return { invited_email: email, token: invitation.id };
}

export async function cancelInvitation(database: Database, caller: AuthContext, id: string) {
  const [row] = await database.query<{ invited_email: string; token: string }>(
    `delete from invitations where id = $1 and organization_id = $2 and accepted_at is null
     returning email as invited_email, id as token`,
    [id, ownedBy(caller)],
  );
  if (!row) throw new AppError('not_found', 'This invitation does not exist.');
  return row;
}

export async function removeMember(deps: AccountsDeps, caller: AuthContext, email: string): Promise<void> {
  const [removed] = await deps.database.query<{ user_id: string }>(
    `delete from memberships m using users u
      where m.user_id = u.id and u.email = $1 and m.organization_id = $2 and m.role = 'member'
      returning m.user_id`,
    [email, ownedBy(caller)],
  );
  if (!removed) throw new AppError('not_found', 'This person is not a member of your team.');
  await deps.services.refreshTokens.revokeUser(removed.user_id);
}

/** Registration through an invitation: the account gets the invited e-mail and joins the team, once. */
export async function joinTeam(
  deps: AccountsDeps,
  input: {
    invitation_token: string;
    f_name: string;
    l_name: string;
    pw: string;
    locale: string;
    timezone: string;
  },
  ip: string,
): Promise<string> {
  await hit(deps.database, [`join:ip:${ip}`], LIMITS.joinIp);
  // Per invitation too (it stands for the invited e-mail): guesses at one invitation stop early.
  await hit(deps.database, [`join:invitation:${hashToken(input.invitation_token)}`], LIMITS.joinInvitation);
  const passwordHash = await hashPassword(input.pw);
  return deps.database.transaction(async (query) => {
    const [invitation] = await query<{ organization_id: string; email: string }>(
      `update invitations set accepted_at = now()
        where token_hash = $1 and accepted_at is null and expires_at > now()
        returning organization_id, email`,
      [hashToken(input.invitation_token)],
    );
    if (!invitation)
      throw new AppError('gone', 'This invitation is no longer valid. Ask your team owner for a new one.');
    const [user] = await query<{ id: string }>(
      `insert into users (email, password_hash, f_name, l_name, locale, timezone)
       values ($1, $2, $3, $4, $5, $6) on conflict (email) do nothing returning id`,
      [invitation.email, passwordHash, input.f_name, input.l_name, input.locale, input.timezone],
    );
    if (!user) throw new AppError('conflict', ACCOUNT_MESSAGES.emailInUse);
    await query(`insert into memberships (organization_id, user_id, role) values ($1, $2, 'member')`, [
      invitation.organization_id,
      user.id,
    ]);
    return user.id;
  });
}
