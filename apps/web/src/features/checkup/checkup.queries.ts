import type { OverviewRow, Report, ReportStructure, SectionReply } from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { RequestError, request } from '../../api/client';

export const structureQuery = queryOptions({
  queryKey: ['checkup', 'structure'],
  queryFn: () => request<ReportStructure>('/report/sections'),
  staleTime: 60 * 60 * 1000,
});

/** A report; once it has finished, with every section's reply, so it opens in one request. */
export const reportQuery = (guid: string, url?: string) =>
  queryOptions({
    queryKey: ['checkup', 'report', guid, url ?? ''],
    queryFn: () => request<Report>('/report/v2', { query: { guid, url, include: 'results' } }),
  });

/** 202 means "still computing": the section query asks again. */
export const isPending202 = (error: unknown) => error instanceof RequestError && error.status === 202;

export const sectionQuery = (guid: string, section: string, url?: string) =>
  queryOptions({
    queryKey: ['checkup', 'section', guid, url ?? '', section],
    queryFn: ({ signal }) => request<SectionReply>(`/report/${guid}/${section}`, { query: { url }, signal }),
    // A 4xx is the server's answer (a target it could not check is 404): asking again changes nothing.
    retry: (count, error) =>
      isPending202(error) || (count < 1 && !(error instanceof RequestError && error.status < 500)),
    retryDelay: (_count, error) => (isPending202(error) ? 500 : 1000),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Saved overviews in a date range; with `url`, that URL's only. */
export const overviewsQuery = (range: { start_date: string; end_date: string; url?: string }) =>
  queryOptions({
    queryKey: ['checkup', 'overviews', range.start_date, range.end_date, range.url ?? ''],
    // A failed overviews fetch yields an empty list (spec, Archived reports).
    queryFn: () =>
      request<OverviewRow[]>('/report/v2/overviews', { query: range }).catch(() => [] as OverviewRow[]),
  });

export const competitorOverviewsQuery = (urls: string[], range: { start_date: string; end_date: string }) =>
  queryOptions({
    queryKey: ['checkup', 'competitor-overviews', urls.join(','), range.start_date, range.end_date],
    queryFn: () =>
      urls.length === 0
        ? Promise.resolve([] as OverviewRow[])
        : request<OverviewRow[]>('/report/v2/competitor-overviews', {
            query: { urls: urls.join(','), ...range },
          }).catch(() => [] as OverviewRow[]),
  });

const RUNNING_KEY = 'sitelens.running-checkup';

/** The checkup this browser started and has not seen finish: /analysis sends the user to it. */
export const runningCheckup = {
  get(): { guid: string; url: string } | null {
    try {
      const value = JSON.parse(sessionStorage.getItem(RUNNING_KEY) ?? 'null');
      return value && typeof value.guid === 'string' && typeof value.url === 'string' ? value : null;
    } catch {
      return null;
    }
  },
  set(value: { guid: string; url: string }) {
    sessionStorage.setItem(RUNNING_KEY, JSON.stringify(value));
  },
  clear() {
    sessionStorage.removeItem(RUNNING_KEY);
  },
};
