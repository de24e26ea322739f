import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { selftestJob } from '../modules/system/selftest';
import { createTestDatabase } from '../test/db';
import {
  exitOf,
  expireJobs,
  PROCESS_TEST_MS,
  readyOf,
  type SitelensProcess,
  spawnSitelens,
  waitFor,
} from '../test/processes';
import { type Queue, startQueue } from './queue';

// Separate processes can share only a database server: PGlite lives inside one process.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.info('worker process tests skipped: they need PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!serverUrl)('a sitelens worker in another process (PostgreSQL)', () => {
  let database: Database;
  let queue: Queue;
  let databaseUrl: string;
  const workers: SitelensProcess[] = [];

  const startWorker = async () => {
    const worker = spawnSitelens(['worker'], { DATABASE_URL: databaseUrl });
    workers.push(worker);
    await readyOf(worker, 'sitelens worker ready');
    return worker;
  };
  const results = (id: string) =>
    database.query<{ worker_pid: number }>('select worker_pid from selftest_results where id = $1', [id]);
  const jobState = async (id: string) =>
    (
      await database.query<{ state: string; retry_count: number }>(
        'select state, retry_count from pgboss.job where id = $1',
        [id],
      )
    )[0];
  /** What pg-boss's supervisor does to a job whose worker vanished, without waiting minutes for it. */
  const expireAbandoned = (id: string) => expireJobs(database, databaseUrl, 'id = $1', [id]);

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseUrl = (database.queueConnection as { connectionString: string }).connectionString;
    queue = await startQueue(database, {
      workers: false,
      schedules: false,
      logger: pino({ level: 'silent' }),
    });
  });
  afterEach(() => {
    for (const worker of workers.splice(0)) worker.kill('SIGKILL');
  });
  afterAll(async () => {
    await queue?.stop({ timeoutMs: 1_000 });
    await database?.close();
  });

  it(
    'does a job this process sent',
    async () => {
      const worker = await startWorker();
      const id = crypto.randomUUID();
      await queue.send(selftestJob, { id, delay_before_ms: 0, delay_after_ms: 0 });
      const rows = await waitFor(
        'the result',
        async () => {
          const found = await results(id);
          return found.length > 0 && found;
        },
        worker,
      );
      expect(rows).toEqual([{ worker_pid: worker.pid }]);
    },
    PROCESS_TEST_MS,
  );

  it.each([
    ['before', { delay_before_ms: 3_000, delay_after_ms: 0 }],
    ['after', { delay_before_ms: 0, delay_after_ms: 3_000 }],
  ] as const)(
    'retries a job whose worker was killed %s writing its result, and records it once',
    async (when, delays) => {
      const first = await startWorker();
      const id = crypto.randomUUID();
      const jobId = (await queue.send(selftestJob, { id, ...delays }))!;
      if (when === 'before')
        await waitFor('the job to start', async () => (await jobState(jobId))?.state === 'active', first);
      else await waitFor('the first result', async () => (await results(id)).length > 0, first);
      first.kill('SIGKILL');
      await exitOf(first);
      expect((await jobState(jobId))?.state).toBe('active'); // nobody finished it

      await expireAbandoned(jobId);
      const fresh = await startWorker();
      await waitFor(
        'the retried job to complete',
        async () => (await jobState(jobId))?.state === 'completed',
        fresh,
      );

      const rows = await results(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.worker_pid).toBe(when === 'before' ? fresh.pid : first.pid);
      expect((await jobState(jobId))?.retry_count).toBeGreaterThanOrEqual(1);
      expect((await queue.counts()).active).toBe(0);
    },
    60_000,
  );

  it("hands a killed worker's job to a live one within a minute, without waiting for its expiry", async () => {
    const holder = await startWorker();
    const id = crypto.randomUUID();
    const jobId = (await queue.send(selftestJob, { id, delay_before_ms: 10_000, delay_after_ms: 0 }))!;
    await waitFor('the job to start', async () => (await jobState(jobId))?.state === 'active', holder);
    // Killed while it waits before writing: the other worker starts only now, so it cannot take the
    // job first, and however long it takes to start, the holder never gets to finish.
    holder.kill('SIGKILL');
    await exitOf(holder);
    const killed = Date.now();
    const survivor = await startWorker(); // its sweeps find the dead worker
    await waitFor('the job to complete', async () => (await jobState(jobId))?.state === 'completed', 60_000);
    // When the job started again, on the database's clock, which the test shares.
    const [retried] = await database.query<{ started_ms: number }>(
      'select extract(epoch from started_on) * 1000 as started_ms from pgboss.job where id = $1',
      [jobId],
    );
    const seconds = (Number(retried!.started_ms) - killed) / 1000;
    console.info(`recovery: a killed worker's job started again ${seconds.toFixed(1)} s after the kill`);
    expect(seconds).toBeLessThan(60);
    expect(await results(id)).toEqual([{ worker_pid: survivor.pid }]);
    expect((await jobState(jobId))?.retry_count).toBe(1);
    expect((await queue.counts()).active).toBe(0);
  }, 90_000);

  it(
    'starts a job sent from another process at once, not at its next 2 s poll',
    async () => {
      await startWorker();
      const waits: number[] = [];
      for (let round = 0; round < 4; round++) {
        // Land at a different point of the worker's polling cycle each time.
        await new Promise((resolve) => setTimeout(resolve, 250 + round * 370));
        const id = crypto.randomUUID();
        const jobId = (await queue.send(selftestJob, { id, delay_before_ms: 0, delay_after_ms: 0 }))!;
        await waitFor('the job to start', async () => (await jobState(jobId))?.state !== 'created');
        const [row] = await database.query<{ wait_ms: number }>(
          'select extract(epoch from started_on - created_on) * 1000 as wait_ms from pgboss.job where id = $1',
          [jobId],
        );
        waits.push(Number(row!.wait_ms));
      }
      // By polling alone each wait is anywhere in 0–2 s; four of them under 0.7 s is 1 chance in 70.
      expect(Math.max(...waits)).toBeLessThan(700);
    },
    PROCESS_TEST_MS,
  );

  it(
    'finishes the running job on SIGTERM, then exits 0',
    async () => {
      const worker = await startWorker();
      const id = crypto.randomUUID();
      const jobId = (await queue.send(selftestJob, { id, delay_before_ms: 2_000, delay_after_ms: 0 }))!;
      await waitFor('the job to start', async () => (await jobState(jobId))?.state === 'active', worker);
      worker.kill('SIGTERM');
      expect(await exitOf(worker)).toBe(0);
      expect(await results(id)).toEqual([{ worker_pid: worker.pid }]);
      expect((await jobState(jobId))?.state).toBe('completed');
    },
    PROCESS_TEST_MS,
  );
});
