import { SALES_MESSAGES } from '@sitelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createTestApp,
  givePlan,
  lastMailLinks,
  registerUser,
  type TestApp,
} from '../../test/app';
import { OWNER_ONLY } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An owner with an organization whose plan allows `teamSize` members. */
async function owner(teamSize: number): Promise<Account & { org: string }> {
  const user = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organization',
    headers: user.auth,
    payload: { name: 'Growth team' },
  });
  expect(res.statusCode).toBe(201);
  const org = res.json().guid as string;
  await givePlan(t.database, user.guid, { max_team_members: teamSize });
  return { ...user, org };
}

const inviteAs = (who: Account, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/organization/invite', headers: who.auth, payload: { email } });

async function joinAs(token: string, password = 'member-password') {
  return t.app.inject({
    method: 'POST',
    url: '/api/organization/member',
    remoteAddress: '192.0.2.10',
    payload: {
      f_name: 'Mary',
      l_name: 'Somerville',
      pw: password,
      invitation_token: token,
      recaptcha_token: '',
    },
  });
}

async function inviteAndJoin(who: Account, email: string) {
  await inviteAs(who, email);
  const token = (await lastMailLinks(t.database, email))[0]!.split('/').pop()!;
  const joined = await joinAs(token);
  const body = joined.json();
  return { email, guid: body.guid as string, auth: { authorization: `Bearer ${body.access_token}` }, token };
}

describe('the organization', () => {
  it('is created by POST with its name; the owner is not listed among members', async () => {
    const boss = await owner(3);
    const res = await t.app.inject({ url: '/api/organization', headers: boss.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      guid: boss.org,
      name: 'Growth team',
      owner: boss.email,
      role: 'owner',
      members: [],
      invitations: [],
      max_team_members: 3,
    });
  });

  it('answers 404 to a user without a team, and 409 to creating a second one', async () => {
    const loner = await registerUser(t.app);
    expect((await t.app.inject({ url: '/api/organization', headers: loner.auth })).statusCode).toBe(404);
    const boss = await owner(1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: boss.auth,
      payload: { name: 'Two' },
    });
    expect(again.statusCode).toBe(409);
  });

  it("renames the team; a blank name gets 'Team name is required'", async () => {
    const boss = await owner(1);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/organization',
      headers: boss.auth,
      payload: { name: 'Agency' },
    });
    expect(res.json()).toEqual({ name: 'Agency' });
    const blank = await t.app.inject({
      method: 'PATCH',
      url: '/api/organization',
      headers: boss.auth,
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('name: Team name is required');
  });
});

describe('invitations and members', () => {
  it('mails a single-use invitation; the invited person registers with that e-mail and joins', async () => {
    const boss = await owner(2);
    const invited = await inviteAs(boss, 'New.Member@Example.test');
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toEqual({ invited_email: 'new.member@example.test', token: expect.any(String) });
    const [link] = await lastMailLinks(t.database, 'new.member@example.test');
    expect(link).toMatch(/^http:\/\/sitelens\.test\/join-team\/[\w-]{40,}$/);

    const joined = await joinAs(link!.split('/').pop()!);
    expect(joined.statusCode).toBe(201);
    const member = joined.json();
    const team = await t.app.inject({
      url: '/api/organization',
      headers: { authorization: `Bearer ${member.access_token}` },
    });
    expect(team.json()).toMatchObject({ guid: boss.org, role: 'member', owner: boss.email });
    const [, payload] = member.access_token.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString()).user_claims).toMatchObject({
      o_guid: boss.org,
      org_role: 'member',
    });

    const listed = (await t.app.inject({ url: '/api/organization', headers: boss.auth })).json();
    expect(listed.members).toEqual([
      {
        email: 'new.member@example.test',
        role: 'member',
        f_name: 'Mary',
        l_name: 'Somerville',
        c_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(listed.invitations).toEqual([]);

    const reused = await joinAs(link!.split('/').pop()!);
    expect(reused.statusCode).toBe(410);
  });

  it("names the team in the mail: its own name, or its owner's while it is still the spec's 'Default'", async () => {
    const boss = await owner(3);
    const mailTo = async (email: string) => {
      expect((await inviteAs(boss, email)).statusCode).toBe(201);
      const [mail] = await t.database.query<{ subject: string; text: string }>(
        'select subject, text from mail_outbox where recipient = $1 order by created_at desc limit 1',
        [email],
      );
      return mail!;
    };
    const named = await mailTo('named@example.test');
    expect(named.subject).toBe('You are invited to join Growth team on Sitelens');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/organization',
      headers: boss.auth,
      payload: { name: 'Default' },
    });
    const unnamed = await mailTo('unnamed@example.test');
    expect(unnamed.subject).toBe("You are invited to join Ada Lovelace's team on Sitelens");
    expect(unnamed.text).toContain(`invites you to join the team "Ada Lovelace's team"`);
    expect(unnamed.text).not.toMatch(/\bDefault\b/);
  });

  it('refuses an expired invitation', async () => {
    const boss = await owner(2);
    await inviteAs(boss, 'late@example.test');
    const token = (await lastMailLinks(t.database, 'late@example.test'))[0]!.split('/').pop()!;
    await t.database.query(
      "update invitations set expires_at = now() - interval '1 minute' where email = 'late@example.test'",
    );
    expect((await joinAs(token)).statusCode).toBe(410);
  });

  it("counts members and pending invitations against the plan's team size", async () => {
    const boss = await owner(2);
    expect((await inviteAs(boss, 'one@example.test')).statusCode).toBe(201);
    expect((await inviteAs(boss, 'one@example.test')).json().error).toBe(
      'An invitation was already sent to this address!',
    );
    expect((await inviteAs(boss, 'two@example.test')).statusCode).toBe(201);
    const over = await inviteAs(boss, 'three@example.test');
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe('Your plan allows up to 2 team members.');
  });

  it('says the feature is not in the plan when the team size is 0', async () => {
    const boss = await owner(0);
    const res = await inviteAs(boss, 'x@example.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('This feature is disabled for your current plan!');
  });

  it('refuses to invite an address that already has an account', async () => {
    const boss = await owner(2);
    const other = await registerUser(t.app);
    const res = await inviteAs(boss, other.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Email address already in use!');
  });

  it('cancels a pending invitation', async () => {
    const boss = await owner(2);
    const { token } = (await inviteAs(boss, 'maybe@example.test')).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/organization/invite',
      headers: boss.auth,
      payload: { token },
    });
    expect(res.json()).toEqual({ invited_email: 'maybe@example.test', token });
    expect((await t.app.inject({ url: '/api/organization', headers: boss.auth })).json().invitations).toEqual(
      [],
    );
  });

  it('removes a member, who loses the team at once', async () => {
    const boss = await owner(2);
    const member = await inviteAndJoin(boss, 'leaving@example.test');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/organization/member',
      headers: boss.auth,
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(204);
    // Their sign-ins end with the membership: the access token in hand is refused at once.
    expect((await t.app.inject({ url: '/api/organization', headers: member.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/organization', headers: boss.auth })).json().members).toEqual([]);
  });

  it('never removes the owner', async () => {
    const boss = await owner(2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/organization/member',
      headers: boss.auth,
      payload: { email: boss.email },
    });
    expect(res.statusCode).toBe(404);
  });

  it('lets exactly one of 20 simultaneous invitations through at limit − 1', async () => {
    const boss = await owner(2);
    await inviteAs(boss, 'first@example.test');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => inviteAs(boss, `race${i}@example.test`)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(19);
  });
});

describe('roles and organizations', () => {
  it('answers 403 to a member calling owner-only routes, and changes nothing', async () => {
    const boss = await owner(3);
    const member = await inviteAndJoin(boss, 'plain.member@example.test');
    const { token } = (await inviteAs(boss, 'pending@example.test')).json();
    const calls = [
      { method: 'PATCH' as const, url: '/api/organization', payload: { name: 'Hijacked' } },
      { method: 'POST' as const, url: '/api/organization/invite', payload: { email: 'friend@example.test' } },
      { method: 'DELETE' as const, url: '/api/organization/invite', payload: { token } },
      {
        method: 'DELETE' as const,
        url: '/api/organization/member',
        payload: { email: 'plain.member@example.test' },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: member.auth });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    const team = (await t.app.inject({ url: '/api/organization', headers: boss.auth })).json();
    expect(team.name).toBe('Growth team');
    expect(team.invitations.map((i: { invited_email: string }) => i.invited_email)).toEqual([
      'pending@example.test',
    ]);
    expect(team.members).toHaveLength(1);
  });

  it("answers 404 to another organization's ids, and changes nothing", async () => {
    const a = await owner(3);
    const b = await owner(3);
    const { token } = (await inviteAs(b, 'b.invite@example.test')).json();
    await inviteAndJoin(b, 'b.member@example.test');
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: '/api/organization/invite',
      headers: a.auth,
      payload: { token },
    });
    expect(cancel.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/organization/member',
      headers: a.auth,
      payload: { email: 'b.member@example.test' },
    });
    expect(remove.statusCode).toBe(404);
    const other = await t.app.inject({ url: `/api/user/${b.guid}`, headers: a.auth });
    expect(other.statusCode).toBe(404);
    const team = (await t.app.inject({ url: '/api/organization', headers: b.auth })).json();
    expect(team.invitations).toHaveLength(1);
    expect(team.members).toHaveLength(1);
  });

  it("deletes an owner's organization with the owner's account; members stay, without a team", async () => {
    const boss = await owner(2);
    const member = await inviteAndJoin(boss, 'stays@example.test');
    await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: boss.auth,
      payload: { reason: 'It is too costly', comment: 'Closing.' },
    });
    expect((await t.app.inject({ url: '/api/organization', headers: member.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/user/${member.guid}`, headers: member.auth })).statusCode).toBe(
      200,
    );
  });
});

describe('what a member may see and do', () => {
  it("sees the team's name and owner, not its members or its invitations", async () => {
    const boss = await owner(3);
    const member = await inviteAndJoin(boss, 'sees.little@example.test');
    await inviteAndJoin(boss, 'colleague@example.test');
    await inviteAs(boss, 'invited@example.test');
    const seen = await t.app.inject({ url: '/api/organization', headers: member.auth });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      guid: boss.org,
      name: 'Growth team',
      owner: boss.email,
      role: 'member',
      members: [],
      invitations: [],
      max_team_members: 3,
    });
    const team = (await t.app.inject({ url: '/api/organization', headers: boss.auth })).json();
    expect(team.members.map((m: { email: string }) => m.email)).toEqual([
      'sees.little@example.test',
      'colleague@example.test',
    ]);
    expect(team.invitations.map((i: { invited_email: string }) => i.invited_email)).toEqual([
      'invited@example.test',
    ]);
  });

  it('may not give the reason for cancelling the subscription; nothing is saved', async () => {
    const boss = await owner(2);
    const member = await inviteAndJoin(boss, 'no.reason@example.test');
    const reason = { reason: 'It is too costly', comment: 'Not mine to say.', plan_code: 'pro-monthly' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/reason',
      headers: member.auth,
      payload: reason,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(SALES_MESSAGES.ownerOnly);
    const saved = () =>
      t.database.query('select email from cancellation_reasons where organization_id = $1', [boss.org]);
    expect(await saved()).toEqual([]);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/reason',
      headers: boss.auth,
      payload: reason,
    });
    expect(own.statusCode).toBe(201);
    expect(await saved()).toEqual([{ email: boss.email }]);
  });

  it('may not remove a tracked website; it stays, and the owner can', async () => {
    const boss = await owner(2);
    const member = await inviteAndJoin(boss, 'no.removal@example.test');
    const [website] = await t.database.query<{ id: string }>(
      `insert into websites (organization_id, domain, homepage_url, settings)
       values ($1, 'example.com', 'https://example.com/', '{}') returning id`,
      [boss.org],
    );
    const remove = (who: { auth: { authorization: string } }) =>
      t.app.inject({ method: 'DELETE', url: `/api/website-index/${website!.id}`, headers: who.auth });
    const refused = await remove(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(OWNER_ONLY);
    const left = () => t.database.query('select id from websites where id = $1', [website!.id]);
    expect(await left()).toHaveLength(1);
    expect((await remove(boss)).statusCode).toBe(204);
    expect(await left()).toEqual([]);
  });
});
