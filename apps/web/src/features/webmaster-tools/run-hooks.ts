import type { ToolRun } from '@sitelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { refreshTool, type ToolPath } from './webmaster-tools.queries';

/**
 * The run a tool screen shows, kept in `?run=` so a reload or a shared link opens it again; opening
 * another keeps the rest of the query string (the selected website's `w_guid`).
 */
export function useRunParam(): [string | null, (guid: string) => void] {
  const [params, setParams] = useSearchParams();
  // Read when called, not when created: a run opens after its start answers, and the query string
  // may have changed meanwhile (the website selector sets `w_guid`).
  const latest = useRef(params);
  latest.current = params;
  const open = useCallback(
    (guid: string) => {
      // The run first: it is what the page shows; the rest (`w_guid`) follows as it was.
      const next = new URLSearchParams({ run: guid });
      for (const [key, value] of latest.current) if (key !== 'run') next.append(key, value);
      setParams(next);
    },
    [setParams],
  );
  return [params.get('run'), open];
}

/**
 * When a run seen running ends, the tool's lists (recent runs, a re-checked run's links) are read
 * again: the cache would otherwise keep what they said before the run ended.
 */
export function useRefreshWhenFinished(tool: ToolPath, status: ToolRun['status'] | undefined): void {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'running' && status !== undefined && status !== 'running')
      void refreshTool(queryClient, tool);
    previous.current = status;
  }, [queryClient, tool, status]);
}
