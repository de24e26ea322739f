import type { QueryFn } from '../../db/client';

/**
 * A payment processor behind the sales module. The module owns subscriptions, periods and
 * invoices; a processor only vouches for payment methods and moves money.
 */
export type BillingProviderKind = 'sandbox' | 'recurly' | 'none';

export interface StoredPaymentMethod {
  cardType: string | null;
  lastFour: string | null;
  paypalBillingAgreementId: string | null;
  /** What the processor charges later (a sandbox card token, a Recurly account code). */
  reference: string;
}

export type AttachResult =
  | { kind: 'attached'; method: StoredPaymentMethod }
  /** The bank wants the customer to authenticate; the client finishes it and sends the result token. */
  | { kind: 'three_d_secure'; tokenId: string; actionTokenId: string }
  | { kind: 'failed'; message: string };

export type ChargeResult = { ok: true; reference: string } | { ok: false; message: string };

export interface BillingProvider {
  kind: BillingProviderKind;
  /** Checks a payment token from the checkout form and makes it the user's payment method. */
  attachPaymentMethod(input: {
    userId: string;
    /** The customer's e-mail, for a processor that keeps customer records. */
    email?: string;
    token: string;
    /** Absent when any kind of method will do (a payment-method update). */
    paymentMethod?: 'credit_card' | 'paypal';
    threeDSecureResultTokenId?: string;
  }): Promise<AttachResult>;
  /**
   * Charges the stored payment method. `query` is the caller's open transaction, for a processor
   * that keeps its state in our database (the sandbox): PGlite has one connection, so a query
   * outside the transaction would wait for it forever.
   */
  charge(input: {
    userId: string;
    reference: string;
    amountInCents: number;
    description: string;
    query?: QueryFn;
  }): Promise<ChargeResult>;
}
