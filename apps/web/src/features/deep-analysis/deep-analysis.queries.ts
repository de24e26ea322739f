import type {
  AddServiceableUrlsReply,
  AffectedCluster,
  AffectedUrlsReply,
  AnalysisProcess,
  AuditDomainReport,
  AuditOverview,
  AuditUrlReport,
  CrawlComparison,
  FailedChecksReply,
  ImportSitemapStatus,
  PageGroup,
  ReportStructure,
  SeoTest,
  ServiceableUrlCount,
  ServiceableUrlsReply,
  SpellingWordsReply,
  StartedProcess,
} from '@sitelens/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request, requestBlob } from '../../api/client';
import { saveFile } from '../../api/save-file';

/** Every Deep Analysis answer lives under this key: after a change or a finished process, all are read again. */
export const deepAnalysisKey = ['deep-analysis'] as const;

/**
 * Polling of running processes (spec 4): imports 5 s, domain analysis 15 s. A batch is polled every
 * 5 s, not the spec's 30 s: its banner counts URLs as they are analysed, and at 30 s a small site's
 * crawl read 0 % until it had ended.
 */
export const POLL_MS = { importSitemaps: 5_000, batch: 5_000, domain: 15_000 } as const;

export const importStatusQuery = (w: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'import', w],
    queryFn: () => request<ImportSitemapStatus>('/import-sitemap', { query: { w_guid: w } }),
  });

export const activeProcessesQuery = (w: string, processType?: AnalysisProcess['process_type']) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'active', w, processType ?? 'all'],
    queryFn: () =>
      request<AnalysisProcess[]>('/on-page-seo/active', { query: { w_guid: w, process_type: processType } }),
  });

export const overviewQuery = (w: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'overview', w],
    queryFn: () => request<AuditOverview>(`/on-page-seo/website-audit/overview/${w}`),
  });

export const comparisonQuery = (w: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'comparison', w],
    queryFn: () => request<CrawlComparison>(`/on-page-seo/crawl-comparison/${w}`),
  });

export const urlCountQuery = (w: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'count', w],
    queryFn: () => request<ServiceableUrlCount>(`/serviceable-url/${w}/count`),
  });

/** One keyset page of the website's monitored URLs (25 a page). */
export const fetchUrlPage = (w: string, lastKey?: string | null) =>
  request<ServiceableUrlsReply>('/serviceable-url', {
    query: { w_guid: w, last_evaluated_key: lastKey ?? undefined },
  });

/** One keyset page of a page group's URLs. */
export const fetchGroupUrlPage = (w: string, cluster: string, lastKey?: string | null) =>
  request<ServiceableUrlsReply>(`/serviceable-url/${w}/cluster/${cluster}`, {
    query: { last_evaluated_key: lastKey ?? undefined },
  });

/** One keyset page of the URLs of a group (`ungrouped`, `all`) failing a check. */
export const fetchAffectedUrlPage = (w: string, cluster: string, key: string, lastKey?: string | null) =>
  request<AffectedUrlsReply>(`/on-page-seo/affected-urls/${w}/${cluster}/${encodeURIComponent(key)}`, {
    query: { last_evaluated_key: lastKey ?? undefined },
  });

export const pageGroupsQuery = (w: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'groups', w],
    queryFn: () => request<PageGroup[]>(`/url-cluster/${w}`),
  });

export const failedChecksQuery = (w: string, cluster?: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'failed-checks', w, cluster ?? 'all'],
    queryFn: () =>
      request<FailedChecksReply>(`/on-page-seo/website-failed-checks/${w}`, {
        query: { cluster_guid: cluster },
      }),
  });

export const seoTestQuery = (key: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'seo-test', key],
    queryFn: () => request<SeoTest>(`/on-page-seo/seo-test/${encodeURIComponent(key)}`),
    staleTime: 60 * 60 * 1000,
  });

export const affectedClustersQuery = (w: string, key: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'affected-clusters', w, key],
    queryFn: () =>
      request<AffectedCluster[]>(`/on-page-seo/affected-clusters/${w}/${encodeURIComponent(key)}`),
  });

export const auditStructureQuery = queryOptions({
  queryKey: [...deepAnalysisKey, 'structure'],
  queryFn: () => request<ReportStructure>('/on-page-seo/audit/structure'),
  staleTime: 60 * 60 * 1000,
});

export const urlReportQuery = (w: string, u: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'url-report', w, u],
    queryFn: () => request<AuditUrlReport>(`/on-page-seo/audit/url/${w}/${u}`),
  });

export const domainReportQuery = (w: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'domain-report', w],
    queryFn: () => request<AuditDomainReport>(`/on-page-seo/audit/domain/${w}`),
  });

/** An image the API serves behind the session (a group's or the homepage's screenshot), as an object URL. */
export const imageQuery = (path: string | null) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'image', path ?? ''],
    queryFn: async () => (path ? URL.createObjectURL(await requestBlob(path.replace(/^\/api/, ''))) : null),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Downloads a CSV export the API streams (behind the session, so through the client, not a plain link). */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  saveFile(await requestBlob(path), fileName);
}

export const startBatch = (w: string) =>
  request<StartedProcess>('/on-page-seo/batch', {
    method: 'POST',
    body: { w_guid: w },
  });

export const startUrlAnalysis = (w: string, u: string) =>
  request<StartedProcess>('/on-page-seo/url', {
    method: 'POST',
    body: { w_guid: w, url_guid: u },
  });

/** Answers 202 with the website's import status. */
export const importSitemaps = (w: string, sitemapUrls: string[] = []) =>
  request<ImportSitemapStatus>('/import-sitemap', {
    method: 'POST',
    body: { w_guid: w, sitemap_urls: sitemapUrls },
  });

export const addUrls = (w: string, urls: string[]) =>
  request<AddServiceableUrlsReply>(`/serviceable-url/${w}`, { method: 'POST', body: { urls } });

export const addUrlsToGroup = (w: string, cluster: string, urls: string[]) =>
  request<AddServiceableUrlsReply>(`/serviceable-url/${w}/cluster/${cluster}`, {
    method: 'POST',
    body: { urls },
  });

/** The words a website keeps as its own ("ignore this word"). */
export const spellingWordsQuery = (w: string) =>
  queryOptions({
    queryKey: [...deepAnalysisKey, 'spelling-words', w],
    queryFn: () => request<SpellingWordsReply>(`/website-index/${w}/spelling-words`),
  });

export const ignoreSpellingWord = (w: string, word: string) =>
  request<SpellingWordsReply>(`/website-index/${w}/spelling-words`, { method: 'POST', body: { word } });

export const checkSpellingWordAgain = (w: string, word: string) =>
  request<SpellingWordsReply>(`/website-index/${w}/spelling-words/${encodeURIComponent(word)}`, {
    method: 'DELETE',
  });

export const deleteUrl = (w: string, u: string) =>
  request<void>(`/serviceable-url/${w}/${u}`, { method: 'DELETE' });

export interface PageGroupFields {
  title: string;
  description: string;
  pue_level: PageGroup['pue_level'];
  pue_reason: string | null;
}

export const createPageGroup = (w: string, fields: PageGroupFields) =>
  request<{ guid: string }>('/url-cluster', { method: 'POST', body: { w_guid: w, ...fields } });

export const updatePageGroup = (w: string, cluster: string, fields: PageGroupFields) =>
  request<PageGroup>(`/url-cluster/${w}/${cluster}`, { method: 'PATCH', body: fields });

export const removePageGroup = (w: string, cluster: string) =>
  request<void>(`/url-cluster/${w}/${cluster}`, { method: 'DELETE' });

export function refreshDeepAnalysis(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: deepAnalysisKey });
}
