import type { Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { websitesQuery } from './websites.queries';

const SELECTED_KEY = 'sitelens.selected-website';

/** The website last selected in this browser, so a page opened without w_guid shows the same one. */
export const lastSelectedWebsite = {
  get: (): string | null => {
    try {
      return localStorage.getItem(SELECTED_KEY);
    } catch {
      return null;
    }
  },
  set: (guid: string) => {
    try {
      localStorage.setItem(SELECTED_KEY, guid);
    } catch {
      // Private mode: the selection lives in the URL only.
    }
  },
};

/**
 * The selected tracked website (spec: carried in `w_guid`). Without it, or with a guid that is not
 * one of the organization's websites, the last one selected here, else the first; the URL is then
 * corrected so links and reloads keep it.
 */
export function useSelectedWebsite() {
  const websites = useQuery(websitesQuery);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('w_guid');
  const list = websites.data ?? [];
  const selected: Website | undefined =
    list.find((w) => w.guid === wanted) ?? list.find((w) => w.guid === lastSelectedWebsite.get()) ?? list[0];

  const select = useCallback(
    (guid: string) => {
      lastSelectedWebsite.set(guid);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('w_guid', guid);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (selected && selected.guid !== wanted) select(selected.guid);
    else if (selected) lastSelectedWebsite.set(selected.guid);
  }, [selected, wanted, select]);

  return { websites, selected, select };
}
