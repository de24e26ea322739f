import type { BillingInfo, Invoice, PlansReply, Subscription } from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';
import { salesCache } from '../../api/query-client';

export const plansQuery = queryOptions({
  ...salesCache,
  queryKey: ['sales', 'plans'],
  queryFn: () => request<PlansReply>('/plans'),
});

export const subscriptionQuery = queryOptions({
  ...salesCache,
  queryKey: ['sales', 'subscription'],
  queryFn: () => request<Subscription>('/subscription'),
});

export const invoicesQuery = queryOptions({
  ...salesCache,
  queryKey: ['sales', 'invoices'],
  queryFn: () => request<Invoice[]>('/invoices'),
});

export const billingInfoQuery = queryOptions({
  ...salesCache,
  queryKey: ['sales', 'billing-info'],
  queryFn: () => request<BillingInfo>('/billing_info'),
});

/** Every sales answer is cached for hours: after a change, all of them are read again. */
export const salesKey = ['sales'] as const;
