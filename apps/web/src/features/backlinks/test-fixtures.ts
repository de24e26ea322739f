import type {
  AnchorRow,
  BacklinkRow,
  BacklinksOverviewReply,
  MetricPoint,
  ReferringDomainRow,
} from '@sitelens/contracts';

/** Builders shared by the backlinks screen's tests. */
export const FETCHED_AT = '2026-11-24T09:00:00.000Z';

const WEEKS = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
const weekly = (values: number[]): MetricPoint[] =>
  values.map((value, i) => ({ value, c_at: `${WEEKS[i]}T00:00:00.000Z` }));

/** The overview of a domain with `total` backlinks this week. */
export const overview = (
  total = 1234,
  fields: Partial<BacklinksOverviewReply> = {},
): BacklinksOverviewReply => ({
  data: {
    total_backlinks: weekly([total - 30, total - 20, total - 10, total]),
    referring_domains: weekly([80, 82, 85, 87]),
    domain_rank: weekly([410, 412, 415, 417]),
    follow_links: weekly([900, 910, 920, 934]),
    nofollow_links: weekly([290, 294, 297, 300]),
  },
  from_cache: false,
  fetched_at: FETCHED_AT,
  ...fields,
});

/** A backlink; `n` makes its linking page. */
export const backlink = (n: number, fields: Partial<BacklinkRow> = {}): BacklinkRow => ({
  url_from: `https://blog-${n}.test/post`,
  page_from_title: `Post ${n}`,
  page_from_rank: 200 + n,
  url_to: 'https://example.com/',
  dofollow: n % 2 === 1,
  page_from_external_links: 12,
  page_from_internal_links: 40,
  anchor: `anchor ${n}`,
  country: 'US',
  first_seen: '2026-10-05T12:00:00.000Z',
  last_seen: '2026-11-20T12:00:00.000Z',
  ...fields,
});

export const referringDomain = (n: number): ReferringDomainRow => ({
  domain: `blog-${n}.test`,
  backlinks: 10 + n,
  rank: 300 + n,
  first_seen: '2026-09-01T00:00:00.000Z',
});

export const anchor = (n: number): AnchorRow => ({
  anchor: `anchor ${n}`,
  referring_domains: n,
  backlinks: 5 * n,
  first_seen: '2026-09-01T00:00:00.000Z',
});

/** One page of a list, as the API answers it. */
export const page = <Row>(data: Row[], has_more = false, total = data.length, from_cache = false) => ({
  data,
  has_more,
  total,
  from_cache,
  fetched_at: FETCHED_AT,
});

// The dashboard's tests read the usage fixture from here too.
export { usage } from '../seo-data/test-support';
