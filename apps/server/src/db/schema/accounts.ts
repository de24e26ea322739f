import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  /** Lower-cased before it is stored and before it is compared. */
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  fName: text().notNull(),
  lName: text().notNull(),
  locale: text().notNull().default('en_US'),
  timezone: text().notNull().default('America/New_York'),
  /** Set when the user re-enters the current password; a password change must follow soon after. */
  passwordConfirmedAt: timestamp({ withTimezone: true }),
  /** An operator-given plan whose features add to the subscribed plan's (white-label reports). */
  overridePlanCode: text(),
  createdAt: createdAt(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organizations_owner_id_unique').on(t.ownerId)],
);

/** A user belongs to at most one organization, as its owner or as a member. */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<'owner' | 'member'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_user_id_unique').on(t.userId),
    index('memberships_organization_id_idx').on(t.organizationId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_organization_id_idx').on(t.organizationId),
    uniqueIndex('invitations_pending_email_unique')
      .on(t.organizationId, t.email)
      .where(sql`accepted_at is null`),
  ],
);

/** Refresh tokens, hashed; a family is one sign-in, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    rememberMe: boolean().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When it was exchanged for its successor; a later use past the grace window is a replay. */
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_user_id_idx').on(t.userId),
    index('refresh_tokens_family_id_idx').on(t.familyId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/** Why someone cancelled or deleted their account; kept after the user is gone. */
export const cancellationReasons = pgTable('cancellation_reasons', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull(),
  organizationId: uuid(),
  reason: text().notNull(),
  comment: text().notNull(),
  planCode: text(),
  createdAt: createdAt(),
});
