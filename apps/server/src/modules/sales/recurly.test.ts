import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecurlyProvider } from '../../providers/billing/recurly';
import { type Account, createTestApp, registerUser, type TestApp } from '../../test/app';
import { type FakeRecurly, startFakeRecurly } from '../../test/fake-recurly';
import { runBillingCycle } from './subscriptions';

const SECRET = 'recurly-webhook-secret';
let recurly: FakeRecurly;
let t: TestApp;
beforeAll(async () => {
  recurly = await startFakeRecurly();
  t = await createTestApp({
    BILLING_PROVIDER: 'recurly',
    RECURLY_API_KEY: recurly.apiKey,
    RECURLY_PUBLIC_KEY: 'ewr1-public-key',
    RECURLY_WEBHOOK_SECRET: SECRET,
    RECURLY_API_URL: recurly.url,
  });
});
afterAll(async () => {
  await t.close();
  await recurly.close();
});

const subscribe = (who: Account, token: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: who.auth,
    payload: {
      token,
      user_email: who.email,
      payment_method: 'credit_card',
      plan_code: 'pro-monthly',
      ...extra,
    },
  });

const provider = () =>
  createRecurlyProvider({ apiKey: recurly.apiKey, apiUrl: recurly.url, currency: 'USD' });

describe('BILLING_PROVIDER=recurly', () => {
  it('starts a trial with a Recurly.js token: the account is created with its billing info', async () => {
    const ada = await registerUser(t.app);
    const res = await subscribe(ada, 'tok-ok');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'active', provider: 'recurly' });
    expect(recurly.accounts.get(ada.guid)).toMatchObject({ email: ada.email, card: { last_four: '1111' } });
    const info = await t.app.inject({ url: '/api/billing_info', headers: ada.auth });
    expect(info.json()).toMatchObject({ card_type: 'Visa', last_four: '1111' });
    expect((await t.app.inject({ url: '/api/app-config' })).json().billing_provider).toBe('recurly');
  });

  it('bills the signed-in user: user_email in the body never names the Recurly account', async () => {
    const ada = await registerUser(t.app);
    const res = await subscribe(ada, 'tok-ok', { user_email: 'mallory@example.test' });
    expect(res.statusCode).toBe(201);
    expect(recurly.accounts.get(ada.guid)).toMatchObject({ email: ada.email });
    const [invoice] = await t.database.query<{ billed_to: { email: string } }>(
      'select billed_to from invoices where user_id = $1',
      [ada.guid],
    );
    expect(invoice?.billed_to.email).toBe(ada.email);
  });

  it("passes on Recurly's 3-D Secure action, then completes with the result token", async () => {
    const ada = await registerUser(t.app);
    const first = await subscribe(ada, 'tok-3ds');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ three_d_secure: true, token_id: 'tok-3ds', action_token_id: 'act-3ds' });
    const done = await subscribe(ada, 'tok-3ds', { three_d_secure_action_result_token_id: 'res-ok' });
    expect(done.statusCode).toBe(201);
  });

  it("answers a declined card with Recurly's message and writes nothing", async () => {
    const ada = await registerUser(t.app);
    const res = await subscribe(ada, 'tok-declined');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('Your card was declined.');
    expect(await t.database.query('select 1 from subscriptions where user_id = $1', [ada.guid])).toEqual([]);
  });

  it('renews through a Recurly purchase, in the configured currency', async () => {
    const ada = await registerUser(t.app);
    await subscribe(ada, 'tok-ok');
    await t.database.query(
      `update subscriptions set current_period_ends_at = now() - interval '1 minute' where user_id = $1`,
      [ada.guid],
    );
    await runBillingCycle(t.database, provider());
    expect(recurly.purchases.at(-1)).toMatchObject({
      account: ada.guid,
      currency: 'USD',
      unit_amount: 59.99,
    });
    const [invoice] = await t.database.query<{
      status: string;
      provider_invoice_id: string;
      total_in_cents: number;
    }>(
      'select status, provider_invoice_id, total_in_cents from invoices where user_id = $1 order by number desc limit 1',
      [ada.guid],
    );
    expect(invoice).toMatchObject({ status: 'paid', total_in_cents: 5999 });
    expect(invoice!.provider_invoice_id).toMatch(/^inv-/);
  });

  it('keeps the sandbox processor closed', async () => {
    const ada = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/sandbox/paypal',
      headers: ada.auth,
      payload: { approve: true },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('Recurly webhooks (SECURITY.md E)', () => {
  const sign = (body: string, timestamp = Date.now(), secret = SECRET) =>
    `${timestamp},${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  const post = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/recurly/webhooks',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'recurly-signature': signature } : {}),
      },
      payload: body,
    });

  async function paidInvoice() {
    const ada = await registerUser(t.app);
    await subscribe(ada, 'tok-ok');
    await t.database.query(
      `update subscriptions set current_period_ends_at = now() - interval '1 minute' where user_id = $1`,
      [ada.guid],
    );
    await runBillingCycle(t.database, provider());
    const [row] = await t.database.query<{ provider_invoice_id: string }>(
      'select provider_invoice_id from invoices where user_id = $1 and provider_invoice_id is not null',
      [ada.guid],
    );
    return row!.provider_invoice_id;
  }
  const statusOf = async (id: string) =>
    (
      await t.database.query<{ status: string }>(
        'select status from invoices where provider_invoice_id = $1',
        [id],
      )
    )[0]?.status;

  it('refuses a missing, forged, re-keyed or stale signature, and changes nothing', async () => {
    const invoiceId = await paidInvoice();
    recurly.invoices.get(invoiceId)!.state = 'failed';
    const body = JSON.stringify({
      id: 'evt-forged',
      object_type: 'charge_invoice',
      event_type: 'failed',
      uuid: invoiceId,
    });
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, sign(`${body} `))).statusCode).toBe(401);
    expect((await post(body, sign(body, Date.now(), 'another-secret'))).statusCode).toBe(401);
    expect((await post(body, sign(body, Date.now() - 6 * 60_000))).statusCode).toBe(401);
    expect(await statusOf(invoiceId)).toBe('paid');
  });

  it('applies an event once, and follows Recurly whatever order events arrive in', async () => {
    const invoiceId = await paidInvoice();
    // The "paid" notification arrives after Recurly already marked the invoice failed (a chargeback):
    // the stored state is Recurly's, not the arrival order's.
    recurly.invoices.get(invoiceId)!.state = 'failed';
    const late = JSON.stringify({
      id: 'evt-paid',
      object_type: 'charge_invoice',
      event_type: 'paid',
      uuid: invoiceId,
    });
    const first = await post(late, sign(late));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    expect(await statusOf(invoiceId)).toBe('failed');

    recurly.invoices.get(invoiceId)!.state = 'paid';
    const replay = await post(late, sign(late));
    expect(replay.json()).toEqual({ outcome: 'duplicate' });
    expect(await statusOf(invoiceId)).toBe('failed');
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from webhook_events where event_id = 'evt-paid'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
