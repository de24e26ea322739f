import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import type { Queue } from '../../jobs/queue';

export const SelftestPayload = z.object({
  id: z.uuid(),
  /** Pauses let tests stop a worker at a known point of the job. */
  delay_before_ms: z.number().int().min(0).max(30_000).default(0),
  delay_after_ms: z.number().int().min(0).max(30_000).default(0),
});

/** Proves a worker consumes the queue: it records its pid in the job's own slot, once. */
export const selftestJob = defineJob(
  'system.selftest',
  SelftestPayload,
  async (payload, { database }) => {
    await sleep(payload.delay_before_ms);
    await database.query(
      'insert into selftest_results (id, worker_pid) values ($1, $2) on conflict (id) do nothing',
      [payload.id, process.pid],
    );
    await sleep(payload.delay_after_ms);
  },
  { retryLimit: 2, retryDelay: 1, expireInSeconds: 60 },
);

/** Sends a selftest job and waits for a worker to record it. */
export async function runSelftest(
  database: Database,
  queue: Queue,
  options: { timeoutMs: number },
): Promise<{ ok: boolean; worker_pid?: number; ms: number }> {
  const id = crypto.randomUUID();
  const started = Date.now();
  await queue.send(selftestJob, { id, delay_before_ms: 0, delay_after_ms: 0 });
  while (Date.now() - started < options.timeoutMs) {
    const [row] = await database.query<{ worker_pid: number }>(
      'select worker_pid from selftest_results where id = $1',
      [id],
    );
    if (row) return { ok: true, worker_pid: row.worker_pid, ms: Date.now() - started };
    await sleep(200);
  }
  return { ok: false, ms: Date.now() - started };
}
