import { z } from 'zod';

export const HealthCheckSchema = z.object({
  ok: z.boolean(),
  latency_ms: z.number(),
  detail: z.string().optional(),
});

/**
 * `GET /api/health/live`: the process is up and its event loop answers. No database: an
 * orchestrator restarts a process whose liveness fails, and a database outage is no reason to.
 */
export const LivenessReplySchema = z.object({ status: z.literal('ok'), version: z.string() });
export type LivenessReply = z.infer<typeof LivenessReplySchema>;

/**
 * `GET /api/health/ready` (and `GET /api/health`): the database and the job queue, each checked
 * for real, the answer shared for up to a second.
 */
export const HealthReplySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: HealthCheckSchema.extend({ kind: z.enum(['pglite', 'postgres']) }),
  queue: HealthCheckSchema.extend({
    workers: z.boolean(),
    queued: z.number().int().nonnegative(),
    active: z.number().int().nonnegative(),
  }),
});
export type HealthReply = z.infer<typeof HealthReplySchema>;
