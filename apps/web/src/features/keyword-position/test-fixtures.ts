import type {
  PositionPoint,
  TrackedKeyword,
  TrackedKeywordsOverviewReply,
  TrackedKeywordsReply,
} from '@sitelens/contracts';

/** Builders shared by the keyword position tracker's tests. */

/** A keyword of example.com in the United States (en); by default checked: position 10, not moved. */
export const trackedKeyword = (keyword: string, fields: Partial<TrackedKeyword> = {}): TrackedKeyword => ({
  keyword,
  domain: 'example.com',
  location_name: 'United States',
  language_code: 'en',
  c_at: '2026-11-01T09:00:00.000Z',
  pos: 10,
  prev_pos: 10,
  url: `https://example.com/${keyword.replaceAll(' ', '-')}`,
  td_count: 100,
  r_no: 1_250_000,
  vol: 2400,
  cpc: 1.2,
  competitors: [],
  checked_on: '2026-11-24',
  ...fields,
});

/** A keyword added and not checked yet: the list leaves out everything a check gives. */
export const uncheckedKeyword = (keyword: string, fields: Partial<TrackedKeyword> = {}): TrackedKeyword => ({
  keyword,
  domain: 'example.com',
  location_name: 'United States',
  language_code: 'en',
  c_at: '2026-11-24T09:00:00.000Z',
  vol: null,
  cpc: null,
  ...fields,
});

export const trackedList = (tracked_keywords: TrackedKeyword[], keywords_no = 12): TrackedKeywordsReply => ({
  tracked_keywords,
  keywords_no,
});

export const trackedOverview = (
  fields: Partial<TrackedKeywordsOverviewReply> = {},
): TrackedKeywordsOverviewReply => ({
  avg_pos: 12.3,
  increased: 4,
  unchanged: 2,
  dropped: 1,
  pending: 0,
  ...fields,
});

/** Daily points from 2026-01-01, one per position given. */
export const trendPoints = (positions: (number | null)[]): PositionPoint[] =>
  positions.map((pos, i) => ({ pos, c_at: `2026-01-${String(i + 1).padStart(2, '0')}` }));
