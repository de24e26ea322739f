import type { BillingPeriod, PlanSettings, SubscriptionStatus } from '@sitelens/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/** The plan catalogue, seeded from `plans/catalogue.json` and managed with `sitelens plans`. */
export const plans = pgTable('plans', {
  code: text().primaryKey(),
  name: text().notNull(),
  priceInCents: integer().notNull(),
  billingPeriod: text().$type<BillingPeriod>().notNull(),
  intervalLength: integer().notNull(),
  features: jsonb().$type<string[]>().notNull(),
  settings: jsonb().$type<PlanSettings>().notNull(),
  /** Order on the plans screen; the second card is the "BEST CHOICE". */
  position: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One subscription per paying user; the organization they own gets its plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planCode: text()
      .notNull()
      .references(() => plans.code),
    status: text().$type<SubscriptionStatus>().notNull(),
    provider: text().$type<'sandbox' | 'recurly' | 'none'>().notNull(),
    providerSubscriptionId: text(),
    paymentMethod: text().$type<'credit_card' | 'paypal'>(),
    /** seo_analysis_limit counts from here: the limits are per billing period. */
    currentPeriodStartedAt: timestamp({ withTimezone: true }),
    currentPeriodEndsAt: timestamp({ withTimezone: true }),
    trialEndsAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    isLegacyPaypal: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_user_id_unique').on(t.userId)],
);

/** What the invoice and the payment-method tab show; never a card number. */
export const billingInfos = pgTable('billing_infos', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text().notNull().default(''),
  lastName: text().notNull().default(''),
  company: text().notNull().default(''),
  vatNumber: text().notNull().default(''),
  cardType: text(),
  lastFour: text(),
  paypalBillingAgreementId: text(),
  /** The processor's reusable payment method (sandbox token, Recurly account code). */
  providerPaymentRef: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Sequential and human-facing; the PDF and the download path use it. */
    number: serial().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<'paid' | 'failed' | 'pending'>().notNull(),
    totalInCents: integer().notNull(),
    planCode: text().notNull(),
    description: text().notNull(),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    billedTo: jsonb().$type<{ name: string; company: string; vat_number: string; email: string }>().notNull(),
    paymentDescription: text().notNull(),
    providerInvoiceId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_user_id_created_at_idx').on(t.userId, t.createdAt),
    uniqueIndex('invoices_provider_invoice_id_unique')
      .on(t.providerInvoiceId)
      .where(sql`provider_invoice_id is not null`),
  ],
);

/**
 * The sandbox processor's one-use tokens: cards (brand and last four only), PayPal approvals and
 * 3-D Secure actions and results.
 */
export const sandboxTokens = pgTable(
  'sandbox_tokens',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<'card' | 'paypal' | 'three_d_secure_action' | 'three_d_secure_result'>().notNull(),
    /** How the processor answers a charge: the test card decides it. */
    outcome: text().$type<'success' | 'three_d_secure' | 'declined'>().notNull(),
    cardType: text(),
    lastFour: text(),
    firstName: text(),
    lastName: text(),
    /** The card token an action or result belongs to. */
    parentId: text(),
    usedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_tokens_user_id_idx').on(t.userId)],
);

/** Provider webhooks already handled: a replay of the same event changes nothing. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_unique').on(t.provider, t.eventId)],
);
