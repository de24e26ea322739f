import {
  AI_ANALYSIS_MESSAGES,
  AI_ANALYSIS_POLL_MS,
  type AiProcessStatus,
  type ContentAnalysis,
  type LlmStatus,
  type VisibilityAnalysis,
} from '@sitelens/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RequestError, request } from '../../api/client';

/** Every AI analysis answer lives under this key, one branch per kind and domain. */
export const aiAnalysisKey = ['ai-analysis'] as const;

/** The two analyses; each is also its API path. */
export type AiKind = 'content-analysis' | 'visibility-analysis';

/** What an analysis of `K` is, as the API answers it. */
export type AiAnalysisOf<K extends AiKind> = K extends 'content-analysis'
  ? ContentAnalysis
  : VisibilityAnalysis;

export const isFinished = (status: AiProcessStatus) => status === 'completed' || status === 'failed';

/** A 404 means "none": no stored analysis, or no process under way (spec 4 and 8). */
async function orNone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) return null;
    throw error;
  }
}

/** The latest finished analysis (completed or failed) of `domain`; null when there is none yet. */
export const latestAnalysisQuery = <K extends AiKind>(kind: K, domain: string) =>
  queryOptions({
    queryKey: [...aiAnalysisKey, kind, domain, 'latest'],
    queryFn: ({ signal }) => orNone(request<AiAnalysisOf<K>>(`/${kind}`, { query: { domain }, signal })),
    // Another session may have finished one meanwhile: read again on every visit.
    staleTime: 0,
  });

/** The process under way for `domain` (pending or running); null when none is. */
export const activeAnalysisQuery = <K extends AiKind>(kind: K, domain: string) =>
  queryOptions({
    queryKey: [...aiAnalysisKey, kind, domain, 'active'],
    queryFn: ({ signal }) =>
      orNone(request<AiAnalysisOf<K>>(`/${kind}/active`, { query: { domain }, signal })),
    staleTime: 0,
  });

/**
 * One process, whatever its status, read every 10 s until it completes or fails (spec 4 and 9).
 * A failed read keeps the last answer and the polling goes on: a failed poll is not shown.
 */
export const analysisProcessQuery = <K extends AiKind>(kind: K, domain: string, guid: string) =>
  queryOptions({
    queryKey: [...aiAnalysisKey, kind, domain, 'process', guid],
    queryFn: ({ signal }) =>
      request<AiAnalysisOf<K>>(`/${kind}/active`, { query: { domain, process_guid: guid }, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isFinished(status) ? false : AI_ANALYSIS_POLL_MS;
    },
    // The answer that named the process is its first read; the next one is due a poll later.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Starts an analysis of `domain`; the answer is the new process, or the one already under way. */
export const startAnalysis = <K extends AiKind>(kind: K, domain: string) =>
  request<AiAnalysisOf<K>>(`/${kind}`, { method: 'POST', body: { domain } });

/** Whether a language model is configured, and this month's token use. */
export const llmStatusQuery = queryOptions({
  queryKey: [...aiAnalysisKey, 'llm-status'],
  queryFn: ({ signal }) => request<LlmStatus>('/llm/status', { signal }),
  staleTime: 0,
});

/** Why 'Refresh analysis' could not start: the spec's generic text, or the server's named reason. */
export function startProblem(error: unknown): { title: string; detail?: string } {
  const body = error instanceof RequestError ? error.body : null;
  const field = (name: 'code' | 'error') =>
    body &&
    typeof body === 'object' &&
    name in body &&
    typeof (body as Record<string, unknown>)[name] === 'string'
      ? ((body as Record<string, string>)[name] as string)
      : undefined;
  const code = field('code');
  if (code === 'llm_not_configured')
    return { title: AI_ANALYSIS_MESSAGES.llmNotConfigured, detail: AI_ANALYSIS_MESSAGES.llmHowToConfigure };
  if (code === 'llm_budget_spent') return { title: field('error') ?? AI_ANALYSIS_MESSAGES.tokenBudgetSpent };
  return { title: AI_ANALYSIS_MESSAGES.startFailed, detail: AI_ANALYSIS_MESSAGES.startFailedDetail };
}

export interface AiProcess<T> {
  /** What the cards show: the process just finished, else the latest stored one; null when none. */
  analysis: T | null;
  /** The process under way (pending or running), polled every 10 s; null when none. */
  running: T | null;
  /** The first reads have not answered yet. */
  isPending: boolean;
  /** The first reads failed (a 404 is not a failure); null otherwise. */
  error: unknown;
  /** 'Refresh analysis': starts a process and polls it. */
  refresh(): void;
  /** The start is being sent. */
  isStarting: boolean;
  /** Why the last start failed; null when it did not. */
  startError: unknown;
}

/**
 * The analysis of `domain` as both AI screens show it (spec 4): the process under way, polled by its
 * guid every 10 s until it completes or fails, then that result; with none under way, the latest
 * stored one. 'Refresh analysis' starts a process and polls the one it answers.
 */
export function useAiProcess<K extends AiKind>(kind: K, domain: string): AiProcess<AiAnalysisOf<K>> {
  const queryClient = useQueryClient();
  const active = useQuery(activeAnalysisQuery(kind, domain));
  // The process a start answered, for this domain only.
  const [started, setStarted] = useState<{ domain: string; process: AiAnalysisOf<K> } | null>(null);
  const tracked = (started?.domain === domain ? started.process : null) ?? active.data ?? null;

  const poll = useQuery({
    ...analysisProcessQuery(kind, domain, tracked?.guid ?? ''),
    enabled: tracked !== null,
    initialData: tracked ?? undefined,
  });
  const polled = tracked !== null ? (poll.data ?? tracked) : null;
  const running = polled && !isFinished(polled.status) ? polled : null;
  const finished = polled && isFinished(polled.status) ? polled : null;

  // With a process under way the stored one is not shown; it is read once none is (or it ended).
  const latest = useQuery({ ...latestAnalysisQuery(kind, domain), enabled: active.isSuccess && !running });

  const finishedGuid = finished?.guid;
  useEffect(() => {
    if (finishedGuid === undefined) return;
    void queryClient.invalidateQueries({ queryKey: latestAnalysisQuery(kind, domain).queryKey });
  }, [finishedGuid, queryClient, kind, domain]);

  const start = useMutation({
    mutationFn: () => startAnalysis(kind, domain),
    onSuccess: (process) => {
      queryClient.setQueryData(analysisProcessQuery(kind, domain, process.guid).queryKey, process);
      setStarted({ domain, process });
    },
  });

  return {
    analysis: finished ?? latest.data ?? null,
    running,
    isPending: active.isPending || (active.isSuccess && !running && !finished && latest.isPending),
    error: active.error ?? (running || finished ? null : latest.error),
    refresh: () => start.mutate(),
    isStarting: start.isPending,
    startError: start.error,
  };
}
