import {
  FREE_TRIAL_DAYS,
  type Plan,
  SALES_MESSAGES,
  type Subscription,
  type SubscriptionStatus,
} from '@sitelens/contracts';
import type { Config } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import type { AuthContext } from '../../http/authenticate';
import type { BillingProvider, StoredPaymentMethod } from '../../providers/billing/billing-provider';
import { insertOrganization, SPEC_TEAM_NAME } from '../organization/service';
import { readBillingDetails } from './billing-details';
import { findPlan } from './catalogue';
import type { PlanLimits } from './plan-limits';

export interface SalesDeps {
  database: Database;
  config: Config;
  billing: BillingProvider;
  planLimits: PlanLimits;
}

interface SubscriptionRow {
  id: string;
  user_id: string;
  plan_code: string;
  status: SubscriptionStatus;
  provider: 'sandbox' | 'recurly' | 'none';
  payment_method: 'credit_card' | 'paypal' | null;
  current_period_started_at: Date | null;
  current_period_ends_at: Date | null;
  trial_ends_at: Date | null;
  is_legacy_paypal: boolean;
}

const SUBSCRIPTION_COLUMNS = `id, user_id, plan_code, status, provider, payment_method, current_period_started_at,
  current_period_ends_at, trial_ends_at, is_legacy_paypal`;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

function toSubscription(row: SubscriptionRow, plan: Plan): Subscription {
  return {
    status: row.status,
    plan_code: row.plan_code,
    plan_details: {
      name: plan.name,
      code: plan.code,
      price_in_cents: plan.price_in_cents,
      interval_unit: 'months',
      interval_length: plan.interval_length,
    },
    plan_settings: plan.settings,
    current_period_ends_at: iso(row.current_period_ends_at),
    trial_ends_at: iso(row.trial_ends_at),
    is_legacy_paypal: row.is_legacy_paypal,
    provider: row.provider,
  };
}

/** The user whose subscription governs the caller: the team owner, or the caller before a team exists. */
async function payerOf(query: QueryFn, caller: AuthContext): Promise<string> {
  if (!caller.organizationId) return caller.userId;
  const [row] = await query<{ owner_id: string }>('select owner_id from organizations where id = $1', [
    caller.organizationId,
  ]);
  return row?.owner_id ?? caller.userId;
}

/** Billing belongs to the owner, or to a user who has no team yet. */
export function requireBillingOwner(caller: AuthContext): void {
  if (caller.organizationId && caller.role !== 'owner')
    throw new AppError('forbidden', SALES_MESSAGES.ownerOnly);
}

export function requireBilling(deps: SalesDeps): void {
  if (deps.billing.kind === 'none') throw new AppError('not_found', SALES_MESSAGES.billingDisabled);
}

async function subscriptionRow(query: QueryFn, userId: string, lock = false) {
  const [row] = await query<SubscriptionRow>(
    `select ${SUBSCRIPTION_COLUMNS} from subscriptions where user_id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return row;
}

async function saleablePlan(query: QueryFn, code: string): Promise<Plan> {
  const plan = await findPlan(query, code);
  if (!plan || plan.settings.legacy) throw new AppError('bad_request', SALES_MESSAGES.planNotFound);
  return plan;
}

/** `GET /api/subscription`; `{}` until a plan is chosen. */
export async function getSubscription(deps: SalesDeps, caller: AuthContext): Promise<Subscription> {
  const query = deps.database.query;
  if (deps.billing.kind === 'none') {
    const effective = await deps.planLimits.ofUser(query, caller.userId);
    if (!effective.plan) return {};
    return toSubscription(
      {
        id: '',
        user_id: caller.userId,
        plan_code: effective.plan.code,
        status: 'active',
        provider: 'none',
        payment_method: null,
        current_period_started_at: null,
        current_period_ends_at: null,
        trial_ends_at: null,
        is_legacy_paypal: false,
      },
      effective.plan,
    );
  }
  const row = await subscriptionRow(query, await payerOf(query, caller));
  if (!row) return {};
  const plan = await findPlan(query, row.plan_code);
  return plan ? toSubscription(row, plan) : {};
}

interface InvoiceInput {
  userId: string;
  status: 'paid' | 'failed';
  plan: Plan;
  totalInCents: number;
  description: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  providerInvoiceId: string | null;
}

/** Writes an invoice with who was billed and how, as it stood when it was issued. */
export async function insertInvoice(query: QueryFn, input: InvoiceInput): Promise<void> {
  const who = await readBillingDetails(query, input.userId);
  const name = `${who.first_name || who.f_name} ${who.last_name || who.l_name}`.trim();
  const payment = who.paypal_billing_agreement_id
    ? 'PayPal'
    : who.last_four
      ? `${who.card_type ?? 'Card'} ending in ${who.last_four}`
      : 'No payment method';
  await query(
    `insert into invoices (user_id, status, total_in_cents, plan_code, description, period_start, period_end,
       billed_to, payment_description, provider_invoice_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (provider_invoice_id) where provider_invoice_id is not null do nothing`,
    [
      input.userId,
      input.status,
      input.totalInCents,
      input.plan.code,
      input.description,
      input.periodStart,
      input.periodEnd,
      JSON.stringify({
        name,
        company: who.company ?? '',
        vat_number: who.vat_number ?? '',
        email: who.email,
      }),
      payment,
      input.providerInvoiceId,
    ],
  );
}

async function storePaymentMethod(
  query: QueryFn,
  userId: string,
  method: StoredPaymentMethod,
): Promise<void> {
  await query(
    `insert into billing_infos (user_id, first_name, last_name, card_type, last_four, paypal_billing_agreement_id, provider_payment_ref)
     select u.id, u.f_name, u.l_name, $2, $3, $4, $5 from users u where u.id = $1
     on conflict (user_id) do update set card_type = $2, last_four = $3, paypal_billing_agreement_id = $4,
       provider_payment_ref = $5, updated_at = now()`,
    [userId, method.cardType, method.lastFour, method.paypalBillingAgreementId, method.reference],
  );
}

export type CreateResult =
  | { created: Subscription }
  | { three_d_secure: true; token_id: string; action_token_id: string };

/**
 * Starts a subscription: a 7-day free trial the first time (a $0 invoice, no charge), an
 * immediate charge after an expired one. The team 'Default' is created with it.
 */
export async function createSubscription(
  deps: SalesDeps,
  caller: AuthContext,
  body: {
    token: string;
    payment_method: 'credit_card' | 'paypal';
    plan_code: string;
    three_d_secure_action_result_token_id?: string;
  },
  now = new Date(),
): Promise<CreateResult> {
  requireBilling(deps);
  requireBillingOwner(caller);
  const query = deps.database.query;
  const plan = await saleablePlan(query, body.plan_code);
  const existing = await subscriptionRow(query, caller.userId);
  if (existing && existing.status !== 'expired')
    throw new AppError('conflict', SALES_MESSAGES.alreadySubscribed);

  const attached = await deps.billing.attachPaymentMethod({
    userId: caller.userId,
    email: caller.email,
    token: body.token,
    paymentMethod: body.payment_method,
    threeDSecureResultTokenId: body.three_d_secure_action_result_token_id,
  });
  if (attached.kind === 'three_d_secure')
    return { three_d_secure: true, token_id: attached.tokenId, action_token_id: attached.actionTokenId };
  if (attached.kind === 'failed') throw new AppError('payment_required', attached.message);

  const trial = !existing;
  const periodEnd = trial
    ? new Date(now.getTime() + FREE_TRIAL_DAYS * 86_400_000)
    : addMonths(now, plan.interval_length);
  let chargeReference: string | null = null;
  if (!trial) {
    const charge = await deps.billing.charge({
      userId: caller.userId,
      reference: attached.method.reference,
      amountInCents: plan.price_in_cents,
      description: `${plan.name} (${plan.billing_period})`,
    });
    if (!charge.ok) throw new AppError('payment_required', charge.message);
    chargeReference = charge.reference;
  }

  await deps.database.transaction(async (tx) => {
    await storePaymentMethod(tx, caller.userId, attached.method);
    const [row] = await tx<{ id: string }>(
      `insert into subscriptions (user_id, plan_code, status, provider, payment_method, current_period_started_at,
         current_period_ends_at, trial_ends_at)
       values ($1, $2, 'active', $3, $4, $5, $6, $7)
       on conflict (user_id) do update set plan_code = $2, status = 'active', provider = $3, payment_method = $4,
         current_period_started_at = $5, current_period_ends_at = $6, canceled_at = null, updated_at = now()
         where subscriptions.status = 'expired'
       returning id`,
      [
        caller.userId,
        plan.code,
        deps.billing.kind,
        body.payment_method,
        now,
        periodEnd,
        trial ? periodEnd : null,
      ],
    );
    if (!row) throw new AppError('conflict', SALES_MESSAGES.alreadySubscribed);
    await insertInvoice(tx, {
      userId: caller.userId,
      status: 'paid',
      plan,
      totalInCents: trial ? 0 : plan.price_in_cents,
      description: trial
        ? `${plan.name} (${plan.billing_period}): ${FREE_TRIAL_DAYS}-day free trial`
        : `${plan.name} (${plan.billing_period})`,
      periodStart: now,
      periodEnd,
      providerInvoiceId: chargeReference,
    });
    // The first subscription makes its payer the owner of a team.
    const [membership] = await tx('select 1 from memberships where user_id = $1', [caller.userId]);
    if (!membership) await insertOrganization(tx, SPEC_TEAM_NAME, caller.userId);
  });
  return { created: await getSubscription(deps, { ...caller, organizationId: null, role: null }) };
}

/**
 * `PATCH /api/subscription`: moves to another plan now. During the trial nothing is charged; a move
 * to another billing period starts a new period with a full charge; a dearer plan of the same period
 * is charged the difference for the days left; a cheaper one costs nothing until the next renewal.
 * It also takes back a cancellation.
 */
export async function updateSubscription(
  deps: SalesDeps,
  caller: AuthContext,
  planCode: string,
  now = new Date(),
): Promise<Subscription> {
  requireBilling(deps);
  requireBillingOwner(caller);
  const query = deps.database.query;
  const plan = await saleablePlan(query, planCode);
  const row = await subscriptionRow(query, caller.userId);
  if (!row) throw new AppError('not_found', SALES_MESSAGES.noSubscription);
  if (row.status === 'expired') throw new AppError('conflict', SALES_MESSAGES.subscriptionEnded);
  const current = (await findPlan(query, row.plan_code))!;

  const inTrial = row.trial_ends_at !== null && new Date(row.trial_ends_at) > now;
  let charge = 0;
  let periodStart = row.current_period_started_at ? new Date(row.current_period_started_at) : now;
  let periodEnd = row.current_period_ends_at
    ? new Date(row.current_period_ends_at)
    : addMonths(now, plan.interval_length);
  if (!inTrial && plan.code !== current.code) {
    if (plan.interval_length !== current.interval_length) {
      charge = plan.price_in_cents;
      periodStart = now;
      periodEnd = addMonths(now, plan.interval_length);
    } else if (plan.price_in_cents > current.price_in_cents) {
      const left =
        Math.max(0, periodEnd.getTime() - now.getTime()) / (periodEnd.getTime() - periodStart.getTime() || 1);
      charge = Math.round((plan.price_in_cents - current.price_in_cents) * left);
    }
  }
  let chargeReference: string | null = null;
  if (charge > 0) {
    const [billing] = await query<{ provider_payment_ref: string | null }>(
      'select provider_payment_ref from billing_infos where user_id = $1',
      [caller.userId],
    );
    if (!billing?.provider_payment_ref)
      throw new AppError('payment_required', SALES_MESSAGES.updateSubscriptionFailed);
    const result = await deps.billing.charge({
      userId: caller.userId,
      reference: billing.provider_payment_ref,
      amountInCents: charge,
      description: `Change to ${plan.name} (${plan.billing_period})`,
    });
    if (!result.ok) throw new AppError('payment_required', result.message);
    chargeReference = result.reference;
  }
  await deps.database.transaction(async (tx) => {
    await tx(
      `update subscriptions set plan_code = $2, status = 'active', canceled_at = null, current_period_started_at = $3,
         current_period_ends_at = $4, updated_at = now() where id = $1`,
      [row.id, plan.code, periodStart, periodEnd],
    );
    if (charge > 0)
      await insertInvoice(tx, {
        userId: caller.userId,
        status: 'paid',
        plan,
        totalInCents: charge,
        description: `Change from ${current.name} to ${plan.name} (${plan.billing_period})`,
        periodStart: now,
        periodEnd,
        providerInvoiceId: chargeReference,
      });
  });
  return getSubscription(deps, caller);
}

/** The reason for leaving (`POST /api/subscription/reason`, or with a cancellation) is billing: a member gets 403. */
export async function saveCancellationReason(
  query: QueryFn,
  caller: AuthContext,
  body: { reason: string; comment: string; plan_code?: string },
): Promise<void> {
  requireBillingOwner(caller);
  await query(
    'insert into cancellation_reasons (email, organization_id, reason, comment, plan_code) values ($1, $2, $3, $4, $5)',
    [caller.email, caller.organizationId, body.reason, body.comment, body.plan_code ?? null],
  );
}

/** `DELETE /api/subscription`: canceled now, still active until the period (or the trial) ends. */
export async function cancelSubscription(
  deps: SalesDeps,
  caller: AuthContext,
  body: { plan_code: string; reason: string; comment: string },
): Promise<Subscription> {
  requireBilling(deps);
  requireBillingOwner(caller);
  await deps.database.transaction(async (tx) => {
    const row = await subscriptionRow(tx, caller.userId, true);
    if (!row) throw new AppError('not_found', SALES_MESSAGES.noSubscription);
    if (row.status === 'expired') throw new AppError('conflict', SALES_MESSAGES.subscriptionEnded);
    if (row.status === 'active')
      await tx(
        `update subscriptions set status = 'canceled', canceled_at = now(), updated_at = now() where id = $1`,
        [row.id],
      );
    await saveCancellationReason(tx, caller, body);
  });
  return getSubscription(deps, caller);
}

/**
 * The daily billing cycle: a canceled subscription whose period is over expires; an active one is
 * renewed (charged and invoiced), or expires when the charge fails. Each subscription is settled in
 * its own transaction and moves past `now`, so running it twice changes nothing.
 */
export async function runBillingCycle(
  database: Database,
  billing: BillingProvider,
  now = new Date(),
): Promise<{ renewed: number; expired: number }> {
  const due = await database.query<{ id: string }>(
    `select id from subscriptions
      where status in ('active', 'canceled') and current_period_ends_at <= $1 and provider <> 'none'
      order by current_period_ends_at`,
    [now],
  );
  let renewed = 0;
  let expired = 0;
  for (const { id } of due) {
    const outcome = await database.transaction(async (tx) => {
      const [row] = await tx<SubscriptionRow & { provider_payment_ref: string | null }>(
        `select s.id, s.user_id, s.plan_code, s.status, s.current_period_ends_at, b.provider_payment_ref
           from subscriptions s left join billing_infos b on b.user_id = s.user_id
          where s.id = $1 and s.status in ('active', 'canceled') and s.current_period_ends_at <= $2
          for update of s skip locked`,
        [id, now],
      );
      if (!row) return 'skipped';
      const expire = () =>
        tx(`update subscriptions set status = 'expired', updated_at = now() where id = $1`, [row.id]);
      const plan = await findPlan(tx, row.plan_code);
      if (row.status === 'canceled' || !plan || plan.settings.legacy || !row.provider_payment_ref) {
        await expire();
        return 'expired';
      }
      const start = new Date(row.current_period_ends_at!);
      let end = addMonths(start, plan.interval_length);
      while (end <= now) end = addMonths(end, plan.interval_length);
      const charge = await billing.charge({
        userId: row.user_id,
        reference: row.provider_payment_ref,
        amountInCents: plan.price_in_cents,
        description: `${plan.name} (${plan.billing_period})`,
        query: tx,
      });
      await insertInvoice(tx, {
        userId: row.user_id,
        status: charge.ok ? 'paid' : 'failed',
        plan,
        totalInCents: plan.price_in_cents,
        description: `${plan.name} (${plan.billing_period}): renewal`,
        periodStart: start,
        periodEnd: end,
        providerInvoiceId: charge.ok ? charge.reference : null,
      });
      if (!charge.ok) {
        await expire();
        return 'expired';
      }
      await tx(
        `update subscriptions set current_period_started_at = $2, current_period_ends_at = $3, updated_at = now()
          where id = $1`,
        [row.id, start, end],
      );
      return 'renewed';
    });
    if (outcome === 'renewed') renewed++;
    if (outcome === 'expired') expired++;
  }
  return { renewed, expired };
}
