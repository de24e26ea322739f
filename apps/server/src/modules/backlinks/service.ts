import {
  type AnchorsReply,
  BACKLINKS_PAGE_SIZE,
  type BacklinksListQuery,
  type BacklinksOverviewReply,
  type BacklinksPageQuery,
  type BacklinksReply,
  locationForCountryCode,
  type MetricPoint,
  type ReferringDomainsReply,
  type TldDistributionReply,
  type TopCountriesReply,
} from '@sitelens/contracts';
import { type Answer, type SeoData, answerSource as source } from '../../providers/seo-data';
import type { BacklinksHistoryPoint, ListPage } from '../../providers/seo-data/seo-data-provider';

// The Backlinks calls (checkup document 7.2): each one question to the data provider, through its
// cost control, in the spec's shapes.

/** The overview's window: the last 4 weeks, one point a week (checkup document 9). */
const OVERVIEW_WEEKS = 4;

function page<T>(answer: Answer<ListPage<T>>, offset: number) {
  return {
    data: answer.value.items,
    total: answer.value.total,
    has_more: offset + answer.value.items.length < answer.value.total && answer.value.items.length > 0,
    ...source(answer),
  };
}

const day = (time: Date) => time.toISOString().slice(0, 10);

export async function backlinksOverview(
  seoData: SeoData,
  organizationId: string,
  domain: string,
  now = new Date(),
): Promise<BacklinksOverviewReply> {
  const range = { from: day(new Date(now.getTime() - OVERVIEW_WEEKS * 7 * 86_400_000)), to: day(now) };
  const answer = await seoData.ask(
    organizationId,
    { operation: 'backlinksHistory', params: { target: domain, ...range } },
    (provider) => provider.backlinksHistory(domain, range),
  );
  const weeks = answer.value.slice(-OVERVIEW_WEEKS);
  const series = (value: (point: BacklinksHistoryPoint) => number): MetricPoint[] =>
    weeks.map((point) => ({ value: value(point), c_at: point.date }));
  return {
    data: {
      total_backlinks: series((p) => p.backlinks),
      referring_domains: series((p) => p.referringDomains),
      domain_rank: series((p) => p.rank),
      follow_links: series((p) => Math.max(0, p.backlinks - p.nofollowBacklinks)),
      nofollow_links: series((p) => p.nofollowBacklinks),
    },
    ...source(answer),
  };
}

export async function listBacklinks(
  seoData: SeoData,
  organizationId: string,
  query: BacklinksListQuery,
): Promise<BacklinksReply> {
  const request = {
    offset: query.offset,
    limit: BACKLINKS_PAGE_SIZE,
    orderBy: query.order_by,
    direction: query.order_dir,
  };
  const answer = await seoData.ask(
    organizationId,
    { operation: 'backlinks', params: { target: query.domain, ...request }, rows: BACKLINKS_PAGE_SIZE },
    (provider) => provider.backlinks(query.domain, request),
  );
  return page(answer, query.offset);
}

export async function listReferringDomains(
  seoData: SeoData,
  organizationId: string,
  query: BacklinksPageQuery,
): Promise<ReferringDomainsReply> {
  const request = { offset: query.offset, limit: BACKLINKS_PAGE_SIZE };
  const answer = await seoData.ask(
    organizationId,
    {
      operation: 'referringDomains',
      params: { target: query.domain, ...request },
      rows: BACKLINKS_PAGE_SIZE,
    },
    (provider) => provider.referringDomains(query.domain, request),
  );
  return page(answer, query.offset);
}

export async function listAnchors(
  seoData: SeoData,
  organizationId: string,
  query: BacklinksPageQuery,
): Promise<AnchorsReply> {
  const request = { offset: query.offset, limit: BACKLINKS_PAGE_SIZE };
  const answer = await seoData.ask(
    organizationId,
    { operation: 'anchors', params: { target: query.domain, ...request }, rows: BACKLINKS_PAGE_SIZE },
    (provider) => provider.anchors(query.domain, request),
  );
  return page(answer, query.offset);
}

/** The profile's summary, which the TLD and country tabs both read (one paid call for the two). */
export const summaryOf = (seoData: SeoData, organizationId: string, domain: string) =>
  seoData.ask(organizationId, { operation: 'backlinksSummary', params: { target: domain } }, (provider) =>
    provider.backlinksSummary(domain),
  );

const mostFirst = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));

export async function tldDistribution(
  seoData: SeoData,
  organizationId: string,
  domain: string,
): Promise<TldDistributionReply> {
  const answer = await summaryOf(seoData, organizationId, domain);
  return {
    data: mostFirst(answer.value.tlds).map(([tld, backlinks_num]) => ({ tld, backlinks_num })),
    ...source(answer),
  };
}

export async function topCountries(
  seoData: SeoData,
  organizationId: string,
  domain: string,
): Promise<TopCountriesReply> {
  const answer = await summaryOf(seoData, organizationId, domain);
  return {
    data: mostFirst(answer.value.countries).map(([code, backlinks_num]) => {
      const country_code = /^[a-z]{2}$/i.test(code) && code.toUpperCase() !== 'WW' ? code.toUpperCase() : '';
      return {
        country: (country_code && locationForCountryCode(country_code)) || 'Unknown',
        country_code,
        backlinks_num,
      };
    }),
    ...source(answer),
  };
}
