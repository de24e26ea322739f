import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { bytea, createdAt } from './columns';

/**
 * An organization's white-label report template: a name, a header and a footer line, and a logo.
 * The logo is stored re-encoded (PNG, 70 px high) under a key generated here, never a name the user
 * chose; a new logo gets a new key.
 */
export const whiteLabelTemplates = pgTable(
  'white_label_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    header: text().notNull().default(''),
    footer: text().notNull().default(''),
    logoKey: uuid(),
    logoPng: bytea(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('white_label_templates_organization_idx').on(t.organizationId, t.updatedAt)],
);
