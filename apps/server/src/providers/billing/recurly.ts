import { SALES_MESSAGES } from '@sitelens/contracts';
import type { Config } from '../../config';
import type { AttachResult, BillingProvider, ChargeResult, StoredPaymentMethod } from './billing-provider';

/**
 * Recurly's API v3 as our payment processor: the account (code = our user id) holds the billing
 * info that Recurly.js tokenized in the browser; a charge is a purchase of one line item, which
 * Recurly invoices and collects. Subscriptions, periods and our invoices stay in the sales module.
 */
export interface RecurlyOptions {
  apiKey: string;
  apiUrl: string;
  currency: string;
  fetch?: typeof fetch;
}

export function recurlyOptions(config: Config): RecurlyOptions {
  // loadConfig refuses `BILLING_PROVIDER=recurly` without its keys.
  return {
    apiKey: config.RECURLY_API_KEY ?? '',
    apiUrl: config.RECURLY_API_URL,
    currency: config.RECURLY_CURRENCY,
  };
}

const ACCEPT = 'application/vnd.recurly.v2021-02-25+json';
const TIMEOUT_MS = 20_000;

interface RecurlyError {
  error?: {
    type?: string;
    message?: string;
    transaction_error?: { three_d_secure_action_token_id?: string; message?: string };
  };
}

interface RecurlyBillingInfo {
  payment_method?: { card_type?: string; last_four?: string; billing_agreement_id?: string };
}

export interface RecurlyInvoice {
  id: string;
  number?: string;
  state: string;
}

export function createRecurlyClient(options: RecurlyOptions) {
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  return async function call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await doFetch(new URL(path, options.apiUrl), {
      method,
      headers: {
        accept: ACCEPT,
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  };
}

const errorMessage = (body: RecurlyError) =>
  body.error?.transaction_error?.message ?? body.error?.message ?? SALES_MESSAGES.cardValidationFallback;

export function createRecurlyProvider(options: RecurlyOptions): BillingProvider & {
  invoice(id: string): Promise<RecurlyInvoice | null>;
} {
  const call = createRecurlyClient(options);
  const account = (userId: string) => `/accounts/code-${encodeURIComponent(userId)}`;

  return {
    kind: 'recurly',

    async attachPaymentMethod({ userId, email, token, threeDSecureResultTokenId }): Promise<AttachResult> {
      const billingInfo = {
        token_id: token,
        ...(threeDSecureResultTokenId
          ? { three_d_secure_action_result_token_id: threeDSecureResultTokenId }
          : {}),
      };
      let result = await call<RecurlyBillingInfo & RecurlyError>(
        'PUT',
        `${account(userId)}/billing_info`,
        billingInfo,
      );
      if (result.status === 404) {
        // First payment method: the account is created with it.
        const created = await call<{ billing_info?: RecurlyBillingInfo } & RecurlyError>(
          'POST',
          '/accounts',
          {
            code: userId,
            email,
            billing_info: billingInfo,
          },
        );
        result = { status: created.status, body: { ...created.body, ...(created.body.billing_info ?? {}) } };
      }
      if (result.status === 200 || result.status === 201) {
        const method = result.body.payment_method ?? {};
        const stored: StoredPaymentMethod = {
          cardType: method.card_type ?? null,
          lastFour: method.last_four ?? null,
          paypalBillingAgreementId: method.billing_agreement_id ?? null,
          reference: userId,
        };
        return { kind: 'attached', method: stored };
      }
      const actionTokenId = result.body.error?.transaction_error?.three_d_secure_action_token_id;
      if (actionTokenId) return { kind: 'three_d_secure', tokenId: token, actionTokenId };
      return { kind: 'failed', message: errorMessage(result.body) };
    },

    async charge({ reference, amountInCents, description }): Promise<ChargeResult> {
      const result = await call<{ charge_invoice?: RecurlyInvoice } & RecurlyError>('POST', '/purchases', {
        currency: options.currency,
        account: { code: reference },
        line_items: [
          {
            currency: options.currency,
            unit_amount: amountInCents / 100,
            quantity: 1,
            description,
            type: 'charge',
          },
        ],
      });
      const invoice = result.body.charge_invoice;
      if ((result.status === 200 || result.status === 201) && invoice && invoice.state !== 'failed')
        return { ok: true, reference: invoice.id };
      return { ok: false, message: errorMessage(result.body) };
    },

    async invoice(id) {
      const result = await call<RecurlyInvoice>('GET', `/invoices/${encodeURIComponent(id)}`);
      return result.status === 200 ? result.body : null;
    },
  };
}
