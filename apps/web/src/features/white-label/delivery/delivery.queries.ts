import type { Schedule, ScheduleInput, Share, ShareCreated, ShareInput } from '@sitelens/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { whiteLabelKey } from '../white-label.queries';

/** `GET /white-label/schedules` (ScheduleListReplySchema). */
interface ScheduleList {
  schedules: Schedule[];
}
/** `GET /white-label/shares` (ShareListReplySchema). */
interface ShareList {
  shares: Share[];
}

/** What `PATCH /white-label/schedules/{guid}` changes; the rest stays. */
export type SchedulePatch = Partial<Pick<Schedule, 'template_guid' | 'recipient' | 'frequency' | 'enabled'>>;

/** The organization's scheduled reports, oldest first, each with its last send. */
export const schedulesQuery = queryOptions({
  queryKey: [...whiteLabelKey, 'schedules'],
  queryFn: ({ signal }) => request<ScheduleList>('/white-label/schedules', { signal }),
});

export const createSchedule = (input: ScheduleInput) =>
  request<Schedule>('/white-label/schedules', { method: 'POST', body: input });

export const updateSchedule = (guid: string, patch: SchedulePatch) =>
  request<Schedule>(`/white-label/schedules/${encodeURIComponent(guid)}`, { method: 'PATCH', body: patch });

export const deleteSchedule = (guid: string) =>
  request<void>(`/white-label/schedules/${encodeURIComponent(guid)}`, { method: 'DELETE' });

/** After a change: the schedule shows as the server answered it at once, then the list is read again. */
export async function scheduleChanged(
  queryClient: QueryClient,
  guid: string,
  changed: Schedule | null,
): Promise<void> {
  queryClient.setQueryData(schedulesQuery.queryKey, (list) => {
    if (!list) return list;
    const others = list.schedules.filter((s) => s.guid !== guid);
    if (!changed) return { schedules: others };
    const known = list.schedules.some((s) => s.guid === guid);
    return {
      schedules: known
        ? list.schedules.map((s) => (s.guid === guid ? changed : s))
        : [...list.schedules, changed],
    };
  });
  await queryClient.invalidateQueries({ queryKey: schedulesQuery.queryKey });
}

/** The organization's share links, newest first, with their state; the links themselves are not kept. */
export const sharesQuery = queryOptions({
  queryKey: [...whiteLabelKey, 'shares'],
  queryFn: ({ signal }) => request<ShareList>('/white-label/shares', { signal }),
});

/** Answers the link itself, once: only its hash is stored. */
export const createShare = (input: ShareInput) =>
  request<ShareCreated>('/white-label/shares', { method: 'POST', body: input });

/** Revoking keeps the row: the server answers it, revoked. */
export const revokeShare = (guid: string) =>
  request<Share>(`/white-label/shares/${encodeURIComponent(guid)}`, { method: 'DELETE' });

export async function sharesChanged(queryClient: QueryClient, changed?: Share): Promise<void> {
  if (changed)
    queryClient.setQueryData(sharesQuery.queryKey, (list) =>
      list ? { shares: list.shares.map((s) => (s.guid === changed.guid ? changed : s)) } : list,
    );
  await queryClient.invalidateQueries({ queryKey: sharesQuery.queryKey });
}
