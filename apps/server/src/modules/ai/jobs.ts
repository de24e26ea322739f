import { AI_ANALYSIS_MESSAGES, type WebsiteProfile } from '@sitelens/contracts';
import { engineFetch } from '@sitelens/engine';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { guardedFetcherFor } from '../../platform/fetcher';
import { createLlmFromConfig, LlmError } from '../../providers/llm';
import { analyseContent } from './content-analysis';
import { type AnalysisKind, failedOutput } from './service';
import { AnalysisFailed, createPageReader, targetOf } from './target';
import { analyseVisibility } from './visibility';

/** What the user reads for an analysis that failed in a way they can understand; null for a fault of ours (retried). */
function userMessage(error: unknown): string | null {
  if (error instanceof AnalysisFailed) return error.message;
  if (error instanceof LlmError) {
    return error.kind === 'budget_spent'
      ? AI_ANALYSIS_MESSAGES.tokenBudgetSpent
      : `${AI_ANALYSIS_MESSAGES.llmFailed} (${error.message})`;
  }
  return null;
}

/** What the latest content analysis learned of the business, for writing the niche's questions. */
async function knownProfile(query: QueryFn, websiteId: string): Promise<string | null> {
  const [row] = await query<{ profile: WebsiteProfile | null }>(
    `select output->'website_profile' as profile from ai_analyses
      where website_id = $1 and kind = 'content' and status = 'completed' and output->'website_profile' <> 'null'
      order by created_at desc limit 1`,
    [websiteId],
  );
  const profile = row?.profile;
  return profile
    ? `${profile.domain_description}\nAudience: ${profile.target_audience}\nNiche: ${profile.industry_niche.name}: ${profile.industry_niche.description}`
    : null;
}

const finish = (database: Database, id: string, status: 'completed' | 'failed', output: unknown) =>
  database.query(
    `update ai_analyses set status = $2, output = $3, finished_at = now()
      where id = $1 and status in ('pending', 'running')`,
    [id, status, JSON.stringify(output)],
  );

/**
 * Runs one content or visibility analysis. Idempotent: the result is written once, by the run that
 * finishes first; a worker killed mid-way leaves the process running and pg-boss runs it again.
 */
export const aiAnalysisJob = defineJob(
  'ai.analysis',
  z.object({ analysisId: z.uuid() }),
  async ({ analysisId }, { database, logger }) => {
    const [row] = await database.query<{
      organization_id: string;
      website_id: string;
      kind: AnalysisKind;
      domain: string;
    }>(
      `update ai_analyses set status = 'running', started_at = coalesce(started_at, now())
        where id = $1 and status in ('pending', 'running')
        returning organization_id, website_id, kind, domain`,
      [analysisId],
    );
    if (!row) return;
    const config = loadConfig();
    const llm = createLlmFromConfig(config, database, logger);
    const fetcher = guardedFetcherFor(config, { keepAlive: true });
    try {
      const target = await targetOf(database.query, row.organization_id, row.website_id);
      const read = createPageReader(engineFetch(fetcher), database.query, row.website_id);
      const output =
        row.kind === 'content'
          ? await analyseContent(llm, read, target)
          : await analyseVisibility(llm, read, target, await knownProfile(database.query, row.website_id));
      await finish(database, analysisId, 'completed', output);
    } catch (error) {
      const message = userMessage(error);
      if (message === null) throw error;
      logger.warn({ analysisId, kind: row.kind, error: (error as Error).message }, 'an AI analysis failed');
      await finish(database, analysisId, 'failed', failedOutput(row.kind, row.domain, message, llm));
    } finally {
      await fetcher.close();
    }
  },
  { retryLimit: 2, retryDelay: 30, expireInSeconds: 30 * 60 },
);
