import type {
  CompetitorsReply,
  KeywordResearchReply,
  ResearchType,
  TopDomainsReply,
  TopKeywordOrder,
  TopKeywordsOverviewReply,
  TopKeywordsReply,
} from '@sitelens/contracts';
import { queryOptions } from '@tanstack/react-query';
import { dataCall, seoDataKey } from '../seo-data/seo-data.queries';

/** A search market as the keyword calls take it: a location name and a language code. */
export interface Market {
  location: string;
  language: string;
}

/** Every keyword answer lives under this key. */
export const keywordsKey = [...seoDataKey, 'keywords'] as const;

/** A domain's top keywords in a market, in one of the four orders (traffic descending by default). */
export const topKeywordsQuery = (
  domain: string,
  market: Market,
  order: { by: TopKeywordOrder; dir: 'asc' | 'desc' } = { by: 'traffic', dir: 'desc' },
) =>
  queryOptions({
    queryKey: [...keywordsKey, 'top', domain, market, order],
    queryFn: ({ client, signal }) =>
      dataCall<TopKeywordsReply>(
        client,
        '/dfs/top-keywords',
        { domain, ...market, order_by: order.by, order_dir: order.dir },
        signal,
      ),
  });

/** The tiles: average position, increased, unchanged, dropped. */
export const topKeywordsOverviewQuery = (domain: string, market: Market) =>
  queryOptions({
    queryKey: [...keywordsKey, 'overview', domain, market],
    queryFn: ({ client, signal }) =>
      dataCall<TopKeywordsOverviewReply>(client, '/dfs/top-keywords/overview', { domain, ...market }, signal),
  });

/** Keyword research: broad-match suggestions or related keywords of a phrase. */
export const keywordResearchQuery = (type: ResearchType, phrase: string, market: Market) =>
  queryOptions({
    queryKey: [...keywordsKey, 'research', type, phrase, market],
    queryFn: ({ client, signal }) =>
      dataCall<KeywordResearchReply>(
        client,
        '/dfs/keywords-research',
        { research_type: type, phrase, ...market },
        signal,
      ),
  });

/** A keyword's first results: position, domain, URL. */
export const topDomainsQuery = (phrase: string, market: Market) =>
  queryOptions({
    queryKey: [...keywordsKey, 'top-domains', phrase, market],
    queryFn: ({ client, signal }) =>
      dataCall<TopDomainsReply>(client, '/dfs/top-domains', { phrase, ...market }, signal),
  });

/** The domains competing with a domain for its keywords in a market. */
export const competitorsQuery = (domain: string, market: Market) =>
  queryOptions({
    queryKey: [...keywordsKey, 'competitors', domain, market],
    queryFn: ({ client, signal }) =>
      dataCall<CompetitorsReply>(
        client,
        '/dfs/competitors',
        { domain, location_name: market.location, language_code: market.language },
        signal,
      ),
  });

/** The top-keywords table's sort options, in the spec's order (9): traffic descending first, the default. */
export const TOP_KEYWORD_SORTS = [
  { key: 'traffic-desc', label: 'Traffic (high to low)', order: { by: 'traffic', dir: 'desc' } },
  { key: 'position-asc', label: 'Position (best first)', order: { by: 'position', dir: 'asc' } },
  { key: 'traffic-asc', label: 'Traffic (low to high)', order: { by: 'traffic', dir: 'asc' } },
  { key: 'position-desc', label: 'Position (worst first)', order: { by: 'position', dir: 'desc' } },
] as const satisfies readonly {
  key: string;
  label: string;
  order: { by: TopKeywordOrder; dir: 'asc' | 'desc' };
}[];
export type TopKeywordSort = (typeof TOP_KEYWORD_SORTS)[number]['key'];
