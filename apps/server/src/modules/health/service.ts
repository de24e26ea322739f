import type { HealthReply } from '@sitelens/contracts';
import type { Database } from '../../db/client';
import type { Queue } from '../../jobs/queue';
import { VERSION } from '../../version';

const CHECK_TIMEOUT_MS = 3_000;

/** How long one readiness answer is shared: probes and load balancers ask often, the database need not answer each. */
export const READINESS_MAX_AGE_MS = 1_000;

/**
 * Readiness shared across callers: an answer younger than `maxAgeMs` is given again, and callers
 * arriving while a check runs wait for that check rather than start their own. So a flood of
 * probes costs the database two queries a second at most.
 */
export function sharedReadiness(
  check: () => Promise<HealthReply>,
  maxAgeMs = READINESS_MAX_AGE_MS,
): () => Promise<HealthReply> {
  let last: { at: number; answer: Promise<HealthReply> } | null = null;
  return () => {
    const now = performance.now();
    if (last && now - last.at < maxAgeMs) return last.answer;
    const answer = check();
    last = { at: now, answer };
    // A check that throws is not kept: the next caller tries again.
    answer.catch(() => {
      if (last?.answer === answer) last = null;
    });
    return answer;
  };
}

/** Checks the database and the job queue for real, each bounded in time so a hung pool cannot hang health. */
export async function checkHealth(database: Database, queue: Queue): Promise<HealthReply> {
  const [db, jobs] = await Promise.all([timed(() => database.ping()), timed(() => queue.counts())]);
  const ok = db.ok && jobs.ok;
  return {
    status: ok ? 'ok' : 'degraded',
    version: VERSION,
    database: { ok: db.ok, latency_ms: db.latency_ms, kind: database.kind, ...detail(db) },
    queue: {
      ok: jobs.ok,
      latency_ms: jobs.latency_ms,
      workers: queue.hasWorkers,
      queued: jobs.value?.queued ?? 0,
      active: jobs.value?.active ?? 0,
      ...detail(jobs),
    },
  };
}

interface Timed<T> {
  ok: boolean;
  latency_ms: number;
  value?: T;
  error?: string;
}

async function timed<T>(check: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    });
    const value = await Promise.race([check(), timeout]);
    return { ok: true, latency_ms: elapsed(started), value };
  } catch (error) {
    return { ok: false, latency_ms: elapsed(started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;
const detail = (t: Timed<unknown>) => (t.error ? { detail: t.error } : {});
