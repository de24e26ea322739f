import { createHash } from 'node:crypto';
import { SEO_DATA_MESSAGES, type SeoDataUsageReply } from '@sitelens/contracts';
import type { Logger } from 'pino';
import type { Database, QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import { type Priced, SeoDataError, type SeoDataOperation, type SeoDataProvider } from './seo-data-provider';

/** An answer for an organization, and whether it came from the cache (no call, no cost). */
export interface Answer<T> {
  value: T;
  fromCache: boolean;
  /** ISO time the provider gave it. */
  fetchedAt: string;
}

/** An answer's origin as every data call reports it (`from_cache`, `fetched_at`). */
export const answerSource = (answer: Answer<unknown>) => ({
  from_cache: answer.fromCache,
  fetched_at: answer.fetchedAt,
});

/**
 * The one door to the keyword and backlink data provider, with its cost control: answers cached
 * in the database for `cacheSeconds`, one call in flight per question in this process, and each
 * organization's monthly spend cap checked before a call goes out.
 */
export interface SeoData {
  /** Null when the operator configured no provider. */
  readonly provider: SeoDataProvider | null;
  ask<T>(
    organizationId: string,
    question: Question,
    call: (provider: SeoDataProvider) => Promise<Priced<T>>,
  ): Promise<Answer<T>>;
  usage(organizationId: string): Promise<SeoDataUsageReply>;
}

/** A question to the provider: what is asked, the rows it may answer (for the price), and how fresh a cached answer must be. */
export interface Question {
  operation: SeoDataOperation;
  params: Record<string, unknown>;
  rows?: number;
  /** Only a cached answer given at or after this time will do (position tracking wants today's results). */
  freshSince?: Date;
}

export interface SeoDataOptions {
  database: Database;
  logger: Logger;
  provider: SeoDataProvider | null;
  /** USD per organization per calendar month (UTC), unless the operator set the organization's own; null: no cap. */
  monthlyCapUsd: number | null;
  cacheSeconds: number;
}

// A reservation left by a process that died mid-call stops counting after this long.
const RESERVATION_SECONDS = 600;

// This month's spend: real costs, plus the worst case of calls still out.
const SPENT_THIS_MONTH = `
  select coalesce(sum(cost_usd), 0)::float8 as spent from seo_data_calls
   where organization_id = $1
     and created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'
     and (status = 'done' or (status = 'reserved' and created_at > now() - make_interval(secs => ${RESERVATION_SECONDS})))`;

export function createSeoData(options: SeoDataOptions): SeoData {
  const { database, provider } = options;
  const inFlight = new Map<string, Promise<{ value: unknown; fetchedAt: string }>>();

  /** The organization's cap: the operator's for it (`sitelens data-cap`), else the server's. */
  async function capOf(query: QueryFn, organizationId: string): Promise<number | null> {
    const [own] = await query<{ cap: number | null }>(
      'select monthly_cap_usd::float8 as cap from seo_data_caps where organization_id = $1',
      [organizationId],
    );
    return own ? own.cap : options.monthlyCapUsd;
  }

  const notConfigured = () => new AppError('data_source_not_configured', SEO_DATA_MESSAGES.notConfigured);

  async function fromCache(key: string, freshSince?: Date) {
    const [row] = await database.query<{ value: unknown; fetched_at: Date }>(
      `select value, fetched_at from seo_data_cache
        where key = $1 and expires_at > now() and ($2::timestamptz is null or fetched_at >= $2::timestamptz)`,
      [key, freshSince?.toISOString() ?? null],
    );
    return row ? { value: row.value, fetchedAt: new Date(row.fetched_at).toISOString() } : null;
  }

  /** Books the call's worst case against the cap, under a per-organization lock; its ledger id. */
  async function reserve(organizationId: string, operation: string, estimate: number): Promise<string> {
    return database.transaction(async (query) => {
      await query('select pg_advisory_xact_lock(hashtext($1))', [`seo-data:${organizationId}`]);
      const cap = await capOf(query, organizationId);
      if (cap !== null) {
        const [row] = await query<{ spent: number }>(SPENT_THIS_MONTH, [organizationId]);
        if ((row?.spent ?? 0) + estimate > cap) {
          throw new AppError('data_budget_spent', SEO_DATA_MESSAGES.budgetSpent);
        }
      }
      const [booked] = await query<{ id: string }>(
        `insert into seo_data_calls (organization_id, provider, operation, status, cost_usd)
         values ($1, $2, $3, 'reserved', $4) returning id`,
        [organizationId, provider?.name, operation, estimate],
      );
      return booked!.id;
    });
  }

  async function callProvider<T>(
    organizationId: string,
    key: string,
    question: Question,
    call: (provider: SeoDataProvider) => Promise<Priced<T>>,
  ): Promise<{ value: T; fetchedAt: string }> {
    if (!provider) throw notConfigured();
    const ledgerId = await reserve(
      organizationId,
      question.operation,
      provider.estimateUsd(question.operation, question.rows),
    );
    let answer: Priced<T>;
    try {
      answer = await call(provider);
    } catch (error) {
      await database.query(
        `update seo_data_calls set status = 'failed', cost_usd = 0, finished_at = now() where id = $1`,
        [ledgerId],
      );
      if (!(error instanceof SeoDataError)) throw error;
      options.logger.error(
        {
          provider: provider.name,
          operation: question.operation,
          kind: error.kind,
          code: error.providerCode,
        },
        error.message,
      );
      throw new AppError('data_source_failed', SEO_DATA_MESSAGES.sourceFailed);
    }
    const fetchedAt = new Date().toISOString();
    await database.query(
      `update seo_data_calls set status = 'done', cost_usd = $2, finished_at = now() where id = $1`,
      [ledgerId, answer.costUsd],
    );
    await database.query(
      `insert into seo_data_cache (key, provider, operation, params, value, cost_usd, fetched_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7::timestamptz + make_interval(secs => $8))
       on conflict (key) do update set value = excluded.value, cost_usd = excluded.cost_usd,
         fetched_at = excluded.fetched_at, expires_at = excluded.expires_at`,
      [
        key,
        provider.name,
        question.operation,
        JSON.stringify(question.params),
        JSON.stringify(answer.value),
        answer.costUsd,
        fetchedAt,
        options.cacheSeconds,
      ],
    );
    return { value: answer.value, fetchedAt };
  }

  return {
    provider,

    async ask(organizationId, question, call) {
      if (!provider) throw notConfigured();
      const key = createHash('sha256')
        .update(JSON.stringify([provider.name, question.operation, question.params]))
        .digest('hex');
      const recordHit = () =>
        database.query(
          `insert into seo_data_calls (organization_id, provider, operation, status, from_cache, cost_usd, finished_at)
           values ($1, $2, $3, 'done', true, 0, now())`,
          [organizationId, provider.name, question.operation],
        );
      // The same question asked twice at once is paid once: the second waits for the first.
      const shared = (await fromCache(key, question.freshSince)) ?? (await inFlight.get(key));
      if (shared) {
        await recordHit();
        return { value: shared.value as never, fromCache: true, fetchedAt: shared.fetchedAt };
      }
      const asking = callProvider(organizationId, key, question, call);
      inFlight.set(key, asking);
      try {
        const fresh = await asking;
        return { ...fresh, fromCache: false };
      } finally {
        inFlight.delete(key);
      }
    },

    async usage(organizationId) {
      const [row] = await database.query<{ month: string; spent: number; calls: number; cached: number }>(
        `select to_char(now() at time zone 'utc', 'YYYY-MM') as month,
                coalesce(sum(cost_usd) filter (where status = 'done'), 0)::float8 as spent,
                (count(*) filter (where status = 'done' and not from_cache))::int as calls,
                (count(*) filter (where from_cache))::int as cached
           from seo_data_calls
          where organization_id = $1
            and created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'`,
        [organizationId],
      );
      return {
        configured: provider !== null,
        provider: provider?.name ?? null,
        month: row?.month ?? new Date().toISOString().slice(0, 7),
        spent_usd: Math.round((row?.spent ?? 0) * 1e6) / 1e6,
        cap_usd: await capOf(database.query, organizationId),
        calls: row?.calls ?? 0,
        cached_answers: row?.cached ?? 0,
      };
    },
  };
}
