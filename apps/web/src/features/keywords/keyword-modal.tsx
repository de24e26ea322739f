import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { CacheHint } from '../seo-data/cache-hint';
import { DataTable } from '../seo-data/data-table';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import type { Market } from './keywords.queries';

/** A keyword's modal: the keyword (null until one is picked), whether it is open, its data's market. */
export interface KeywordModalProps {
  phrase: string | null;
  open: boolean;
  market: Market;
  onClose(): void;
}

/**
 * A keyword modal's list: a skeleton while it is read, its failure, `empty` without rows, else where
 * the answer came from above the rows' table.
 */
export function KeywordModalTable<
  Reply extends { from_cache: boolean; fetched_at: string },
  Row extends object,
>({
  list,
  rowsOf,
  empty,
  columns,
  rowKey,
}: {
  list: UseQueryResult<Reply>;
  rowsOf(reply: Reply): Row[];
  empty: string;
  columns: ResponsiveColumn<Row>[];
  rowKey(row: Row): string;
}) {
  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError) return <SeoDataErrorAlert error={list.error} />;
  const rows = rowsOf(list.data);
  if (rows.length === 0) return <Empty description={empty} />;
  return (
    <div className="seo-data-stack">
      <CacheHint reply={list.data} />
      <DataTable<Row> className="kw-table" rowKey={rowKey} size="small" columns={columns} dataSource={rows} />
    </div>
  );
}
