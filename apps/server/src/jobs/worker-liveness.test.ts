import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { defineJob } from './define-job';
import { type Queue, startQueue } from './queue';
import { DEAD_AFTER_SECONDS, handBackAbandoned } from './worker-liveness';

const logger = pino({ level: 'silent' });
const choreJob = defineJob('test.chore', z.object({}), async () => {}, { retryLimit: 2, retryDelay: 60 });
const NAMES = [choreJob.name];

let database: Database;
let queue: Queue;
let boss: PgBoss;

beforeAll(async () => {
  database = await createTestDatabase();
  // No workers here: the test plays the worker processes itself, through job_runs and heartbeats.
  queue = await startQueue(database, { workers: false, schedules: false, logger, jobs: [choreJob] });
  boss = new PgBoss({ ...database.queueConnection, supervise: false, schedule: false, migrate: false });
  await boss.start();
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await queue?.stop({ timeoutMs: 1_000 });
  await database?.close();
});

/** A job as a worker process holds it: fetched (active) and noted in job_runs, started `ago` seconds ago. */
async function runningJob(process: { id: string; silentFor: number } | null, ago: number): Promise<string> {
  const id = (await queue.send(choreJob, {}))!;
  // As pg-boss's fetch marks it, backdated.
  await database.query(
    `update pgboss.job set state = 'active', started_on = now() - make_interval(secs => $2), retry_count = 0
      where id = $1`,
    [id, ago],
  );
  if (process) {
    await database.query(
      `insert into worker_processes (id, pid, host, beat_at) values ($1, 1, 'test', now() - make_interval(secs => $2))
       on conflict (id) do update set beat_at = excluded.beat_at`,
      [process.id, process.silentFor],
    );
    await database.query('insert into job_runs (job_id, process_id) values ($1, $2)', [id, process.id]);
  }
  return id;
}

const stateOf = async (id: string) =>
  (
    await database.query<{ state: string; due: boolean }>(
      'select state, start_after <= now() as due from pgboss.job where id = $1',
      [id],
    )
  )[0];

describe(`handing back a dead worker's jobs (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("never takes a live process's job, however long it has run", async () => {
    const live = { id: crypto.randomUUID(), silentFor: 2 };
    const id = await runningJob(live, 3600);
    expect(await handBackAbandoned(database, boss, NAMES, DEAD_AFTER_SECONDS, logger)).toBe(0);
    expect((await stateOf(id))?.state).toBe('active');
  });

  it('hands back, once and at once, the job of a process silent past the limit', async () => {
    const dead = { id: crypto.randomUUID(), silentFor: DEAD_AFTER_SECONDS + 1 };
    const id = await runningJob(dead, DEAD_AFTER_SECONDS + 5);
    expect(await handBackAbandoned(database, boss, NAMES, DEAD_AFTER_SECONDS, logger)).toBe(1);
    // A retry due now, not after the job's 60 s retry delay: the job did not fail, its worker did.
    expect(await stateOf(id)).toEqual({ state: 'retry', due: true });
    expect(await database.query('select 1 from job_runs where job_id = $1', [id])).toEqual([]);
    expect(await database.query('select 1 from worker_processes where id = $1', [dead.id])).toEqual([]);
    // A second sweep, by this or another process, finds nothing more to do.
    expect(await handBackAbandoned(database, boss, NAMES, DEAD_AFTER_SECONDS, logger)).toBe(0);
  });

  it('hands back a job nobody noted (its worker died as it fetched it), but not one just fetched', async () => {
    const orphan = await runningJob(null, DEAD_AFTER_SECONDS + 5);
    const fresh = await runningJob(null, 1);
    expect(await handBackAbandoned(database, boss, NAMES, DEAD_AFTER_SECONDS, logger)).toBe(1);
    expect((await stateOf(orphan))?.state).toBe('retry');
    expect((await stateOf(fresh))?.state).toBe('active');
  });

  it('retries a job whose attempts are used up no more: it fails', async () => {
    const dead = { id: crypto.randomUUID(), silentFor: DEAD_AFTER_SECONDS + 1 };
    const id = await runningJob(dead, DEAD_AFTER_SECONDS + 5);
    await database.query('update pgboss.job set retry_count = retry_limit where id = $1', [id]);
    expect(await handBackAbandoned(database, boss, NAMES, DEAD_AFTER_SECONDS, logger)).toBe(1);
    expect((await stateOf(id))?.state).toBe('failed');
  });
});
