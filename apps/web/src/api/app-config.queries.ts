import type { AppConfigReply } from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';

/** What the operator configured for this installation (`GET /api/app-config`). */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => request<AppConfigReply>('/app-config'),
});
