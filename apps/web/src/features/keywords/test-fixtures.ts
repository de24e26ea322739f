import type {
  KeywordRow,
  KeywordSuggestion,
  TopDomainRow,
  TopKeywordsOverviewReply,
  TopKeywordsReply,
} from '@sitelens/contracts';

/** Builders shared by the keyword screens' tests. */
export const FETCHED_AT = '2026-11-24T09:00:00.000Z';

const TRENDS = [1000, 1100, 1200, 1300, 1250, 1400, 1500, 1450, 1600, 1700, 1650, 1800];

/** A keyword the domain ranks for; `n` makes its phrase and page (position n, from n + 2). */
export const keywordRow = (n: number, fields: Partial<KeywordRow> = {}): KeywordRow => ({
  phrase: `keyword ${n}`,
  pos: n,
  prev_pos: n + 2,
  traffic: 1000 / n,
  difficulty: 40 + n,
  vol: 12_000 + n,
  url: `https://example.com/page-${n}`,
  cpc: 1.2,
  cmp: 0.35,
  r_no: 1_234_567,
  trends: TRENDS,
  ...fields,
});

export const topKeywords = (
  data: KeywordRow[],
  total = data.length,
  from_cache = false,
): TopKeywordsReply => ({ data, total, from_cache, fetched_at: FETCHED_AT });

export const keywordsOverview = (
  fields: Partial<TopKeywordsOverviewReply> = {},
): TopKeywordsOverviewReply => ({
  avg_pos: 12.345,
  increased: 1200,
  unchanged: 30,
  dropped: 7,
  from_cache: false,
  fetched_at: FETCHED_AT,
  ...fields,
});

/** A keyword suggestion; `n` makes its phrase. */
export const suggestion = (n: number, fields: Partial<KeywordSuggestion> = {}): KeywordSuggestion => ({
  phrase: `suggestion ${n}`,
  vol: 5400 + n,
  cpc: 0.5,
  cmp: 0.12,
  r_no: 98_765,
  trends: TRENDS,
  ...fields,
});

export const research = (data: KeywordSuggestion[], from_cache = false) => ({
  data,
  from_cache,
  fetched_at: FETCHED_AT,
});

export const topDomain = (position: number): TopDomainRow => ({
  position,
  domain: `rival-${position}.test`,
  url: `https://rival-${position}.test/best`,
  title: `Rival ${position}`,
});

export const topDomains = (data: TopDomainRow[]) => ({
  data,
  r_no: 1_234_567,
  from_cache: false,
  fetched_at: FETCHED_AT,
});
