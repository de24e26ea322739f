import type {
  LoadingTimeCheckReply,
  LoadingTimeReply,
  MonitorRegion,
  NotificationChannel,
  NotificationChannelInput,
  NotificationChannelListReply,
  NotificationConfirmReply,
  NotificationDelivery,
  OutageContextReply,
  OutageListReply,
} from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/client';

/** Every monitoring answer lives under this key. */
export const monitoringKey = ['monitoring'] as const;

/** Spec 4 and 9: a site speed answer without reports is read again after a minute. */
export const EMPTY_SPEED_REFETCH_MS = 60_000;
/** The outage screen and cards read their list again this often (the probes check every minute). */
export const OUTAGE_POLL_MS = 30_000;

/** The spec's three site speed ranges: the last 24 hours by hour, the last 7 or 30 days by day. */
export type SpeedRange = '24h' | '7d' | '30d';

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The query dates of a range, in UTC days ending today. */
export function speedRangeDates(range: SpeedRange, now = new Date()) {
  const days = range === '24h' ? 1 : range === '7d' ? 7 : 30;
  const start = new Date(now.getTime() - days * 86_400_000);
  return {
    start_date: isoDay(start),
    end_date: isoDay(now),
    group_by: range === '24h' ? ('hour' as const) : ('day' as const),
  };
}

/** `GET /api/loading-time`: the homepage's page loads at one region over a range. */
export const loadingTimeQuery = (url: string, region: MonitorRegion, range: SpeedRange) =>
  queryOptions({
    queryKey: [...monitoringKey, 'loading-time', url, region, range],
    queryFn: ({ signal }) =>
      request<LoadingTimeReply>('/loading-time', {
        query: { url, region, ...speedRangeDates(range) },
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.reports.length === 0 ? EMPTY_SPEED_REFETCH_MS : false),
  });

/** `POST /api/loading-time`: load the page now at a region (or all the website's regions). */
export const requestPageLoad = (url: string, region?: MonitorRegion) =>
  request<LoadingTimeCheckReply>('/loading-time', { method: 'POST', body: { url, region } });

/** `GET /api/outage/list`: the website's outages of the last 30 days (archived, active, regions without a probe). */
export const outageListQuery = (url: string) =>
  queryOptions({
    queryKey: [...monitoringKey, 'outages', url],
    queryFn: ({ signal }) => request<OutageListReply>('/outage/list', { query: { url }, signal }),
    refetchInterval: OUTAGE_POLL_MS,
  });

/** `GET /api/outage/context`: an outage's failed checks. */
export const outageContextQuery = (guid: string) =>
  queryOptions({
    queryKey: [...monitoringKey, 'outage-context', guid],
    queryFn: ({ signal }) => request<OutageContextReply>('/outage/context', { query: { guid }, signal }),
  });

/** The organization's notification channels, each with its latest delivery. */
export const notificationChannelsQuery = queryOptions({
  queryKey: [...monitoringKey, 'notification-channels'],
  queryFn: ({ signal }) => request<NotificationChannelListReply>('/notifications/channels', { signal }),
});

export const addNotificationChannel = (input: NotificationChannelInput) =>
  request<NotificationChannel>('/notifications/channels', { method: 'POST', body: input });
export const setNotificationChannelEnabled = (guid: string, enabled: boolean) =>
  request<NotificationChannel>(`/notifications/channels/${guid}`, { method: 'PATCH', body: { enabled } });
export const removeNotificationChannel = (guid: string) =>
  request<{ removed: true }>(`/notifications/channels/${guid}`, { method: 'DELETE' });
export const testNotificationChannel = (guid: string) =>
  request<{ delivery: NotificationDelivery }>(`/notifications/channels/${guid}/test`, { method: 'POST' });
/** Mails an e-mail channel not yet confirmed a new link; the previous one stops working. */
export const resendNotificationConfirmation = (guid: string) =>
  request<NotificationChannel>(`/notifications/channels/${guid}/confirmation`, { method: 'POST' });

/**
 * `POST /api/notifications/confirm`: the link mailed to an e-mail channel confirms it, once. A query,
 * so the page sends it once however often it mounts (a second call would find the link used); no
 * abort signal, as a confirmation sent is done on the server whatever the page does next. No
 * session is needed or refreshed.
 */
export const confirmNotificationsQuery = (token: string) =>
  queryOptions({
    queryKey: ['notification-confirm', token],
    queryFn: () =>
      request<NotificationConfirmReply>('/notifications/confirm', {
        method: 'POST',
        body: { token },
        refreshOn401: false,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
