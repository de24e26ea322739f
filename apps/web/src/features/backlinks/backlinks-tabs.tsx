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
import { Select, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
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
      className="bl-tabs"
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

const BACKLINK_COLUMNS: TableColumnsType<BacklinkRow> = [
  {
    key: 'url_from',
    title: 'Linking page',
    width: 320,
    render: (_value, row) => (
      <div className="bl-page-cell">
        <span className="bl-page-title">{row.page_from_title || messages.untitled}</span>
        <a className="bl-wrap" href={row.url_from} target="_blank" rel="noopener noreferrer">
          {row.url_from}
        </a>
      </div>
    ),
  },
  {
    key: 'anchor',
    title: 'Anchor',
    width: 200,
    render: (_value, row) => <span className="bl-wrap">{orDash(row.anchor)}</span>,
  },
  {
    key: 'dofollow',
    title: 'Link',
    width: 110,
    render: (_value, row) =>
      row.dofollow ? <Tag color="green">{messages.dofollow}</Tag> : <Tag>{messages.nofollow}</Tag>,
  },
  {
    key: 'page_from_rank',
    title: 'Page rank',
    width: 100,
    render: (_value, row) => count(row.page_from_rank),
  },
  {
    key: 'url_to',
    title: 'Link to',
    width: 260,
    render: (_value, row) => <span className="bl-wrap">{row.url_to}</span>,
  },
  { key: 'first_seen', title: 'First seen', width: 130, render: (_value, row) => formatDate(row.first_seen) },
  {
    key: 'last_seen',
    title: 'Last seen',
    width: 130,
    render: (_value, row) => (row.last_seen ? formatDate(row.last_seen) : '-'),
  },
  { key: 'country', title: 'Country', width: 100, render: (_value, row) => <Country code={row.country} /> },
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
          className="bl-order"
          value={order}
          onChange={setOrder}
          options={BACKLINK_ORDERS.map((value) => ({ value, label: BACKLINK_ORDER_LABELS[value] }))}
        />
      }
    />
  );
}

const REFERRING_DOMAIN_COLUMNS: TableColumnsType<ReferringDomainRow> = [
  {
    key: 'domain',
    title: 'Domain',
    width: 280,
    render: (_value, row) => <span className="bl-wrap">{row.domain}</span>,
  },
  { key: 'backlinks', title: 'Backlinks', width: 120, render: (_value, row) => count(row.backlinks) },
  { key: 'rank', title: 'Rank', width: 100, render: (_value, row) => count(row.rank) },
  { key: 'first_seen', title: 'First seen', width: 130, render: (_value, row) => formatDate(row.first_seen) },
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

const ANCHOR_COLUMNS: TableColumnsType<AnchorRow> = [
  {
    key: 'anchor',
    title: 'Anchor',
    width: 280,
    render: (_value, row) => <span className="bl-wrap">{orDash(row.anchor)}</span>,
  },
  {
    key: 'referring_domains',
    title: 'Referring domains',
    width: 150,
    render: (_value, row) => count(row.referring_domains),
  },
  { key: 'backlinks', title: 'Backlinks', width: 120, render: (_value, row) => count(row.backlinks) },
  { key: 'first_seen', title: 'First seen', width: 130, render: (_value, row) => formatDate(row.first_seen) },
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

const TLD_COLUMNS: TableColumnsType<TldRow> = [
  {
    key: 'tld',
    title: 'TLD',
    width: 200,
    render: (_value, row) => <span className="bl-wrap">{row.tld}</span>,
  },
  { key: 'backlinks_num', title: 'Backlinks', width: 120, render: (_value, row) => count(row.backlinks_num) },
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

const COUNTRY_COLUMNS: TableColumnsType<CountryRow> = [
  {
    key: 'country',
    title: 'Country',
    width: 220,
    render: (_value, row) => <span className="bl-wrap">{orDash(row.country)}</span>,
  },
  { key: 'country_code', title: 'Code', width: 90, render: (_value, row) => orDash(row.country_code) },
  { key: 'backlinks_num', title: 'Backlinks', width: 120, render: (_value, row) => count(row.backlinks_num) },
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
