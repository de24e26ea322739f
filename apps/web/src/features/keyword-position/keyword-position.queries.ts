import type {
  PositionTrendReply,
  TrackedKeyword,
  TrackedKeywordsOverviewReply,
  TrackedKeywordsReply,
} from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';
import { websitesKey } from '../websites/websites.queries';

/** Spec 4 and 9: the tracked keyword list is read again every 10 seconds while a keyword awaits its first check. */
export const TRACKED_KEYWORDS_POLL_MS = 10_000;

/**
 * A domain's tracked keywords, their tiles and trends. Under the websites' key: adding or removing a
 * keyword in the website settings (which refresh every websites answer) refreshes this screen too.
 */
export const trackedKeywordsKey = (domain: string) => [...websitesKey, 'tracked-keywords', domain] as const;

/** `pos` is absent until the keyword's first check (null means checked, and not in the top 100). */
export const awaitsFirstCheck = (keyword: TrackedKeyword) => keyword.pos === undefined;

/**
 * How often to read a list again: every 10 s while a keyword awaits its first check, unless the
 * server has no data source (nothing would ever check it). `sourceConfigured` is undefined while
 * unknown: polling then goes on, as the spinners do.
 */
export function trackedKeywordsPoll(
  reply: Pick<TrackedKeywordsReply, 'tracked_keywords'> | undefined,
  sourceConfigured: boolean | undefined,
): number | false {
  if (sourceConfigured === false || !reply) return false;
  return reply.tracked_keywords.some(awaitsFirstCheck) ? TRACKED_KEYWORDS_POLL_MS : false;
}

/** `GET /api/dfs/tracked-keywords?domain=`: the keywords in the order they were added, and the organization's count. */
export const trackedKeywordsQuery = (domain: string, sourceConfigured: boolean | undefined) =>
  queryOptions({
    queryKey: [...trackedKeywordsKey(domain), 'list'],
    queryFn: ({ signal }) =>
      request<TrackedKeywordsReply>('/dfs/tracked-keywords', { query: { domain }, signal }),
    refetchInterval: (query) => trackedKeywordsPoll(query.state.data, sourceConfigured),
  });

/**
 * The tiles, from the server's own history. Read again with the list while keywords await their
 * first check, so the counts follow the positions as they arrive.
 */
export const trackedKeywordsOverviewQuery = (domain: string, sourceConfigured: boolean | undefined) =>
  queryOptions({
    queryKey: [...trackedKeywordsKey(domain), 'overview'],
    queryFn: ({ signal }) =>
      request<TrackedKeywordsOverviewReply>('/dfs/tracked-keywords/overview', { query: { domain }, signal }),
    refetchInterval: (query) =>
      sourceConfigured !== false && (query.state.data?.pending ?? 0) > 0 ? TRACKED_KEYWORDS_POLL_MS : false,
  });

/** One tracked keyword's checked days in its own market, oldest first (the server's default: the last 12 months). */
export const positionTrendQuery = (keyword: TrackedKeyword) =>
  queryOptions({
    queryKey: [
      ...trackedKeywordsKey(keyword.domain),
      'trend',
      keyword.keyword,
      keyword.location_name,
      keyword.language_code,
    ],
    queryFn: ({ signal }) =>
      request<PositionTrendReply>('/dfs/keyword-position-tracker', {
        query: {
          phrase: keyword.keyword,
          domain: keyword.domain,
          location: keyword.location_name,
          language: keyword.language_code,
        },
        signal,
      }),
  });
