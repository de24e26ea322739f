import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per `system.selftest` job: the slot that makes the job idempotent (SECURITY.md G). */
export const selftestResults = pgTable('selftest_results', {
  id: uuid().primaryKey(),
  workerPid: integer().notNull(),
  doneAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
