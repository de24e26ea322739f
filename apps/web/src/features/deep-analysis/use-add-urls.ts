import { DEEP_ANALYSIS_MESSAGES } from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addUrls, addUrlsToGroup, refreshDeepAnalysis } from './deep-analysis.queries';

const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');

/** The host of what a user typed, read as the server reads it (`https://` added when missing). */
function hostOf(input: string): string | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? bareHost(url.hostname) : null;
  } catch {
    return null;
  }
}

/**
 * Spec 5: every URL must be on the website's domain, www ignored; an empty list is refused with the
 * same text. Null when the list may be sent.
 */
export function urlsProblem(urls: string[], domain: string): string | null {
  const own = bareHost(domain);
  if (urls.length === 0 || urls.some((url) => hostOf(url) !== own))
    return DEEP_ANALYSIS_MESSAGES.urlsFromDomain(domain);
  return null;
}

/** Adds URLs to the website's monitored ones, into a page group when one is given. */
export function useAddUrls(w: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ urls, clusterGuid }: { urls: string[]; clusterGuid?: string | undefined }) =>
      clusterGuid ? addUrlsToGroup(w, clusterGuid, urls) : addUrls(w, urls),
    onSuccess: () => refreshDeepAnalysis(queryClient),
  });
}
