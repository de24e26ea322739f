import type {
  DomainSetup,
  Favicons,
  ImportantFixes,
  LocationOption,
  OnPageSeoScore,
  RegionsReply,
  Website,
  WebsiteSetupStatus,
} from '@sitelens/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';

/** Every websites answer lives under this key: after a change, all of them are read again. */
export const websitesKey = ['websites'] as const;

export const websitesQuery = queryOptions({
  queryKey: [...websitesKey, 'list'],
  queryFn: () => request<Website[]>('/website-index'),
});

export const websiteQuery = (guid: string) =>
  queryOptions({
    queryKey: [...websitesKey, 'one', guid],
    queryFn: () => request<Website>(`/website-index/${guid}`),
  });

export const faviconsQuery = queryOptions({
  queryKey: [...websitesKey, 'favicons'],
  queryFn: () => request<Favicons>('/website-index/favicons'),
});

export const setupStatusQuery = (guid: string) =>
  queryOptions({
    queryKey: [...websitesKey, 'setup-status', guid],
    queryFn: () => request<WebsiteSetupStatus>(`/website-index/setup-status/${guid}`),
  });

export const onPageSeoScoreQuery = (guid: string) =>
  queryOptions({
    queryKey: [...websitesKey, 'score', guid],
    queryFn: () => request<OnPageSeoScore>(`/website-index/on-page-seo-score/${guid}`),
  });

export const importantFixesQuery = (guid: string) =>
  queryOptions({
    queryKey: [...websitesKey, 'important-fixes', guid],
    queryFn: () => request<ImportantFixes>(`/website-index/important-fixes/${guid}`),
  });

/** The 12 monitoring regions and their order: fixed, so read once. */
export const regionsQuery = queryOptions({
  queryKey: ['website-options', 'regions'],
  queryFn: () => request<RegionsReply>('/website-index/regions'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const locationsQuery = queryOptions({
  queryKey: ['website-options', 'locations'],
  queryFn: () => request<LocationOption[]>('/website-index/locations'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const keywordUsageQuery = queryOptions({
  queryKey: [...websitesKey, 'keyword-usage'],
  queryFn: () => request<{ keywords_no: number; max_keywords: number }>('/website-index/keyword-usage'),
});

export const domainSetupQuery = (domain: string, processGuid: string) =>
  queryOptions({
    queryKey: [...websitesKey, 'domain-setup', domain, processGuid],
    queryFn: () =>
      request<DomainSetup>('/website-index/domain-setup', { query: { domain, process_guid: processGuid } }),
  });

export function refreshWebsites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: websitesKey });
}
