import type { UpdateWebsiteSettingsBody, Website } from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { refreshWebsites, websiteQuery, websitesQuery } from '../websites.queries';

/**
 * `PATCH /api/website-index/settings/{guid}`: the saved website replaces the cached one at once,
 * then every websites answer is read again; `saved` is the success toast.
 */
export function useSaveSettings(website: Website, saved: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: Partial<UpdateWebsiteSettingsBody>) =>
      request<Website>(`/website-index/settings/${website.guid}`, { method: 'PATCH', body }),
    onSuccess: async (next) => {
      queryClient.setQueryData(websitesQuery.queryKey, (list) =>
        list?.map((w) => (w.guid === next.guid ? next : w)),
      );
      queryClient.setQueryData(websiteQuery(next.guid).queryKey, next);
      toast.success(saved);
      await refreshWebsites(queryClient);
    },
  });
}
