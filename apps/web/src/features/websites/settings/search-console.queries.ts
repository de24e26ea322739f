import type {
  SearchConsoleAuthorization,
  SearchConsoleProperties,
  SearchConsoleState,
} from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/client';

/** Every Search Console answer of a website lives under this key. */
export const searchConsoleKey = (guid: string) => ['search-console', guid] as const;

/** The import is asked about this often while it runs (docs/search-console.md "The import"). */
export const IMPORT_POLL_MS = 5_000;

/** `GET /api/search-console/{guid}`: what the server offers, and the website's connection and import. */
export const searchConsoleQuery = (guid: string) =>
  queryOptions({
    queryKey: [...searchConsoleKey(guid), 'state'],
    queryFn: ({ signal }) => request<SearchConsoleState>(`/search-console/${guid}`, { signal }),
    refetchInterval: (query) => (query.state.data?.connection?.import.running ? IMPORT_POLL_MS : false),
  });

/** `GET /api/search-console/{guid}/properties` (owner): the properties the connection reads, the best match first. */
export const searchConsolePropertiesQuery = (guid: string) =>
  queryOptions({
    queryKey: [...searchConsoleKey(guid), 'properties'],
    queryFn: ({ signal }) =>
      request<SearchConsoleProperties>(`/search-console/${guid}/properties`, { signal }),
  });

/** `POST /api/search-console/{guid}/oauth/start` (owner): the address of Google's consent page. */
export const startGoogleConsent = (guid: string) =>
  request<SearchConsoleAuthorization>(`/search-console/${guid}/oauth/start`, { method: 'POST' });

/** `POST /api/search-console/{guid}/service-account` (owner): read Google as the operator's service account. */
export const connectServiceAccount = (guid: string) =>
  request<SearchConsoleState>(`/search-console/${guid}/service-account`, { method: 'POST' });

/** `PUT /api/search-console/{guid}/property` (owner): the property read; its import starts. */
export const chooseSearchConsoleProperty = (guid: string, siteUrl: string) =>
  request<SearchConsoleState>(`/search-console/${guid}/property`, {
    method: 'PUT',
    body: { site_url: siteUrl },
  });

/** `DELETE /api/search-console/{guid}?delete_data=` (owner): the grant goes, the figures on request. */
export const disconnectSearchConsole = (guid: string, deleteData: boolean) =>
  request<void>(`/search-console/${guid}`, {
    method: 'DELETE',
    query: { delete_data: deleteData ? 'true' : 'false' },
  });

/** Leaves the app for Google's consent page (a seam the tests replace: jsdom does not navigate). */
export const googleConsentPage = {
  open: (url: string) => window.location.assign(url),
};
