import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { Queue } from './queue';

export interface JobOptions {
  /** Attempts after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 10), doubled each time with `retryBackoff`. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job still running after this long is taken to have died with its worker and is retried. */
  expireInSeconds?: number;
  /** Cron expression (UTC) for a job the scheduler sends by itself; its payload is `{}`. */
  cron?: string;
  /**
   * The scheduler also sends it once when it starts: work that waited for a restart (a provider
   * configured since) is done then, not at the next cron time.
   */
  atStart?: boolean;
  /** Jobs of this kind one worker process runs at once (default 1). */
  concurrency?: number;
}

export interface JobContext {
  database: Database;
  jobId: string;
  logger: Logger;
  /** The queue running the job, for a job that starts others (in its own transaction). */
  queue: Queue;
}

export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  handler: (payload: P, context: JobContext) => Promise<void>;
  options: Required<Omit<JobOptions, 'cron'>> & Pick<JobOptions, 'cron'>;
}

const DEFAULTS = {
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  concurrency: 1,
  atStart: false,
};

/**
 * Declares a kind of job. Handlers must be idempotent: a job whose worker dies is run again, so
 * results go into a unique slot (`ON CONFLICT DO NOTHING`), never appended blindly.
 */
export function defineJob<S extends z.ZodType>(
  name: string,
  payload: S,
  handler: (payload: z.output<S>, context: JobContext) => Promise<void>,
  options: JobOptions = {},
): JobDefinition<z.output<S>> {
  return { name, payload: payload as z.ZodType<z.output<S>>, handler, options: { ...DEFAULTS, ...options } };
}
