import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createTestDatabase } from '../test/db';
import { defineJob } from './define-job';
import { type Queue, startQueue } from './queue';

const logger = pino({ level: 'silent' });
const handled: { payload: unknown; jobId: string }[] = [];
const greetJob = defineJob(
  'test.greet',
  z.object({ name: z.string().min(1), times: z.number().int().positive().default(1) }),
  async (payload, { jobId }) => {
    handled.push({ payload, jobId });
  },
);

let database: Database;
let queue: Queue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startQueue(database, {
    workers: true,
    schedules: false,
    logger,
    jobs: [greetJob],
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await queue?.stop({ timeoutMs: 1_000 });
  await database?.close();
});

describe(`migrations (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('creates the tables once; applying them again changes nothing', async () => {
    const before = await database.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    await migrateDatabase(database);
    const after = await database.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(after[0]!.n).toBeGreaterThan(0);
    expect(await database.query("select to_regclass('public.selftest_results') as t")).toEqual([
      { t: 'selftest_results' },
    ]);
  });
});

describe(`defineJob and the queue (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses a payload that does not match the job schema, naming the field', async () => {
    await expect(queue.send(greetJob, { name: '' } as never)).rejects.toThrow(/name/);
    await expect(queue.send(greetJob, { name: 'Ada', times: -1 })).rejects.toThrow(/times/);
  });

  it('runs a sent job once, with the parsed payload', async () => {
    const id = await queue.send(greetJob, { name: 'Ada' } as never);
    expect(id).toEqual(expect.any(String));
    await until(() => handled.some((h) => h.jobId === id));
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // a second run would show up here
    expect(handled.filter((h) => h.jobId === id)).toEqual([
      { payload: { name: 'Ada', times: 1 }, jobId: id },
    ]);
  });

  it('registers the cron schedule of a scheduled job when it runs schedules, and not otherwise', async () => {
    const nightly = defineJob('test.nightly', z.object({}), async () => {}, { cron: '15 3 * * *' });
    const withoutSchedules = await startQueue(database, {
      workers: false,
      schedules: false,
      logger,
      jobs: [nightly],
    });
    await withoutSchedules.stop({ timeoutMs: 1_000 });
    expect(await database.query("select name from pgboss.schedule where name = 'test.nightly'")).toEqual([]);

    const scheduler = await startQueue(database, {
      workers: false,
      schedules: true,
      logger,
      jobs: [nightly],
    });
    await scheduler.stop({ timeoutMs: 1_000 });
    expect(
      await database.query("select name, cron, timezone from pgboss.schedule where name = 'test.nightly'"),
    ).toEqual([{ name: 'test.nightly', cron: '15 3 * * *', timezone: 'UTC' }]);
  });

  it('sends a job marked atStart once when the scheduler starts, and not without schedules', async () => {
    const seen: string[] = [];
    const waiting = defineJob(
      'test.at-start',
      z.object({}),
      async (_payload, { jobId }) => {
        seen.push(jobId);
      },
      { cron: '20 * * * *', atStart: true },
    );
    const ownDatabase = await createTestDatabase();
    const workerOnly = await startQueue(ownDatabase, {
      workers: true,
      schedules: false,
      logger,
      jobs: [waiting],
      pollingIntervalSeconds: 0.5,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(seen).toEqual([]);
    } finally {
      await workerOnly.stop({ timeoutMs: 1_000 });
    }
    // Two schedulers starting together: the work is done once.
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        startQueue(ownDatabase, {
          workers: true,
          schedules: true,
          logger,
          jobs: [waiting],
          pollingIntervalSeconds: 0.5,
        }),
      ),
    );
    try {
      await until(() => seen.length > 0, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(seen).toHaveLength(1);
    } finally {
      await first!.stop({ timeoutMs: 1_000 });
      await second!.stop({ timeoutMs: 1_000 });
      await ownDatabase.close();
    }
  });

  it('starts a job sent in this process at once, without waiting for the next poll', async () => {
    const seen: string[] = [];
    const ping = defineJob('test.ping', z.object({}), async (_payload, { jobId }) => {
      seen.push(jobId);
    });
    const ownDatabase = await createTestDatabase();
    // Workers that would otherwise ask for work only every 30 s.
    const sleepy = await startQueue(ownDatabase, {
      workers: true,
      schedules: false,
      logger,
      jobs: [ping],
      pollingIntervalSeconds: 30,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500)); // past the workers' first fetch
      const sent = performance.now();
      const id = await sleepy.send(ping, {});
      await until(() => seen.includes(id!), 10_000);
      expect(performance.now() - sent).toBeLessThan(5_000);
    } finally {
      await sleepy.stop({ timeoutMs: 1_000 });
      await ownDatabase.close();
    }
  });

  it('queues a job with the rows of a transaction: gone with a rollback, run after a commit', async () => {
    const rolledBack = database.transaction(async (query) => {
      await queue.send(greetJob, { name: 'Rolled back', times: 1 }, { transaction: query });
      throw new Error('the request failed after queueing');
    });
    await expect(rolledBack).rejects.toThrow('the request failed');
    const id = await database.transaction((query) =>
      queue.send(greetJob, { name: 'Committed', times: 1 }, { transaction: query }),
    );
    queue.wake(greetJob);
    await until(() => handled.some((h) => h.jobId === id));
    expect(
      await database.query(
        "select data->>'name' as name from pgboss.job where name = 'test.greet' order by created_on",
      ),
    ).not.toContainEqual({ name: 'Rolled back' });
    expect(handled.map((h) => (h.payload as { name: string }).name)).not.toContain('Rolled back');
  });

  it('counts waiting jobs for health', async () => {
    const counts = await queue.counts();
    expect(counts).toEqual({ queued: expect.any(Number), active: expect.any(Number) });
    expect(counts.queued).toBeGreaterThanOrEqual(0);
  });
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
