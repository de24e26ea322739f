import {
  AI_ANALYSIS_MESSAGES,
  type ContentAnalysis,
  type ContentAnalysisOutput,
  type LlmStatus,
  type VisibilityAnalysis,
  type VisibilityOutput,
} from '@sitelens/contracts';
import type { Database, QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import type { Queue } from '../../jobs/queue';
import type { Llm } from '../../providers/llm';
import { aiAnalysisJob } from './jobs';

export type AnalysisKind = 'content' | 'visibility';

export interface AiDeps {
  database: Database;
  queue: Queue;
  llm: Llm;
}

interface AnalysisRow {
  id: string;
  domain: string;
  status: ContentAnalysis['status'];
  output: unknown;
  created_at: Date;
  finished_at: Date | null;
}

/** A process left running this long lost its worker for good (the job's retries are spent): it is failed on the next start. */
export const STALE_MINUTES = 60;

const SELECT = 'select id, domain, status, output, created_at, finished_at from ai_analyses';

function analysisOf(row: AnalysisRow) {
  return {
    guid: row.id,
    domain: row.domain,
    status: row.status,
    c_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    output: (row.output ?? null) as never,
  };
}

type AnalysisOf<K extends AnalysisKind> = K extends 'content' ? ContentAnalysis : VisibilityAnalysis;

const notFound = () => new AppError('not_found', AI_ANALYSIS_MESSAGES.unknownDomain);

/** The caller's tracked website with this domain; another organization's or an unknown domain is 404. */
async function websiteOf(query: QueryFn, organizationId: string, domain: string): Promise<string> {
  const [website] = await query<{ id: string }>(
    'select id from websites where organization_id = $1 and domain = $2',
    [organizationId, domain],
  );
  if (!website) throw notFound();
  return website.id;
}

/** The latest finished analysis (completed or failed); 404 when there is none, which the screens read as no data. */
export async function latestAnalysis<K extends AnalysisKind>(
  deps: AiDeps,
  organizationId: string,
  kind: K,
  domain: string,
): Promise<AnalysisOf<K>> {
  const websiteId = await websiteOf(deps.database.query, organizationId, domain);
  const [row] = await deps.database.query<AnalysisRow>(
    `${SELECT} where website_id = $1 and kind = $2 and status in ('completed', 'failed')
      order by created_at desc limit 1`,
    [websiteId, kind],
  );
  if (!row) throw new AppError('not_found', 'No analysis of this domain yet');
  return analysisOf(row);
}

/** The active process, or the process asked for by guid whatever its state; 404 when there is none. */
export async function activeAnalysis<K extends AnalysisKind>(
  deps: AiDeps,
  organizationId: string,
  kind: K,
  domain: string,
  processGuid?: string,
): Promise<AnalysisOf<K>> {
  const websiteId = await websiteOf(deps.database.query, organizationId, domain);
  const [row] = processGuid
    ? await deps.database.query<AnalysisRow>(`${SELECT} where website_id = $1 and kind = $2 and id = $3`, [
        websiteId,
        kind,
        processGuid,
      ])
    : await deps.database.query<AnalysisRow>(
        `${SELECT} where website_id = $1 and kind = $2 and status in ('pending', 'running')`,
        [websiteId, kind],
      );
  if (!row) throw new AppError('not_found', 'No analysis in progress for this domain');
  return analysisOf(row);
}

/**
 * Starts an analysis of the domain, or answers the one already under way (one per website and
 * kind, held by a unique index, so two clicks at once start one). Visibility needs a language
 * model; with one, an organization whose monthly tokens are spent is told so before anything starts.
 */
export async function startAnalysis<K extends AnalysisKind>(
  deps: AiDeps,
  organizationId: string,
  kind: K,
  domain: string,
): Promise<{ created: boolean; analysis: AnalysisOf<K> }> {
  const websiteId = await websiteOf(deps.database.query, organizationId, domain);
  const usesModel = kind === 'visibility' || deps.llm.engine !== null;
  if (kind === 'visibility' && deps.llm.visibilityEngines.length === 0) {
    throw new AppError('llm_not_configured', AI_ANALYSIS_MESSAGES.llmNotConfigured);
  }
  if (usesModel) {
    const usage = await deps.llm.usage(organizationId);
    if (usage.cap !== null && usage.tokens >= usage.cap) {
      throw new AppError('llm_budget_spent', AI_ANALYSIS_MESSAGES.tokenBudgetSpent);
    }
  }
  return deps.database.transaction(async (query) => {
    await query(
      `update ai_analyses set status = 'failed', finished_at = now(), output = $3
        where website_id = $1 and kind = $2 and status in ('pending', 'running')
          and coalesce(started_at, created_at) < now() - make_interval(mins => ${STALE_MINUTES})`,
      [
        websiteId,
        kind,
        JSON.stringify(failedOutput(kind, domain, AI_ANALYSIS_MESSAGES.interrupted, deps.llm)),
      ],
    );
    const [inserted] = await query<AnalysisRow>(
      `insert into ai_analyses (organization_id, website_id, kind, domain) values ($1, $2, $3, $4)
       on conflict (website_id, kind) where status in ('pending', 'running') do nothing
       returning id, domain, status, output, created_at, finished_at`,
      [organizationId, websiteId, kind, domain],
    );
    if (inserted) {
      await deps.queue.send(aiAnalysisJob, { analysisId: inserted.id }, { transaction: query });
      return { created: true, analysis: analysisOf(inserted) };
    }
    const [running] = await query<AnalysisRow>(
      `${SELECT} where website_id = $1 and kind = $2 and status in ('pending', 'running')`,
      [websiteId, kind],
    );
    return { created: false, analysis: analysisOf(running!) };
  });
}

/** The output of an analysis that could not be made: the error, and nothing measured. */
export function failedOutput(
  kind: AnalysisKind,
  domain: string,
  error: string,
  llm: Llm,
): ContentAnalysisOutput | VisibilityOutput {
  if (kind === 'content') {
    return {
      method: llm.engine ? 'llm' : 'computed',
      website_profile: null,
      content_effectiveness: null,
      competitor_content: null,
      content_trust: null,
      signals: { pages: [], trust_signals: [], readability: null },
      error,
    };
  }
  const none = { value: 0, min: 0, max: 0 };
  return {
    industry_niche: '',
    target_domain: domain,
    engines: llm.visibilityEngines.map((engine) => ({ name: engine.name, model: engine.model })),
    samples: llm.samples,
    visibility_score: none,
    share_of_voice: none,
    competitor_range: null,
    top_websites: [],
    search_prompts: [],
    error,
  };
}

/** Whether a language model is configured, and the caller's organization's tokens this month. */
export async function llmStatus(deps: AiDeps, organizationId: string): Promise<LlmStatus> {
  const usage = await deps.llm.usage(organizationId);
  return {
    configured: deps.llm.engine !== null || deps.llm.visibilityEngines.length > 0,
    engines: deps.llm.visibilityEngines.map((engine) => ({ name: engine.name, model: engine.model })),
    samples: deps.llm.samples,
    month: usage.month,
    tokens_used: usage.tokens,
    token_cap: usage.cap,
  };
}
