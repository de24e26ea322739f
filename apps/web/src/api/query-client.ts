import { CACHE_SECONDS } from '@sitelens/contracts';
import { QueryClient } from '@tanstack/react-query';

/** API answers stay fresh for 7200 s, as the spec says. */
export const DEFAULT_CACHE_MS = CACHE_SECONDS.default * 1000;
/** The sales service (plans, subscription, billing, invoices) caches for 28800 s. */
export const SALES_CACHE_MS = CACHE_SECONDS.sales * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_CACHE_MS,
        gcTime: DEFAULT_CACHE_MS,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Spread into a sales-service query's options: `queryOptions({ ...salesCache, queryKey, queryFn })`. */
export const salesCache = { staleTime: SALES_CACHE_MS, gcTime: SALES_CACHE_MS } as const;
