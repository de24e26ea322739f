import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column builders every schema file uses. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
