import { z } from 'zod';
import { EMAIL_MAX } from './accounts';

/** Texts of the sales screens and calls (accounts spec, sections 2, 4, 5 and 8). */
export const SALES_MESSAGES = {
  createSubscriptionFailed: 'Cannot create subscription. Please try again or contact support!',
  cancelSubscriptionFailed: 'Cannot cancel subscription. Please try again or contact support!',
  updateSubscriptionFailed: 'We cannot update your subscription. Please try again or contact support!',
  updatePaymentMethodFailed: 'We cannot update your payment method. Please try again or contact support!',
  updateBillingFailed: 'Cannot update billing information. Please try again or contact support!',
  fetchBillingFailed: 'Cannot fetch billing information. Please try again or contact support!',
  createOrganizationFailed: 'Cannot create organization',
  threeDSecureRequired: 'Your bank requires authentication using 3D Secure',
  threeDSecureFailed:
    'We were unable to authenticate your payment method… choose a different payment method and try again.',
  cardValidationFailed: 'Credit card validation failed!',
  cardValidationFallback: 'Please check your information and try again or contact our support team!',
  paymentMethodUpdated: 'Your payment method was successfully updated!',
  noInvoices: 'No invoices for your account',
  cardDeclined: 'Your card was declined.',
  invalidCardNumber: 'Invalid card number',
  invalidExpiration: 'Invalid expiration date',
  invalidCvv: 'Invalid CVV',
  invalidName: 'Invalid name',
  invalidZip: 'Invalid ZIP code',
  termsRequired: 'You must agree with our terms of service!',
  planNotFound: 'This plan does not exist.',
  noSubscription: 'You have no subscription yet.',
  alreadySubscribed: 'You already have a subscription; change its plan instead.',
  billingDisabled: 'Billing is turned off on this installation.',
  ownerOnly: 'Only the team owner can manage billing.',
  tokenUnknown: 'This payment token is unknown or was already used.',
  subscriptionEnded: 'Your subscription has expired; choose a plan to continue.',
  limitReached: 'You have reached the limit of your current plan.',
} as const;

/** Every plan setting of the spec's table. `legacy` and `default` are flags on the plan itself. */
export const PLAN_LIMIT_KEYS = [
  'seo_analysis_limit',
  'max_tracked_websites',
  'max_keywords',
  'max_monitored_regions',
  'max_competitors',
  'dp_max_domains',
  'dp_max_urls',
  'max_team_members',
] as const;
export type PlanLimitKey = (typeof PLAN_LIMIT_KEYS)[number];

export const PlanSettingsSchema = z.object({
  seo_analysis_limit: z.number().int(),
  max_tracked_websites: z.number().int(),
  max_keywords: z.number().int(),
  max_monitored_regions: z.number().int(),
  max_competitors: z.number().int(),
  dp_max_domains: z.number().int(),
  dp_max_urls: z.number().int(),
  max_team_members: z.number().int(),
  allow_white_label_reports: z.boolean(),
  legacy: z.boolean(),
  default: z.boolean(),
});
export type PlanSettings = z.infer<typeof PlanSettingsSchema>;

export const BillingPeriodSchema = z.enum(['monthly', 'yearly']);
export type BillingPeriod = z.infer<typeof BillingPeriodSchema>;

export const PlanSchema = z.object({
  code: z.string(),
  name: z.string(),
  price_in_cents: z.number().int().nonnegative(),
  billing_period: BillingPeriodSchema,
  interval_length: z.number().int().positive(),
  /** Marketing lines shown on the plan card. */
  features: z.array(z.string()),
  settings: PlanSettingsSchema,
});
export type Plan = z.infer<typeof PlanSchema>;

/** `GET /api/plans`: the catalogue grouped by billing period, in display order. */
export const PlansReplySchema = z.object({ monthly: z.array(PlanSchema), yearly: z.array(PlanSchema) });
export type PlansReply = z.infer<typeof PlansReplySchema>;

/** The committed catalogue file that `sitelens plans import` reads. */
export const PlanCatalogueSchema = z.object({ plans: z.array(PlanSchema).min(1) });

export const SubscriptionStatusSchema = z.enum(['active', 'canceled', 'expired']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const PlanDetailsSchema = z.object({
  name: z.string(),
  code: z.string(),
  price_in_cents: z.number().int(),
  interval_unit: z.enum(['months']),
  interval_length: z.number().int(),
});

/** `GET /api/subscription`: an empty object means no plan has been chosen yet. */
export const ActiveSubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  plan_code: z.string(),
  plan_details: PlanDetailsSchema,
  plan_settings: PlanSettingsSchema,
  current_period_ends_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  is_legacy_paypal: z.boolean(),
  /** Which processor handles it: `sandbox` payments are not real. */
  provider: z.enum(['sandbox', 'recurly', 'none']),
});
export type ActiveSubscription = z.infer<typeof ActiveSubscriptionSchema>;
export const SubscriptionSchema = z.union([ActiveSubscriptionSchema, z.strictObject({})]);
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const PaymentMethodSchema = z.enum(['credit_card', 'paypal']);

export const CreateSubscriptionBodySchema = z.strictObject({
  token: z.string().min(1).max(200),
  user_email: z.string().trim().max(EMAIL_MAX).toLowerCase().pipe(z.email()),
  payment_method: PaymentMethodSchema,
  plan_code: z.string().min(1).max(100),
  three_d_secure_action_result_token_id: z.string().min(1).max(200).optional(),
});
export const UpdateSubscriptionBodySchema = z.strictObject({ plan_code: z.string().min(1).max(100) });
export const CancelSubscriptionBodySchema = z.strictObject({
  plan_code: z.string().min(1).max(100),
  reason: z.string().trim().min(1).max(200),
  comment: z.string().trim().min(1).max(2000),
});

/** The first answer of a create or payment-method update when the bank asks for 3-D Secure. */
export const ThreeDSecureReplySchema = z.object({
  three_d_secure: z.literal(true),
  token_id: z.string(),
  action_token_id: z.string(),
});

export const BillingInfoSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  vat_number: z.string(),
  card_type: z.string().optional(),
  last_four: z.string().optional(),
  paypal_billing_agreement_id: z.string().optional(),
});
export type BillingInfo = z.infer<typeof BillingInfoSchema>;

const requiredName = z.string().trim().min(1).max(100);
const optionalText = z.string().trim().max(100).default('');
export const BillingInfoBodySchema = z.strictObject({
  first_name: requiredName,
  last_name: requiredName,
  company: optionalText,
  vat_number: optionalText,
});
export const PaymentMethodBodySchema = z.strictObject({
  token_id: z.string().min(1).max(200),
  company: optionalText,
  vat_number: optionalText,
  three_d_secure_action_result_token_id: z.string().min(1).max(200).optional(),
});

export const InvoiceSchema = z.object({
  invoice_number: z.string(),
  created_at: z.string(),
  status: z.enum(['paid', 'failed', 'pending']),
  total_in_cents: z.number().int(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** The sandbox processor's card form (`POST /api/billing/sandbox/tokens`). */
export const SandboxCardBodySchema = z.strictObject({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: SALES_MESSAGES.invalidCardNumber })),
  month: z.coerce.number().int().min(1, { error: SALES_MESSAGES.invalidExpiration }).max(12, {
    error: SALES_MESSAGES.invalidExpiration,
  }),
  year: z.coerce.number().int().min(2000, { error: SALES_MESSAGES.invalidExpiration }).max(2100, {
    error: SALES_MESSAGES.invalidExpiration,
  }),
  cvv: z.string().regex(/^\d{3,4}$/, { error: SALES_MESSAGES.invalidCvv }),
  first_name: z.string().trim().min(1, { error: SALES_MESSAGES.invalidName }).max(100),
  last_name: z.string().trim().min(1, { error: SALES_MESSAGES.invalidName }).max(100),
  zip: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, { error: SALES_MESSAGES.invalidZip }),
});
export const SandboxPaypalBodySchema = z.strictObject({ approve: z.boolean() });
export const SandboxTokenReplySchema = z.object({ id: z.string() });
export const SandboxThreeDSecureBodySchema = z.strictObject({
  action_token_id: z.string().min(1).max(200),
  approve: z.boolean(),
});

/** Monthly price shown on a plan card: a yearly plan's price divided by 12. */
export function monthlyPriceCents(plan: Pick<Plan, 'price_in_cents' | 'billing_period'>): number {
  return plan.billing_period === 'yearly' ? Math.round(plan.price_in_cents / 12) : plan.price_in_cents;
}

export const YEARLY_DISCOUNT_PERCENT = 10;
export const FREE_TRIAL_DAYS = 7;
/** Refund windows of the free-trial screen. */
export const REFUND_POLICY = { monthly: '24 hours', yearly: '7 days' } as const;
export const ACCEPTED_CARD_BRANDS = [
  'Visa',
  'MasterCard',
  'American Express',
  'JCB',
  'Discover',
  'Diners Club',
];
/** Sandbox test cards (the checkout screen lists them when payments are sandboxed). */
export const SANDBOX_CARDS = {
  success: '4111 1111 1111 1111',
  threeDSecure: '4000 0000 0000 3220',
  declined: '4000 0000 0000 0002',
} as const;

/** The card-number checksum; the form and the sandbox processor both refuse numbers that fail it. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Every price the product shows (plan cards, checkout, billing, invoices): cents as '$1,295.89'. */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}

/** The subscription, or null for the empty object that means no plan yet. */
export function activeSubscription(subscription: Subscription | null | undefined): ActiveSubscription | null {
  return subscription && 'plan_code' in subscription ? (subscription as ActiveSubscription) : null;
}
