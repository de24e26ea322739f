import type { Organization } from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';

export const organizationQuery = queryOptions({
  queryKey: ['organization'],
  queryFn: () => request<Organization>('/organization'),
});
