import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client';

/** How often a process with workers says it is alive, and sweeps for dead ones. */
export const HEARTBEAT_SECONDS = 5;
export const SWEEP_SECONDS = 5;
/**
 * Silence after which a process is taken for dead. Generous next to the beat, so a busy event loop
 * is never mistaken for a dead process; with the sweep a dead worker's jobs return within 25 s.
 */
export const DEAD_AFTER_SECONDS = 20;

export interface WorkerLiveness {
  /** Records that this process runs the job, until `finished`. */
  started(jobId: string): Promise<void>;
  finished(jobId: string): Promise<void>;
  /** Stops beating and removes this process (its jobs have finished or been handed back). */
  stop(): Promise<void>;
}

/** The embedded process needs no bookkeeping while it runs: no other worker can die under it. */
const EMBEDDED: WorkerLiveness = { started: async () => {}, finished: async () => {}, stop: async () => {} };

/**
 * pg-boss learns that a worker died only when its job expires (minutes later). Each process with
 * workers therefore beats in `worker_processes` and notes the jobs it runs in `job_runs`; any such
 * process hands the jobs of a process silent for DEAD_AFTER_SECONDS back to the queue, as a
 * failed attempt that pg-boss retries. The embedded process is the only worker of its PGlite
 * database, so at start every job still marked active was interrupted: it hands them all back at
 * once, and has nothing to watch after that.
 */
export async function startWorkerLiveness(
  database: Database,
  boss: PgBoss,
  options: { jobNames: string[]; logger: Logger },
): Promise<WorkerLiveness> {
  const { jobNames, logger } = options;
  if (database.kind === 'pglite') {
    await handBackAbandoned(database, boss, jobNames, 0, logger);
    return EMBEDDED;
  }
  const processId = crypto.randomUUID();
  // An upsert: a process paused past the limit (its row swept) comes back when it beats again.
  const sayAlive = () =>
    database.query(
      `insert into worker_processes (id, pid, host) values ($1, $2, $3)
       on conflict (id) do update set beat_at = now()`,
      [processId, process.pid, hostname()],
    );
  await sayAlive();

  const beat = setInterval(() => {
    sayAlive().catch((error) => logger.warn({ err: error }, 'worker heartbeat failed'));
  }, HEARTBEAT_SECONDS * 1000);
  const sweep = setInterval(() => {
    handBackAbandoned(database, boss, jobNames, DEAD_AFTER_SECONDS, logger).catch((error) =>
      logger.warn({ err: error }, 'sweep for abandoned jobs failed'),
    );
  }, SWEEP_SECONDS * 1000);
  beat.unref();
  sweep.unref();

  return {
    async started(jobId) {
      await database.query(
        `insert into job_runs (job_id, process_id) values ($1, $2)
         on conflict (job_id) do update set process_id = excluded.process_id, started_at = now()`,
        [jobId, processId],
      );
    },
    async finished(jobId) {
      await database.query('delete from job_runs where job_id = $1 and process_id = $2', [jobId, processId]);
    },
    async stop() {
      clearInterval(beat);
      clearInterval(sweep);
      await database.query('delete from worker_processes where id = $1', [processId]);
    },
  };
}

/**
 * Fails, so pg-boss retries them, the active jobs whose process has been silent for `silentSeconds`
 * (or is gone, or never noted the job). A job must also have started that long ago: one just
 * fetched again may not be noted yet. Sweeps take turns under a lock and lock the jobs they fail,
 * so a job is handed back once per death, never taken from a live worker.
 */
export async function handBackAbandoned(
  database: Database,
  boss: PgBoss,
  jobNames: string[],
  silentSeconds: number,
  logger: Logger,
): Promise<number> {
  return database.transaction(async (query) => {
    await query("select pg_advisory_xact_lock(hashtext('sitelens.hand-back-abandoned'))");
    const abandoned = await query<{ id: string; name: string }>(
      `select j.id, j.name from pgboss.job j
         left join job_runs r on r.job_id = j.id
         left join worker_processes p on p.id = r.process_id
        where j.state = 'active' and j.name = any($1::text[])
          and j.started_on <= now() - make_interval(secs => $2)
          and (p.id is null or p.beat_at <= now() - make_interval(secs => $2))
        for update of j`,
      [jobNames, silentSeconds],
    );
    await query('delete from worker_processes where beat_at <= now() - make_interval(secs => $1)', [
      DEAD_AFTER_SECONDS,
    ]);
    if (abandoned.length === 0) return 0;
    const db = {
      executeSql: async (text: string, values?: unknown[]) => ({ rows: await query(text, values) }),
    };
    for (const job of abandoned) {
      await boss.fail(job.name, job.id, { message: 'its worker stopped; handed back to the queue' }, { db });
    }
    const ids = abandoned.map((job) => job.id);
    // Not a failure of the job's own: it resumes now, not after its retry delay.
    await query(`update pgboss.job set start_after = now() where id = any($1::uuid[]) and state = 'retry'`, [
      ids,
    ]);
    await query('delete from job_runs where job_id = any($1::uuid[])', [ids]);

    logger.warn({ jobs: abandoned }, 'jobs of a stopped worker handed back to the queue');
    return abandoned.length;
  });
}
