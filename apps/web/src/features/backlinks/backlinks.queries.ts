import {
  type AnchorsReply,
  BACKLINKS_MAX_OFFSET,
  BACKLINKS_PAGE_SIZE,
  type BacklinkOrder,
  type BacklinksOverviewReply,
  type BacklinksReply,
  type ReferringDomainsReply,
  type TldDistributionReply,
  type TopCountriesReply,
} from '@sitelens/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { dataCall, seoDataKey } from '../seo-data/seo-data.queries';

/** Every backlinks answer, per domain. */
export const backlinksKey = (domain: string) => [...seoDataKey, 'backlinks', domain] as const;

export const backlinksOverviewQuery = (domain: string) =>
  queryOptions({
    queryKey: [...backlinksKey(domain), 'overview'],
    queryFn: ({ client, signal }) =>
      dataCall<BacklinksOverviewReply>(client, '/dfs/backlinks/overview', { domain }, signal),
  });

export const tldDistributionQuery = (domain: string) =>
  queryOptions({
    queryKey: [...backlinksKey(domain), 'tld-distribution'],
    queryFn: ({ client, signal }) =>
      dataCall<TldDistributionReply>(client, '/dfs/backlinks/tld-distribution', { domain }, signal),
  });

export const topCountriesQuery = (domain: string) =>
  queryOptions({
    queryKey: [...backlinksKey(domain), 'top-countries'],
    queryFn: ({ client, signal }) =>
      dataCall<TopCountriesReply>(client, '/dfs/backlinks/top-countries', { domain }, signal),
  });

/** The next page's offset while the list has more, up to the deepest offset the API accepts. */
export function nextOffset(last: { has_more: boolean }, offset: number): number | undefined {
  const next = offset + BACKLINKS_PAGE_SIZE;
  return last.has_more && next <= BACKLINKS_MAX_OFFSET ? next : undefined;
}

/** The backlinks list's orders, each one direction: the newest or the most important first. */
export const BACKLINK_ORDER_LABELS: Record<BacklinkOrder, string> = {
  first_seen: 'Most recently found',
  page_rank: 'Most important',
};

export const backlinksListQuery = (domain: string, order: BacklinkOrder) =>
  infiniteQueryOptions({
    queryKey: [...backlinksKey(domain), 'list', order],
    queryFn: ({ client, signal, pageParam }) =>
      dataCall<BacklinksReply>(
        client,
        '/dfs/backlinks',
        { domain, order_by: order, order_dir: 'desc', offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => nextOffset(last, offset),
  });

export const referringDomainsQuery = (domain: string) =>
  infiniteQueryOptions({
    queryKey: [...backlinksKey(domain), 'referring-domains'],
    queryFn: ({ client, signal, pageParam }) =>
      dataCall<ReferringDomainsReply>(
        client,
        '/dfs/backlinks/referring-domains',
        { domain, offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => nextOffset(last, offset),
  });

export const topAnchorsQuery = (domain: string) =>
  infiniteQueryOptions({
    queryKey: [...backlinksKey(domain), 'top-anchors'],
    queryFn: ({ client, signal, pageParam }) =>
      dataCall<AnchorsReply>(client, '/dfs/backlinks/top-anchors', { domain, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => nextOffset(last, offset),
  });
