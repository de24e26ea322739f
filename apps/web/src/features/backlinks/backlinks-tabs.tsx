import {
  type AnchorRow,
  AnchorRowSchema,
  BACKLINK_ORDERS,
  type BacklinkOrder,
  type BacklinkRow,
  BacklinkRowSchema,
  type CountryRow,
  CountryRowSchema,
  formatDate,
  locationForCountryCode,
  type ReferringDomainRow,
  ReferringDomainRowSchema,
  type TldRow,
  TldRowSchema,
} from '@sitelens/contracts';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { Select, Tabs, Tag } from 'antd';
import { useState } from 'react';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { column, pageLink, wrapColumn } from '../seo-data/data-table';
import {
  BACKLINK_ORDER_LABELS,
  backlinksListQuery,
  referringDomainsQuery,
  tldDistributionQuery,
  topAnchorsQuery,
  topCountriesQuery,
} from './backlinks.queries';
import { type RowsState, RowsView } from './rows-view';

const messages = {
  tabs: {
    backlinks: 'Backlinks',
    referringDomains: 'Referring domains',
    topAnchors: 'Top anchors',
    tld: 'TLD distribution',
    countries: 'Top countries',
  },
  order: 'Order',
  untitled: 'Untitled page',
  dofollow: 'dofollow',
  nofollow: 'nofollow',
};

const count = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });
const orDash = (value: string | null) => value || '-';

/** A CSV's columns: the contract's fields, in its order. */
const fieldsOf = <T extends object>(schema: { shape: object }) =>
  Object.keys(schema.shape) as (keyof T & string)[];

/** The five lists of a domain's backlinks, each read when its tab is first opened. */
export function BacklinksTabs({ domain }: { domain: string }) {
  return (
    <Tabs
      className="seo-data-tabs"
      items={[
        { key: 'backlinks', label: messages.tabs.backlinks, children: <BacklinksTab domain={domain} /> },
        {
          key: 'referring-domains',
          label: messages.tabs.referringDomains,
          children: <ReferringDomainsTab domain={domain} />,
        },
        { key: 'top-anchors', label: messages.tabs.topAnchors, children: <TopAnchorsTab domain={domain} /> },
        { key: 'tld-distribution', label: messages.tabs.tld, children: <TldTab domain={domain} /> },
        { key: 'top-countries', label: messages.tabs.countries, children: <CountriesTab domain={domain} /> },
      ]}
    />
  );
}

type Page<Row> = { data: Row[]; total: number; from_cache: boolean; fetched_at: string };

/** A paged list's pages merged, in the shape a tab shows. */
function pagedState<Row>(query: UseInfiniteQueryResult<InfiniteData<Page<Row>>>): RowsState<Row> {
  const first = query.data?.pages[0];
  return {
    isPending: query.isPending,
    error: query.error,
    rows: query.data?.pages.flatMap((page) => page.data),
    total: first?.total ?? 0,
    source: first,
  };
}

function wholeState<Row>(query: {
  isPending: boolean;
  error: unknown;
  data?: { data: Row[]; from_cache: boolean; fetched_at: string };
}): RowsState<Row> {
  return {
    isPending: query.isPending,
    error: query.error,
    rows: query.data?.data,
    total: query.data?.data.length ?? 0,
    source: query.data,
  };
}

// Each list keeps its name and its figure; the rest give way on a narrow screen.
const BACKLINK_COLUMNS: ResponsiveColumn<BacklinkRow>[] = [
  {
    ...column<BacklinkRow>('url_from', 'Linking page', 280, (row) => (
      <div className="bl-page-cell">
        <span className="bl-page-title">{row.page_from_title || messages.untitled}</span>
        {pageLink(row.url_from)}
      </div>
    )),
    narrowWidth: 180,
    priority: 'key',
  },
  { ...wrapColumn<BacklinkRow>('anchor', 'Anchor', 180, (row) => orDash(row.anchor)), priority: 2 },
  {
    ...column<BacklinkRow>('dofollow', 'Link', 90, (row) =>
      row.dofollow ? <Tag color="green">{messages.dofollow}</Tag> : <Tag>{messages.nofollow}</Tag>,
    ),
    priority: 1,
  },
  {
    ...column<BacklinkRow>('page_from_rank', 'Page rank', 90, (row) => count(row.page_from_rank)),
    priority: 3,
  },
  { ...wrapColumn<BacklinkRow>('url_to', 'Link to', 220, (row) => row.url_to), priority: 4 },
  {
    ...column<BacklinkRow>('first_seen', 'First seen', 110, (row) => formatDate(row.first_seen)),
    priority: 3,
  },
  {
    ...column<BacklinkRow>('last_seen', 'Last seen', 110, (row) =>
      row.last_seen ? formatDate(row.last_seen) : '-',
    ),
    priority: 5,
  },
  { ...column<BacklinkRow>('country', 'Country', 80, (row) => <Country code={row.country} />), priority: 6 },
];

function Country({ code }: { code: string | null }) {
  if (!code) return '-';
  const name = locationForCountryCode(code);
  return name ? <abbr title={name}>{code.toUpperCase()}</abbr> : code.toUpperCase();
}

function BacklinksTab({ domain }: { domain: string }) {
  const [order, setOrder] = useState<BacklinkOrder>('first_seen');
  const list = useInfiniteQuery(backlinksListQuery(domain, order));
  return (
    <RowsView<BacklinkRow>
      state={pagedState(list)}
      paging={list}
      columns={BACKLINK_COLUMNS}
      noun="backlinks"
      fields={fieldsOf<BacklinkRow>(BacklinkRowSchema)}
      fileName={`${domain}-backlinks`}
      controls={
        <Select<BacklinkOrder>
          aria-label={messages.order}
          className="seo-data-sort"
          value={order}
          onChange={setOrder}
          options={BACKLINK_ORDERS.map((value) => ({ value, label: BACKLINK_ORDER_LABELS[value] }))}
        />
      }
    />
  );
}

const REFERRING_DOMAIN_COLUMNS: ResponsiveColumn<ReferringDomainRow>[] = [
  {
    ...wrapColumn<ReferringDomainRow>('domain', 'Domain', 260, (row) => row.domain),
    narrowWidth: 150,
    priority: 'key',
  },
  {
    ...column<ReferringDomainRow>('backlinks', 'Backlinks', 100, (row) => count(row.backlinks)),
    priority: 'key',
  },
  { ...column<ReferringDomainRow>('rank', 'Rank', 80, (row) => count(row.rank)), priority: 1 },
  {
    ...column<ReferringDomainRow>('first_seen', 'First seen', 110, (row) => formatDate(row.first_seen)),
    priority: 2,
  },
];

function ReferringDomainsTab({ domain }: { domain: string }) {
  const list = useInfiniteQuery(referringDomainsQuery(domain));
  return (
    <RowsView<ReferringDomainRow>
      state={pagedState(list)}
      paging={list}
      columns={REFERRING_DOMAIN_COLUMNS}
      noun="referring domains"
      fields={fieldsOf<ReferringDomainRow>(ReferringDomainRowSchema)}
      fileName={`${domain}-referring-domains`}
    />
  );
}

const ANCHOR_COLUMNS: ResponsiveColumn<AnchorRow>[] = [
  {
    ...wrapColumn<AnchorRow>('anchor', 'Anchor', 260, (row) => orDash(row.anchor)),
    narrowWidth: 150,
    priority: 'key',
  },
  {
    ...column<AnchorRow>('referring_domains', 'Referring domains', 130, (row) =>
      count(row.referring_domains),
    ),
    priority: 1,
  },
  { ...column<AnchorRow>('backlinks', 'Backlinks', 100, (row) => count(row.backlinks)), priority: 'key' },
  { ...column<AnchorRow>('first_seen', 'First seen', 110, (row) => formatDate(row.first_seen)), priority: 2 },
];

function TopAnchorsTab({ domain }: { domain: string }) {
  const list = useInfiniteQuery(topAnchorsQuery(domain));
  return (
    <RowsView<AnchorRow>
      state={pagedState(list)}
      paging={list}
      columns={ANCHOR_COLUMNS}
      noun="anchors"
      fields={fieldsOf<AnchorRow>(AnchorRowSchema)}
      fileName={`${domain}-top-anchors`}
    />
  );
}

const TLD_COLUMNS: ResponsiveColumn<TldRow>[] = [
  { ...wrapColumn<TldRow>('tld', 'TLD', 200, (row) => row.tld), narrowWidth: 150, priority: 'key' },
  {
    ...column<TldRow>('backlinks_num', 'Backlinks', 100, (row) => count(row.backlinks_num)),
    priority: 'key',
  },
];

function TldTab({ domain }: { domain: string }) {
  const list = useQuery(tldDistributionQuery(domain));
  return (
    <RowsView<TldRow>
      state={wholeState(list)}
      columns={TLD_COLUMNS}
      noun="top-level domains"
      fields={fieldsOf<TldRow>(TldRowSchema)}
      fileName={`${domain}-tld-distribution`}
    />
  );
}

const COUNTRY_COLUMNS: ResponsiveColumn<CountryRow>[] = [
  {
    ...wrapColumn<CountryRow>('country', 'Country', 220, (row) => orDash(row.country)),
    narrowWidth: 150,
    priority: 'key',
  },
  { ...column<CountryRow>('country_code', 'Code', 70, (row) => orDash(row.country_code)), priority: 1 },
  {
    ...column<CountryRow>('backlinks_num', 'Backlinks', 100, (row) => count(row.backlinks_num)),
    priority: 'key',
  },
];

function CountriesTab({ domain }: { domain: string }) {
  const list = useQuery(topCountriesQuery(domain));
  return (
    <RowsView<CountryRow>
      state={wholeState(list)}
      columns={COUNTRY_COLUMNS}
      noun="countries"
      fields={fieldsOf<CountryRow>(CountryRowSchema)}
      fileName={`${domain}-top-countries`}
    />
  );
}
