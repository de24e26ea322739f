import {
  KEYWORD_MESSAGES,
  type KeywordRow,
  KeywordRowSchema,
  type TopKeywordsReply,
} from '@sitelens/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Empty, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { CacheHint } from '../seo-data/cache-hint';
import { column, DataTable, urlColumn } from '../seo-data/data-table';
import { ExportButtons } from '../seo-data/export-buttons';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { useModalSubject } from '../seo-data/subject-modal';
import {
  cpcColumn,
  phraseButtonColumn,
  positionColumn,
  resultsColumn,
  trafficColumn,
  volumeColumn,
} from './keyword-columns';
import { formatCount } from './keyword-values';
import { type Market, TOP_KEYWORD_SORTS, type TopKeywordSort, topKeywordsQuery } from './keywords.queries';
import { PositionChange } from './position-change';
import { TopDomainsModal } from './top-domains-modal';
import { TrendSparkline } from './trend-sparkline';

const messages = {
  sort: 'Sort by',
  topDomains: (phrase: string) => `Top domains for ${phrase}`,
  shown: (shown: number, total: number) =>
    shown < total
      ? `Showing ${formatCount(shown)} of ${formatCount(total)} keywords`
      : `${formatCount(total)} ${total === 1 ? 'keyword' : 'keywords'}`,
};

/**
 * A domain's top keywords in a market and order. Another order or market keeps the rows on screen,
 * dimmed, until the new ones are in.
 */
export function useTopKeywords(domain: string, market: Market, sort: TopKeywordSort) {
  const order = TOP_KEYWORD_SORTS.find((option) => option.key === sort)?.order;
  return useQuery({ ...topKeywordsQuery(domain, market, order), placeholderData: keepPreviousData });
}

/** A CSV's columns: the contract's fields, in its order. */
const FIELDS = Object.keys(KeywordRowSchema.shape) as (keyof KeywordRow & string)[];

const SORT_OPTIONS = TOP_KEYWORD_SORTS.map(({ key, label }) => ({ value: key, label }));

/** The keyword and its position stay; the rest give way on a narrow screen, the least telling first. */
function columnsOf(showDomains: (phrase: string) => void): ResponsiveColumn<KeywordRow>[] {
  return [
    // The keyword opens its top domains (spec 2.4).
    {
      ...phraseButtonColumn('phrase', 'Keyword', 164, {
        label: (row) => row.phrase,
        hint: messages.topDomains,
        onClick: showDomains,
      }),
      narrowWidth: 150,
      priority: 'key',
    },
    { ...positionColumn(80), priority: 'key' },
    {
      ...column<KeywordRow>('prev_pos', 'Previous position', 90, (row) => (
        <PositionChange pos={row.pos} prev={row.prev_pos} />
      )),
      priority: 2,
    },
    { ...trafficColumn(80), priority: 1 },
    {
      ...column<KeywordRow>('difficulty', 'Difficulty', 90, (row) => formatCount(row.difficulty)),
      priority: 4,
    },
    { ...volumeColumn(100), priority: 1 },
    { ...urlColumn(166), priority: 3 },
    { ...cpcColumn(64), priority: 5 },
    { ...resultsColumn(130), priority: 6 },
    {
      ...column<KeywordRow>('trends', 'Trends', 116, (row) => (
        <TrendSparkline phrase={row.phrase} trends={row.trends} />
      )),
      priority: 3,
    },
  ];
}

/**
 * The 'Top Keywords' table of a domain in a market (spec 2.4): its sort select, the count, the
 * exports, then the rows; a keyword opens the modal of its top domains. The screen reads the list
 * (`useTopKeywords`), so the one paid call serves its not-configured check too.
 */
export function TopKeywordsTable({
  domain,
  market,
  list,
  sort,
  onSort,
}: {
  domain: string;
  market: Market;
  list: UseQueryResult<TopKeywordsReply>;
  sort: TopKeywordSort;
  onSort(sort: TopKeywordSort): void;
}) {
  const domains = useModalSubject<string>();
  const columns = useMemo(() => columnsOf(domains.show), [domains.show]);
  const rows = list.data?.data ?? [];

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (list.isError) body = <SeoDataErrorAlert error={list.error} />;
  else if (rows.length === 0) body = <Empty description={KEYWORD_MESSAGES.noKeywords} />;
  else
    body = (
      <DataTable<KeywordRow>
        className="kw-table"
        // One keyword can rank with two pages of the domain.
        rowKey={(row) => `${row.phrase} ${row.url}`}
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isPlaceholderData}
      />
    );

  return (
    <div className="seo-data-stack">
      <div className="seo-data-toolbar">
        <div className="seo-data-controls">
          <Select<TopKeywordSort>
            aria-label={messages.sort}
            className="seo-data-sort"
            value={sort}
            options={SORT_OPTIONS}
            onChange={onSort}
          />
          {rows.length > 0 && (
            <Typography.Text type="secondary">
              {messages.shown(rows.length, Math.max(list.data?.total ?? 0, rows.length))}
            </Typography.Text>
          )}
          <CacheHint reply={list.data} />
        </div>
        <ExportButtons rows={rows} fields={FIELDS} fileName={`${domain}-top-keywords`} />
      </div>
      {body}
      <TopDomainsModal phrase={domains.subject} open={domains.open} market={market} onClose={domains.close} />
    </div>
  );
}
