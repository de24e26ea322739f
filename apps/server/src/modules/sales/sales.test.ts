import { SALES_MESSAGES } from '@sitelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../providers/billing/sandbox';
import {
  type Account,
  createTestApp,
  joinTeam,
  registerUser,
  sandboxCard,
  startTrial,
  type TestApp,
} from '../../test/app';
import { runBillingCycle } from './subscriptions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (who: Account, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

const subscribe = (who: Account, token: string, extra: object = {}) =>
  call(who, 'POST', '/api/subscription', {
    token,
    user_email: who.email,
    payment_method: 'credit_card',
    plan_code: 'pro-monthly',
    ...extra,
  });

/** The claims of a fresh access token, as the web app reads them after a refresh. */
async function claimsAfterRefresh(who: Account) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { authorization: `Bearer ${who.refresh}` },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  who.refresh = body.refresh_token ?? who.refresh;
  const payload = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
  return payload.user_claims;
}

describe('GET /api/plans', () => {
  it('groups the catalogue by period, without legacy plans, prices in cents', async () => {
    const res = await call(await registerUser(t.app), 'GET', '/api/plans');
    expect(res.statusCode).toBe(200);
    const { monthly, yearly } = res.json();
    expect(monthly.map((p: { code: string }) => p.code)).toEqual([
      'basic-monthly',
      'pro-monthly',
      'professional-monthly',
    ]);
    expect(yearly.map((p: { code: string }) => p.code)).toEqual([
      'basic-yearly',
      'pro-yearly',
      'professional-yearly',
    ]);
    // Yearly is 10 % off twelve months.
    expect(yearly[1].price_in_cents).toBe(Math.round(monthly[1].price_in_cents * 12 * 0.9));
    expect(monthly[1].settings).toMatchObject({ default: true, legacy: false, max_team_members: 3 });
  });
});

describe('the free trial', () => {
  it('starts with the success card: 7 days, a $0 invoice, a team named Default, and claims that say so', async () => {
    const ada = await registerUser(t.app);
    expect((await call(ada, 'GET', '/api/subscription')).json()).toEqual({});
    expect((await claimsAfterRefresh(ada)).subscription).toEqual({});

    const res = await subscribe(ada, await sandboxCard(t.app, ada));
    expect(res.statusCode).toBe(201);
    const subscription = res.json();
    expect(subscription).toMatchObject({
      status: 'active',
      plan_code: 'pro-monthly',
      plan_details: {
        name: 'Pro',
        code: 'pro-monthly',
        price_in_cents: 5999,
        interval_unit: 'months',
        interval_length: 1,
      },
      is_legacy_paypal: false,
      provider: 'sandbox',
    });
    const days = (Date.parse(subscription.trial_ends_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const claims = await claimsAfterRefresh(ada);
    expect(claims).toMatchObject({
      org_role: 'owner',
      subscription: { plan_code: 'pro-monthly', status: 'active' },
    });
    const team = (await call(ada, 'GET', '/api/organization')).json();
    expect(team).toMatchObject({ name: 'Default', max_team_members: 3 });

    const invoices = (await call(ada, 'GET', '/api/invoices')).json();
    expect(invoices).toEqual([
      {
        invoice_number: expect.any(String),
        created_at: expect.any(String),
        status: 'paid',
        total_in_cents: 0,
      },
    ]);
    expect((await call(ada, 'GET', '/api/billing_info')).json()).toMatchObject({
      first_name: 'Ada',
      card_type: 'Visa',
      last_four: '1111',
    });
  });

  it('keeps no card number anywhere in the database', async () => {
    const ada = await registerUser(t.app);
    await startTrial(t.app, ada);
    const dump = JSON.stringify(
      await Promise.all(
        ['sandbox_tokens', 'billing_infos', 'invoices', 'subscriptions'].map((table) =>
          t.database.query(`select * from ${table}`),
        ),
      ),
    );
    expect(dump).not.toContain('4111111111111111');
    expect(dump).not.toContain('4111 1111');
  });

  it('refuses a second subscription while one is running', async () => {
    const ada = await registerUser(t.app);
    await startTrial(t.app, ada);
    const res = await subscribe(ada, await sandboxCard(t.app, ada));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SALES_MESSAGES.alreadySubscribed);
  });

  it('answers a declined card with 402 and writes nothing', async () => {
    const ada = await registerUser(t.app);
    const res = await subscribe(ada, await sandboxCard(t.app, ada, '4000 0000 0000 0002'));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe(SALES_MESSAGES.cardDeclined);
    expect(await t.database.query('select 1 from subscriptions where user_id = $1', [ada.guid])).toEqual([]);
    expect(await t.database.query('select 1 from memberships where user_id = $1', [ada.guid])).toEqual([]);
  });

  it('asks for 3-D Secure, then completes with the result token, which counts once', async () => {
    const ada = await registerUser(t.app);
    const card = await sandboxCard(t.app, ada, '4000 0000 0000 3220');
    const first = await subscribe(ada, card);
    expect(first.statusCode).toBe(200);
    const { token_id, action_token_id } = first.json();
    expect(token_id).toBe(card);
    expect(action_token_id).toEqual(expect.any(String));

    const refused = await call(ada, 'POST', '/api/billing/sandbox/three-d-secure', {
      action_token_id,
      approve: false,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toBe(SALES_MESSAGES.threeDSecureFailed);

    const challenge = await call(ada, 'POST', '/api/billing/sandbox/three-d-secure', {
      action_token_id,
      approve: true,
    });
    expect(challenge.statusCode).toBe(201);
    const result = challenge.json().id;
    const done = await subscribe(ada, card, { three_d_secure_action_result_token_id: result });
    expect(done.statusCode).toBe(201);
    expect(done.json().status).toBe('active');

    // Another user cannot finish someone else's challenge.
    const mallory = await registerUser(t.app);
    const stolen = await call(mallory, 'POST', '/api/billing/sandbox/three-d-secure', {
      action_token_id,
      approve: true,
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('checks the card form field by field', async () => {
    const ada = await registerUser(t.app);
    const good = {
      number: '4111111111111111',
      month: 12,
      year: 2031,
      cvv: '123',
      first_name: 'A',
      last_name: 'B',
      zip: '10001',
    };
    const cases: [object, string][] = [
      [{ number: '1234' }, SALES_MESSAGES.invalidCardNumber],
      [{ number: '4111111111111112' }, SALES_MESSAGES.invalidCardNumber],
      [{ month: 13 }, SALES_MESSAGES.invalidExpiration],
      [{ year: 2020, month: 1 }, SALES_MESSAGES.invalidExpiration],
      [{ cvv: '12' }, SALES_MESSAGES.invalidCvv],
      [{ first_name: ' ' }, SALES_MESSAGES.invalidName],
      [{ zip: '!' }, SALES_MESSAGES.invalidZip],
    ];
    for (const [change, message] of cases) {
      const res = await call(ada, 'POST', '/api/billing/sandbox/tokens', { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(change)).toContain(message);
    }
  });

  it('takes PayPal through the sandbox approval', async () => {
    const ada = await registerUser(t.app);
    expect((await call(ada, 'POST', '/api/billing/sandbox/paypal', { approve: false })).statusCode).toBe(402);
    const token = (await call(ada, 'POST', '/api/billing/sandbox/paypal', { approve: true })).json().id;
    const res = await subscribe(ada, token, { payment_method: 'paypal' });
    expect(res.statusCode).toBe(201);
    expect((await call(ada, 'GET', '/api/billing_info')).json().paypal_billing_agreement_id).toMatch(/^B-/);
  });
});

describe('changing, cancelling and the billing cycle', () => {
  it('switches plan during the trial without a charge, and takes back a cancellation', async () => {
    const ada = await registerUser(t.app);
    await startTrial(t.app, ada);
    const switched = await call(ada, 'PATCH', '/api/subscription', { plan_code: 'professional-monthly' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ plan_code: 'professional-monthly', status: 'active' });
    expect((await call(ada, 'GET', '/api/invoices')).json()).toHaveLength(1);

    const canceled = await call(ada, 'DELETE', '/api/subscription', {
      plan_code: 'professional-monthly',
      reason: 'It is too costly',
      comment: 'Over budget this quarter',
    });
    expect(canceled.json().status).toBe('canceled');
    const [reason] = await t.database.query(
      'select reason, comment, plan_code from cancellation_reasons where email = $1',
      [ada.email],
    );
    expect(reason).toEqual({
      reason: 'It is too costly',
      comment: 'Over budget this quarter',
      plan_code: 'professional-monthly',
    });

    const back = await call(ada, 'PATCH', '/api/subscription', { plan_code: 'pro-monthly' });
    expect(back.json()).toMatchObject({ plan_code: 'pro-monthly', status: 'active' });
  });

  it('charges the difference for a dearer plan after the trial, and a full period for a yearly one', async () => {
    const ada = await registerUser(t.app);
    await startTrial(t.app, ada, 'basic-monthly');
    await t.database.query(
      `update subscriptions set trial_ends_at = now() - interval '1 day', current_period_started_at = now() - interval '15 days',
         current_period_ends_at = now() + interval '15 days' where user_id = $1`,
      [ada.guid],
    );
    await call(ada, 'PATCH', '/api/subscription', { plan_code: 'pro-monthly' });
    const [upgrade] = (await call(ada, 'GET', '/api/invoices')).json();
    // Half a period left of a $30.00 difference.
    expect(upgrade.total_in_cents).toBeGreaterThan(1400);
    expect(upgrade.total_in_cents).toBeLessThan(1600);

    const yearly = await call(ada, 'PATCH', '/api/subscription', { plan_code: 'pro-yearly' });
    const days = (Date.parse(yearly.json().current_period_ends_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect((await call(ada, 'GET', '/api/invoices')).json()[0].total_in_cents).toBe(64_789);
  });

  it('renews, expires a canceled one, and expires a declined renewal, once each', async () => {
    const renewing = await registerUser(t.app);
    const leaving = await registerUser(t.app);
    await startTrial(t.app, renewing);
    await startTrial(t.app, leaving);
    await call(leaving, 'DELETE', '/api/subscription', {
      plan_code: 'pro-monthly',
      reason: 'r',
      comment: 'c',
    });
    const past = new Date(Date.now() - 60_000);
    await t.database.query(
      'update subscriptions set trial_ends_at = $2, current_period_ends_at = $2 where user_id = any($1)',
      [[renewing.guid, leaving.guid], past],
    );

    const billing = createSandboxProvider(t.database);
    const first = await runBillingCycle(t.database, billing);
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect((await call(renewing, 'GET', '/api/subscription')).json().status).toBe('active');
    expect((await call(leaving, 'GET', '/api/subscription')).json().status).toBe('expired');
    const invoices = (await call(renewing, 'GET', '/api/invoices')).json();
    expect(invoices[0]).toMatchObject({ status: 'paid', total_in_cents: 5999 });

    // Running it again changes nothing.
    await runBillingCycle(t.database, billing);
    expect((await call(renewing, 'GET', '/api/invoices')).json()).toHaveLength(invoices.length);

    // Expired: no limits left, and the claims say so.
    expect((await claimsAfterRefresh(leaving)).subscription.status).toBe('expired');
    const invite = await call(leaving, 'POST', '/api/organization/invite', { email: 'someone@example.test' });
    expect(invite.statusCode).toBe(403);
  });

  it('expires a subscription whose renewal is declined, with a failed invoice', async () => {
    const ada = await registerUser(t.app);
    await startTrial(t.app, ada);
    // The payment method is replaced by a card that will be declined on the next charge.
    const token = await sandboxCard(t.app, ada, '4000 0000 0000 0002');
    const update = await call(ada, 'POST', '/api/billing_info/payment_method', { token_id: token });
    expect(update.statusCode).toBe(402);
    await t.database.query(
      `update sandbox_tokens set outcome = 'declined' where id = (select provider_payment_ref from billing_infos where user_id = $1)`,
      [ada.guid],
    );
    await t.database.query(
      'update subscriptions set current_period_ends_at = now() - interval $$1 minute$$ where user_id = $1',
      [ada.guid],
    );
    await runBillingCycle(t.database, createSandboxProvider(t.database));
    expect((await call(ada, 'GET', '/api/subscription')).json().status).toBe('expired');
    expect((await call(ada, 'GET', '/api/invoices')).json()[0]).toMatchObject({ status: 'failed' });
  });
});

describe('billing info, payment method and invoices', () => {
  it('updates billing details, and a 3-D Secure card as the new payment method', async () => {
    const ada = await registerUser(t.app);
    await startTrial(t.app, ada);
    const info = await call(ada, 'POST', '/api/billing_info', {
      first_name: 'Ada',
      last_name: 'King',
      company: 'Analytical Engines Ltd',
      vat_number: 'GB123456789',
    });
    expect(info.json()).toMatchObject({ last_name: 'King', company: 'Analytical Engines Ltd' });
    const blank = await call(ada, 'POST', '/api/billing_info', { first_name: '', last_name: 'King' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields[0].field).toBe('first_name');

    const card = await sandboxCard(t.app, ada, '4000 0000 0000 3220');
    const first = await call(ada, 'POST', '/api/billing_info/payment_method', { token_id: card });
    expect(first.json()).toMatchObject({ three_d_secure: true, token_id: card });
    const result = (
      await call(ada, 'POST', '/api/billing/sandbox/three-d-secure', {
        action_token_id: first.json().action_token_id,
        approve: true,
      })
    ).json().id;
    const done = await call(ada, 'POST', '/api/billing_info/payment_method', {
      token_id: card,
      three_d_secure_action_result_token_id: result,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ card_type: 'Visa', last_four: '3220', company: '' });
  });

  it('serves an invoice as a PDF to its owner only', async () => {
    const ada = await registerUser(t.app);
    await startTrial(t.app, ada);
    const [invoice] = (await call(ada, 'GET', '/api/invoices')).json();
    const pdf = await call(ada, 'GET', `/api/invoices/pdf/${invoice.invoice_number}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(ada, 'GET', '/api/invoices/pdf/999999')).statusCode).toBe(404);
    // Past the largest number an invoice can have: no invoice either, not a database error.
    for (const number of ['2147483648', '999999999999'])
      expect((await call(ada, 'GET', `/api/invoices/pdf/${number}`)).statusCode, number).toBe(404);
  });

  it('keeps billing for the owner: a member reads the subscription and gets 403 on the rest', async () => {
    const owner = await registerUser(t.app);
    await startTrial(t.app, owner);
    const member = await joinTeam(t.app, t.database, owner, 'member-billing@example.test');
    expect((await call(member, 'GET', '/api/subscription')).json().plan_code).toBe('pro-monthly');
    for (const [method, url, payload] of [
      ['GET', '/api/invoices'],
      ['GET', '/api/billing_info'],
      ['PATCH', '/api/subscription', { plan_code: 'basic-monthly' }],
      ['DELETE', '/api/subscription', { plan_code: 'pro-monthly', reason: 'r', comment: 'c' }],
    ] as const) {
      const res = await call(member, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe(SALES_MESSAGES.ownerOnly);
    }
    expect((await call(owner, 'GET', '/api/subscription')).json().plan_code).toBe('pro-monthly');
  });
});

describe('BILLING_PROVIDER=none', () => {
  let none: TestApp;
  beforeAll(async () => {
    none = await createTestApp({ BILLING_PROVIDER: 'none', DEFAULT_PLAN: 'professional-monthly' });
  });
  afterAll(() => none.close());

  it('puts everyone on the default plan with a team, and hides billing', async () => {
    const ada = await registerUser(none.app);
    const get = (url: string) => none.app.inject({ url, headers: ada.auth });
    expect((await get('/api/subscription')).json()).toMatchObject({
      status: 'active',
      plan_code: 'professional-monthly',
      provider: 'none',
    });
    expect((await get('/api/organization')).json()).toMatchObject({
      name: "Ada Lovelace's team",
      max_team_members: 10,
    });
    expect((await get('/api/invoices')).statusCode).toBe(404);
    expect((await get('/api/app-config')).json().billing_provider).toBe('none');
  });
});
