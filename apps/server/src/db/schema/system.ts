import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per `system.selftest` job: the slot that makes the job idempotent (SECURITY.md G). */
export const selftestResults = pgTable('selftest_results', {
  id: uuid().primaryKey(),
  workerPid: integer().notNull(),
  doneAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A process that runs job workers and when it last said it was alive. A process that stops beating
 * has died: the jobs it was running are handed back to the queue (see jobs/worker-liveness.ts).
 */
export const workerProcesses = pgTable('worker_processes', {
  id: uuid().primaryKey(),
  pid: integer().notNull(),
  host: text().notNull(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Which process runs each job in progress; no foreign key, as a dead process's row is removed. */
export const jobRuns = pgTable('job_runs', {
  jobId: uuid().primaryKey(),
  processId: uuid().notNull(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
