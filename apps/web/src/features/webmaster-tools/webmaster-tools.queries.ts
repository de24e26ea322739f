import type {
  BrokenLinksQuery,
  BrokenLinksReply,
  BrokenLinksRun,
  ExcludedReply,
  ExclusionReason,
  LinkPagesReply,
  SitemapOptions,
  SitemapRun,
  ToolRun,
} from '@sitelens/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';
import { downloadCsv } from '../deep-analysis/deep-analysis.queries';

/** Every webmaster-tools answer lives under this key, one branch per tool. */
export const webmasterKey = ['webmaster-tools'] as const;

/** A running run is read again every 3 s until it completes or fails. */
export const RUN_POLL_MS = 3_000;

/** The tools' API paths, which are also their screens' paths. */
export type ToolPath = 'broken-links' | 'sitemap-generator';

/** What a run crawls: a tracked website, or a URL typed in. */
export type RunTarget = { w_guid: string } | { url: string };

const pollWhileRunning = (run: ToolRun | undefined) => (run?.status === 'running' ? RUN_POLL_MS : false);

/**
 * The latest runs of a tracked website, or (null) the organization's runs of URLs typed in. While
 * it lists a run as running it is read again too: a run can end before the screen reads it once
 * (a site that does not resolve fails at once), and the list must not say "Running" for ever.
 */
export const toolRunsQuery = (tool: ToolPath, w: string | null) =>
  queryOptions({
    queryKey: [...webmasterKey, tool, 'runs', w ?? 'urls'],
    queryFn: () => request<{ data: ToolRun[] }>(`/${tool}`, { query: { w_guid: w ?? undefined } }),
    refetchInterval: (query) =>
      query.state.data?.data.some((run) => run.status === 'running') ? RUN_POLL_MS : false,
  });

export const brokenLinksRunQuery = (guid: string) =>
  queryOptions({
    queryKey: [...webmasterKey, 'broken-links', 'run', guid],
    queryFn: () => request<BrokenLinksRun>(`/broken-links/${guid}`),
    refetchInterval: (query) => pollWhileRunning(query.state.data?.run),
  });

export const sitemapRunQuery = (guid: string) =>
  queryOptions({
    queryKey: [...webmasterKey, 'sitemap-generator', 'run', guid],
    queryFn: () => request<SitemapRun>(`/sitemap-generator/${guid}`),
    refetchInterval: (query) => pollWhileRunning(query.state.data?.run),
  });

/** The link list's filters and order, as the API names them; an absent one does not filter. */
export type LinkFilters = Pick<BrokenLinksQuery, 'kind' | 'scope' | 'status_class' | 'q'> &
  Required<Pick<BrokenLinksQuery, 'sort' | 'order'>>;

export const DEFAULT_LINK_FILTERS: LinkFilters = { sort: 'pages', order: 'desc' };

/** Cache key of a run's link list under some filters; the table reads page after page under it. */
export const brokenLinksKey = (guid: string, filters: LinkFilters) =>
  [...webmasterKey, 'broken-links', 'links', guid, filters] as const;

/** One keyset page of a run's links (problems only, unless `kind` asks for another). */
export const fetchBrokenLinksPage = (guid: string, filters: LinkFilters, lastKey: string | null) =>
  request<BrokenLinksReply>(`/broken-links/${guid}/links`, {
    query: { ...filters, last_evaluated_key: lastKey ?? undefined },
  });

/** The CSV of the links the table shows: same filters and order, every page. */
export function brokenLinksExportPath(guid: string, filters: LinkFilters): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, String(value));
  return `/broken-links/${guid}/export.csv?${search}`;
}

/** Where a link is found: every page, with the anchor text there. */
export const linkPagesQuery = (guid: string, linkGuid: string) =>
  queryOptions({
    queryKey: [...webmasterKey, 'broken-links', 'pages', guid, linkGuid],
    queryFn: () => request<LinkPagesReply>(`/broken-links/${guid}/links/${linkGuid}/pages`),
  });

/** Cache key of a sitemap run's left-out URLs, all (null) or for one reason. */
export const excludedKey = (guid: string, reason: ExclusionReason | null) =>
  [...webmasterKey, 'sitemap-generator', 'excluded', guid, reason ?? 'all'] as const;

export const fetchExcludedPage = (guid: string, reason: ExclusionReason | null, lastKey: string | null) =>
  request<ExcludedReply>(`/sitemap-generator/${guid}/excluded`, {
    query: { reason: reason ?? undefined, last_evaluated_key: lastKey ?? undefined },
  });

/** Answers 202 with the run, which then runs in the background. */
export const startBrokenLinks = (target: RunTarget) =>
  request<ToolRun>('/broken-links', { method: 'POST', body: target });

export const startSitemap = (target: RunTarget, options: SitemapOptions) =>
  request<ToolRun>('/sitemap-generator', { method: 'POST', body: { ...target, options } });

/** Asks the given links again (absent: every problem row); the run goes back to running. */
export const recheckLinks = (guid: string, linkGuids?: string[]) =>
  request<ToolRun>(`/broken-links/${guid}/recheck`, {
    method: 'POST',
    body: linkGuids ? { link_guids: linkGuids } : {},
  });

/** A generated file, behind the session, saved under its own name. */
export const downloadSitemapFile = (guid: string, name: string) =>
  downloadCsv(`/sitemap-generator/${guid}/files/${encodeURIComponent(name)}`, name);

/** After a run starts or ends: its tool's lists and the run's own answers are read again. */
export function refreshTool(queryClient: QueryClient, tool: ToolPath): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...webmasterKey, tool] });
}
