import type { BillingInfo, Invoice } from '@sitelens/contracts';
import { AppError } from '../../errors';
import type { AuthContext } from '../../http/authenticate';
import { readBillingDetails } from './billing-details';
import { renderInvoicePdf } from './invoice-pdf';
import { requireBilling, requireBillingOwner, type SalesDeps } from './subscriptions';

/** `GET /api/billing_info`: names from the account until the owner fills the form in. */
export async function getBillingInfo(deps: SalesDeps, caller: AuthContext): Promise<BillingInfo> {
  requireBilling(deps);
  requireBillingOwner(caller);
  const row = await readBillingDetails(deps.database.query, caller.userId);
  return {
    first_name: row.first_name || row.f_name,
    last_name: row.last_name || row.l_name,
    company: row.company ?? '',
    vat_number: row.vat_number ?? '',
    ...(row.card_type ? { card_type: row.card_type } : {}),
    ...(row.last_four ? { last_four: row.last_four } : {}),
    ...(row.paypal_billing_agreement_id
      ? { paypal_billing_agreement_id: row.paypal_billing_agreement_id }
      : {}),
  };
}

export async function updateBillingInfo(
  deps: SalesDeps,
  caller: AuthContext,
  body: { first_name: string; last_name: string; company: string; vat_number: string },
): Promise<BillingInfo> {
  requireBilling(deps);
  requireBillingOwner(caller);
  await deps.database.query(
    `insert into billing_infos (user_id, first_name, last_name, company, vat_number) values ($1, $2, $3, $4, $5)
     on conflict (user_id) do update set first_name = $2, last_name = $3, company = $4, vat_number = $5, updated_at = now()`,
    [caller.userId, body.first_name, body.last_name, body.company, body.vat_number],
  );
  return getBillingInfo(deps, caller);
}

export type PaymentMethodResult =
  | { updated: BillingInfo }
  | { three_d_secure: true; token_id: string; action_token_id: string };

/** `POST /api/billing_info/payment_method`: a new card or PayPal agreement replaces the old one. */
export async function updatePaymentMethod(
  deps: SalesDeps,
  caller: AuthContext,
  body: {
    token_id: string;
    company: string;
    vat_number: string;
    three_d_secure_action_result_token_id?: string;
  },
): Promise<PaymentMethodResult> {
  requireBilling(deps);
  requireBillingOwner(caller);
  const attached = await deps.billing.attachPaymentMethod({
    userId: caller.userId,
    email: caller.email,
    token: body.token_id,
    threeDSecureResultTokenId: body.three_d_secure_action_result_token_id,
  });
  if (attached.kind === 'three_d_secure')
    return { three_d_secure: true, token_id: attached.tokenId, action_token_id: attached.actionTokenId };
  if (attached.kind === 'failed') throw new AppError('payment_required', attached.message);
  const { method } = attached;
  await deps.database.query(
    `insert into billing_infos (user_id, first_name, last_name, company, vat_number, card_type, last_four,
       paypal_billing_agreement_id, provider_payment_ref)
     select u.id, u.f_name, u.l_name, $2, $3, $4, $5, $6, $7 from users u where u.id = $1
     on conflict (user_id) do update set company = $2, vat_number = $3, card_type = $4, last_four = $5,
       paypal_billing_agreement_id = $6, provider_payment_ref = $7, updated_at = now()`,
    [
      caller.userId,
      body.company,
      body.vat_number,
      method.cardType,
      method.lastFour,
      method.paypalBillingAgreementId,
      method.reference,
    ],
  );
  return { updated: await getBillingInfo(deps, caller) };
}

/** `GET /api/invoices`: newest first. */
export async function listInvoices(deps: SalesDeps, caller: AuthContext): Promise<Invoice[]> {
  requireBilling(deps);
  requireBillingOwner(caller);
  return deps.database.query<Invoice>(
    `select number::text as invoice_number,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
            status, total_in_cents
       from invoices where user_id = $1 order by created_at desc, number desc`,
    [caller.userId],
  );
}

/** The largest invoice number: `invoices.number` is a PostgreSQL integer (a serial). */
const MAX_INVOICE_NUMBER = 2 ** 31 - 1;

/** `GET /api/invoices/pdf/{invoiceNumber}`: another user's number, or one no invoice can have, answers 404. */
export async function invoicePdf(
  deps: SalesDeps,
  caller: AuthContext,
  invoiceNumber: string,
): Promise<Buffer> {
  requireBilling(deps);
  requireBillingOwner(caller);
  const number = Number(invoiceNumber);
  const possible = Number.isSafeInteger(number) && number <= MAX_INVOICE_NUMBER;
  const [row] = possible
    ? await deps.database.query<{
        number: number;
        created_at: Date;
        status: string;
        total_in_cents: number;
        description: string;
        period_start: Date | null;
        period_end: Date | null;
        billed_to: { name: string; company: string; vat_number: string; email: string };
        payment_description: string;
      }>(
        `select number, created_at, status, total_in_cents, description, period_start, period_end, billed_to,
                payment_description
           from invoices where number = $1 and user_id = $2`,
        [number, caller.userId],
      )
    : [];
  if (!row) throw new AppError('not_found', 'This invoice does not exist.');
  return renderInvoicePdf({
    number: String(row.number),
    createdAt: new Date(row.created_at),
    status: row.status,
    totalInCents: row.total_in_cents,
    description: row.description,
    periodStart: row.period_start ? new Date(row.period_start) : null,
    periodEnd: row.period_end ? new Date(row.period_end) : null,
    billedTo: row.billed_to,
    payment: row.payment_description,
  });
}
