import type { TrackedKeywordsReply } from '@sitelens/contracts';
import { request } from '../../../api/client';

/** `POST /api/dfs/tracked-keywords/batch`: keywords added in the website's market. */
export const addTrackedKeywords = (body: {
  domain: string;
  location_name: string;
  language_code: string;
  keywords: string[];
}) => request<TrackedKeywordsReply>('/dfs/tracked-keywords/batch', { method: 'POST', body });

/** `DELETE /api/dfs/tracked-keywords`. */
export const deleteTrackedKeyword = (body: { domain: string; keyword: string }) =>
  request<void>('/dfs/tracked-keywords', { method: 'DELETE', body });
