import {
  type CompetitorsQuery,
  type CompetitorsReply,
  KEYWORD_SUGGESTIONS_LIMIT,
  type KeywordResearchQuery,
  type KeywordResearchReply,
  type Market,
  SERP_DEPTH,
  TOP_KEYWORDS_LIMIT,
  type TopDomainsQuery,
  type TopDomainsReply,
  type TopKeywordsOverviewQuery,
  type TopKeywordsOverviewReply,
  type TopKeywordsQuery,
  type TopKeywordsReply,
} from '@sitelens/contracts';
import { type SeoData, answerSource as source } from '../../providers/seo-data';

// The keyword calls of the checkup document (7.3) that read the data provider: top keywords and
// their tiles, keyword research, competitors and a keyword's top domains.

/** How many competitors a domain's lookup answers. */
const COMPETITORS_LIMIT = 20;

const marketOf = (query: { location: string; language: string }): Market => ({
  location_name: query.location,
  language_code: query.language,
});

/** One ranked-keywords question; the tiles ask the table's default one, so the two share one paid call. */
function rankedKeywords(
  seoData: SeoData,
  organizationId: string,
  query: TopKeywordsOverviewQuery & { order_by?: TopKeywordsQuery['order_by']; order_dir?: 'asc' | 'desc' },
) {
  const market = marketOf(query);
  const request = {
    orderBy: query.order_by ?? 'traffic',
    direction: query.order_dir ?? 'desc',
    limit: TOP_KEYWORDS_LIMIT,
    offset: 0,
  };
  return seoData.ask(
    organizationId,
    {
      operation: 'rankedKeywords',
      params: { target: query.domain, ...market, ...request },
      rows: TOP_KEYWORDS_LIMIT,
    },
    (provider) => provider.rankedKeywords(query.domain, market, request),
  );
}

export async function topKeywords(
  seoData: SeoData,
  organizationId: string,
  query: TopKeywordsQuery,
): Promise<TopKeywordsReply> {
  const answer = await rankedKeywords(seoData, organizationId, query);
  return { data: answer.value.items, total: answer.value.total, ...source(answer) };
}

/** Positions above the top 100 count as 100 (checkup document 9). */
const SHOWN_POSITION_MAX = 100;

export async function topKeywordsOverview(
  seoData: SeoData,
  organizationId: string,
  query: TopKeywordsOverviewQuery,
): Promise<TopKeywordsOverviewReply> {
  const answer = await rankedKeywords(seoData, organizationId, query);
  const { items, movement } = answer.value;
  const positions = items.map((row) => Math.min(row.pos, SHOWN_POSITION_MAX)).filter((pos) => pos > 0);
  const average = positions.length ? positions.reduce((sum, pos) => sum + pos, 0) / positions.length : null;
  return {
    avg_pos: average === null ? null : Math.round(average * 10) / 10,
    increased: movement.up,
    dropped: movement.down,
    unchanged: Math.max(0, movement.count - movement.up - movement.down - movement.new),
    ...source(answer),
  };
}

export async function keywordResearch(
  seoData: SeoData,
  organizationId: string,
  query: KeywordResearchQuery,
): Promise<KeywordResearchReply> {
  const market = marketOf(query);
  const operation = query.research_type === 'related' ? 'relatedKeywords' : 'keywordSuggestions';
  const answer = await seoData.ask(
    organizationId,
    {
      operation,
      params: { phrase: query.phrase, ...market, limit: KEYWORD_SUGGESTIONS_LIMIT },
      rows: KEYWORD_SUGGESTIONS_LIMIT,
    },
    (provider) =>
      operation === 'relatedKeywords'
        ? provider.relatedKeywords(query.phrase, market, KEYWORD_SUGGESTIONS_LIMIT)
        : provider.keywordSuggestions(query.phrase, market, KEYWORD_SUGGESTIONS_LIMIT),
  );
  return { data: answer.value, ...source(answer) };
}

export async function competitors(
  seoData: SeoData,
  organizationId: string,
  query: CompetitorsQuery,
): Promise<CompetitorsReply> {
  const market = { location_name: query.location_name, language_code: query.language_code };
  const answer = await seoData.ask(
    organizationId,
    {
      operation: 'competitors',
      params: { target: query.domain, ...market, limit: COMPETITORS_LIMIT },
      rows: COMPETITORS_LIMIT + 1,
    },
    (provider) => provider.competitors(query.domain, market, COMPETITORS_LIMIT),
  );
  return { competitors: answer.value, ...source(answer) };
}

/** A keyword's results, 100 deep: the same question position tracking asks, so the two share answers. */
export async function topDomains(
  seoData: SeoData,
  organizationId: string,
  query: TopDomainsQuery,
): Promise<TopDomainsReply> {
  const market = marketOf(query);
  const answer = await seoData.ask(
    organizationId,
    { operation: 'serp', params: { keyword: query.phrase, ...market, depth: SERP_DEPTH }, rows: SERP_DEPTH },
    (provider) => provider.serp(query.phrase, market, SERP_DEPTH),
  );
  return { data: answer.value.items, r_no: answer.value.resultsCount, ...source(answer) };
}
