import { z } from 'zod';

export const HealthCheckSchema = z.object({
  ok: z.boolean(),
  latency_ms: z.number(),
  detail: z.string().optional(),
});

/** `GET /api/health`: the database and the job queue, each checked for real. */
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
