import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Secrets the product makes for itself on first start (signing keys), so nothing must be configured. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail the product sends; without SMTP this is where a local user reads them. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    links: jsonb().$type<string[]>().notNull(),
    /** The files attached (name, type, size; not their bytes). */
    attachments: jsonb()
      .$type<{ filename: string; content_type: string; bytes: number }[]>()
      .notNull()
      .default([]),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    /** When the mail's links stop working (its token's end): the row, links and all, goes then. */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_recipient_created_at_idx').on(t.recipient, t.createdAt)],
);

/** Human-check solutions already accepted: each is good once. */
export const humanCheckSolutions = pgTable('human_check_solutions', {
  signature: text().primaryKey(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** Fixed-window counters shared by every API process (rate limits on sign-in, reset, invitations). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});

/**
 * Creation calls the server has answered (or is answering) under an `Idempotency-Key`, for a
 * minute: the same key from the same user gets the first answer again instead of a second creation.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid().notNull(),
    key: text().notNull(),
    /** sha256 of method, path and body: the key may not be reused for another request. */
    fingerprint: text().notNull(),
    /** Null while the first request runs. */
    statusCode: integer(),
    contentType: text(),
    body: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
