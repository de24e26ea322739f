import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, QueryFn } from '../db/client';
import type { JobDefinition } from './define-job';
import { registeredJobs } from './registry';
import { startWorkerLiveness } from './worker-liveness';

export interface SendOptions {
  singletonKey?: string;
  startAfter?: number;
  /**
   * Enqueue inside this transaction, so the job exists exactly when the rows it works on do. The
   * job is not visible to workers before the commit: call `wake(job)` after it.
   */
  transaction?: QueryFn;
}

export interface Queue {
  /** Validates the payload against the job's schema and enqueues it; returns the job id. */
  send<P>(job: JobDefinition<P>, payload: P, options?: SendOptions): Promise<string | null>;
  /** Wakes this process's idle workers of `job` (after a send inside a transaction has committed). */
  wake<P>(job: JobDefinition<P>): void;
  /** Jobs waiting and running over every registered queue, for health. */
  counts(): Promise<{ queued: number; active: number }>;
  /** Whether this process runs workers. */
  hasWorkers: boolean;
  /** Stops fetching, lets running handlers finish (up to the timeout), then stops. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export interface QueueOptions {
  workers: boolean;
  schedules: boolean;
  logger: Logger;
  // biome-ignore lint/suspicious/noExplicitAny: jobs with different payload types
  jobs?: JobDefinition<any>[];
  /** How often an idle worker asks for work (default 2 s). */
  pollingIntervalSeconds?: number;
}

/** Starts pg-boss on the product's database, creates the queues, and runs workers and schedules as asked. */
export async function startQueue(database: Database, options: QueueOptions): Promise<Queue> {
  const { logger, jobs = registeredJobs } = options;
  const boss = new PgBoss({
    ...database.queueConnection,
    application_name: 'sitelens',
    schedule: options.schedules,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const job of jobs) {
    const settings = {
      name: job.name,
      retryLimit: job.options.retryLimit,
      retryDelay: job.options.retryDelay,
      retryBackoff: job.options.retryBackoff,
      expireInSeconds: job.options.expireInSeconds,
    };
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, settings);
    else await boss.createQueue(job.name, settings);
  }

  // Handlers get this queue to start other jobs; a job fetched while it is being built waits for it.
  let queueBuilt: (queue: Queue) => void = () => {};
  const built = new Promise<Queue>((resolve) => {
    queueBuilt = resolve;
  });
  // This process's workers by job name: a job sent here wakes them instead of waiting for a poll.
  const localWorkers = new Map<string, string[]>();
  const liveness = options.workers
    ? await startWorkerLiveness(database, boss, { jobNames: jobs.map((job) => job.name), logger })
    : null;
  if (liveness) {
    for (const job of jobs) {
      for (let slot = 0; slot < job.options.concurrency; slot++) {
        const workerId = await boss.work(
          job.name,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([received]) => {
            if (!received) return;
            const log = logger.child({ job: job.name, jobId: received.id });
            const payload = job.payload.parse(received.data);
            const started = performance.now();
            await liveness.started(received.id);
            try {
              await job.handler(payload, { database, jobId: received.id, logger: log, queue: await built });
            } finally {
              await liveness.finished(received.id);
            }
            log.info({ ms: Math.round(performance.now() - started) }, 'job done');
          },
        );
        localWorkers.set(job.name, [...(localWorkers.get(job.name) ?? []), workerId]);
      }
    }
  }

  if (options.schedules) {
    for (const job of jobs) {
      if (job.options.cron) await boss.schedule(job.name, job.options.cron, {}, { tz: 'UTC' });
      // Once per start, however many schedulers start together.
      if (job.options.atStart)
        await boss.send(job.name, {}, { singletonKey: 'at-start', singletonSeconds: 60 });
    }
  }

  // An idle worker of this process starts at once (a busy one ignores the call).
  const wake = (name: string) => {
    for (const workerId of localWorkers.get(name) ?? []) boss.notifyWorker(workerId);
  };
  // On PostgreSQL, worker processes also hear of each job sent anywhere (NOTIFY on commit), so a
  // distributed setup starts jobs as promptly as the embedded one; polling stays as the fallback.
  const connectionString =
    'connectionString' in database.queueConnection ? database.queueConnection.connectionString : null;
  const listener =
    options.workers && connectionString ? await listenForJobs(connectionString, wake, logger) : null;
  const announce = async (name: string, query: QueryFn) => {
    if (connectionString) await query('select pg_notify($1, $2)', [JOB_CHANNEL, name]);
  };

  let stopped = false;
  const queue: Queue = {
    hasWorkers: options.workers,
    async send(job, payload, sendOptions = {}) {
      const data = job.payload.parse(payload) as object;
      const { transaction } = sendOptions;
      const id = await boss.send(job.name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(transaction
          ? {
              db: {
                executeSql: async (text: string, values?: unknown[]) => ({
                  rows: await transaction(text, values),
                }),
              },
            }
          : {}),
      });
      if (!sendOptions.startAfter) {
        await announce(job.name, transaction ?? database.query);
        if (!transaction) wake(job.name);
      }
      return id;
    },
    wake: (job) => wake(job.name),
    async counts() {
      // One query over pg-boss's job table (its states are an ordered enum), not two per queue.
      const [row] = await database.query<{ queued: number; active: number }>(
        `select count(*) filter (where state < 'active')::int as queued,
                count(*) filter (where state = 'active')::int as active
           from pgboss.job where name = any($1::text[])`,
        [jobs.map((job) => job.name)],
      );
      return { queued: row?.queued ?? 0, active: row?.active ?? 0 };
    },
    async stop(stopOptions = {}) {
      if (stopped) return;
      stopped = true;
      await listener?.end().catch(() => {});
      await boss.stop({ graceful: true, wait: true, timeout: stopOptions.timeoutMs ?? 30_000 });
      await liveness?.stop();
    },
  };
  queueBuilt(queue);
  return queue;
}

/** The channel a sent job is announced on; the payload is the job's name. */
const JOB_CHANNEL = 'sitelens_jobs';

/** A connection of its own that LISTENs for sent jobs and wakes this process's workers. */
async function listenForJobs(
  connectionString: string,
  wake: (name: string) => void,
  logger: Logger,
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, application_name: 'sitelens-listener' });
  client.on('notification', (message) => {
    if (message.channel === JOB_CHANNEL && message.payload) wake(message.payload);
  });
  // A lost listener costs only promptness: the workers keep polling.
  client.on('error', (error) => logger.warn({ err: error }, 'job listener lost; workers keep polling'));
  await client.connect();
  await client.query(`listen ${JOB_CHANNEL}`);
  return client;
}
