import type { SeoDataUsageReply } from '@sitelens/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';

/** Every keyword and backlink data answer lives under this key. */
export const seoDataKey = ['seo-data'] as const;

/** The organization's data spend this month, and whether the server has a data source at all. */
export const seoDataUsageQuery = queryOptions({
  queryKey: [...seoDataKey, 'usage'],
  queryFn: () => request<SeoDataUsageReply>('/dfs/usage'),
});

/**
 * A data call (`GET /api/dfs/...`). An answer the provider was paid for (not from the cache) changes
 * this month's spend, so the spend line is read again.
 */
export async function dataCall<T extends { from_cache: boolean }>(
  client: QueryClient,
  path: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<T> {
  const reply = await request<T>(path, { query, signal });
  if (!reply.from_cache) void client.invalidateQueries({ queryKey: seoDataUsageQuery.queryKey });
  return reply;
}
