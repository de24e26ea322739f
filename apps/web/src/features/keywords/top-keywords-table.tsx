import {
  KEYWORD_MESSAGES,
  type KeywordRow,
  KeywordRowSchema,
  type TopKeywordsReply,
} from '@sitelens/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Button, Empty, Select, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { CacheHint } from '../seo-data/cache-hint';
import { ExportButtons } from '../seo-data/export-buttons';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { formatCount, formatCpc } from './keyword-values';
import { type Market, TOP_KEYWORD_SORTS, type TopKeywordSort, topKeywordsQuery } from './keywords.queries';
import { PositionChange } from './position-change';
import { TopDomainsModal } from './top-domains-modal';
import { TrendSparkline } from './trend-sparkline';
import { useModalSubject } from './use-modal-subject';

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

function columnsOf(showDomains: (phrase: string) => void): TableColumnsType<KeywordRow> {
  return [
    {
      key: 'phrase',
      title: 'Keyword',
      width: 220,
      render: (_value, row) => (
        // The keyword opens its top domains (spec 2.4).
        <Button
          type="link"
          className="kw-phrase"
          title={messages.topDomains(row.phrase)}
          onClick={() => showDomains(row.phrase)}
        >
          {row.phrase}
        </Button>
      ),
    },
    { key: 'pos', title: 'Position', width: 90, render: (_value, row) => row.pos },
    {
      key: 'prev_pos',
      title: 'Previous position',
      width: 140,
      render: (_value, row) => <PositionChange pos={row.pos} prev={row.prev_pos} />,
    },
    { key: 'traffic', title: 'Traffic', width: 100, render: (_value, row) => formatCount(row.traffic) },
    {
      key: 'difficulty',
      title: 'Difficulty',
      width: 100,
      render: (_value, row) => formatCount(row.difficulty),
    },
    { key: 'vol', title: 'Search volume', width: 130, render: (_value, row) => formatCount(row.vol) },
    {
      key: 'url',
      title: 'URL',
      width: 260,
      render: (_value, row) =>
        row.url ? (
          <a className="kw-wrap" href={row.url} target="_blank" rel="noopener noreferrer">
            {row.url}
          </a>
        ) : (
          '-'
        ),
    },
    { key: 'cpc', title: 'CPC', width: 90, render: (_value, row) => formatCpc(row.cpc) },
    { key: 'r_no', title: 'Results', width: 140, render: (_value, row) => formatCount(row.r_no) },
    {
      key: 'trends',
      title: 'Trends',
      width: 120,
      render: (_value, row) => <TrendSparkline phrase={row.phrase} trends={row.trends} />,
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
  const scrollX = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);
  const rows = list.data?.data ?? [];

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (list.isError) body = <SeoDataErrorAlert error={list.error} />;
  else if (rows.length === 0) body = <Empty description={KEYWORD_MESSAGES.noKeywords} />;
  else
    body = (
      <Table<KeywordRow>
        className="kw-table"
        // One keyword can rank with two pages of the domain.
        rowKey={(row) => `${row.phrase} ${row.url}`}
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isPlaceholderData}
        pagination={false}
        scroll={{ x: scrollX }}
      />
    );

  return (
    <div className="kw-list">
      <div className="kw-toolbar">
        <div className="kw-controls">
          <Select<TopKeywordSort>
            aria-label={messages.sort}
            className="kw-sort"
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
