import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, timestamp } from 'drizzle-orm/pg-core';

/** Column builders every schema file uses. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A URL in an index, by its hash: a btree entry holds at most about 2,700 bytes and a crawled URL
 * has no such bound, so the URL itself would fail its row's insert. A query finds the row through
 * the index by comparing both, `md5(url) = md5($1) and url = $1`.
 */
export const urlHash = (column: AnyPgColumn): SQL => sql`md5(${column})`;
