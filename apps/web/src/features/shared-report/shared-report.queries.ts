import type { SharedReport } from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';

const sharedReportPath = (token: string) => `/shared/report/${encodeURIComponent(token)}`;

/**
 * `GET /api/shared/report/{token}`: the branded report behind a share link. The token is the key,
 * so no session is needed; a 401 is never refreshed into a sign-out, and the server's `no-store`
 * is kept (a revoked link must stop opening at once).
 */
export const sharedReportQuery = (token: string) =>
  queryOptions({
    queryKey: ['shared-report', token],
    queryFn: ({ signal }) => request<SharedReport>(sharedReportPath(token), { signal, refreshOn401: false }),
    staleTime: 0,
  });

/** The branded PDF of the same link: a plain download, the server answers it as an attachment. */
export const sharedReportPdfHref = (token: string) => `/api${sharedReportPath(token)}/pdf`;
