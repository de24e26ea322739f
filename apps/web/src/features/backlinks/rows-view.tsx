import { SEO_DATA_MESSAGES } from '@sitelens/contracts';
import { Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LoadMoreButton } from '../../components/load-more-button';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { CacheHint } from '../seo-data/cache-hint';
import { DataTable } from '../seo-data/data-table';
import { ExportButtons } from '../seo-data/export-buttons';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';

const messages = {
  shown: (shown: number, total: number, noun: string) =>
    shown < total
      ? `Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}`
      : `${total.toLocaleString('en-US')} ${noun}`,
};

/** What a tab's list has read: a whole list, or the pages of a paged one merged. */
export interface RowsState<Row> {
  isPending: boolean;
  /** The failure of the first read; a later page's failure keeps the rows read so far. */
  error: unknown;
  rows: Row[] | undefined;
  /** Rows in all, past the loaded ones. */
  total: number;
  /** Where the (first) answer came from. */
  source: { from_cache: boolean; fetched_at: string } | undefined;
}

/**
 * One tab of the explorer: its controls and exports above, the table (its own horizontal scroll on a
 * phone), 'Load more' under a paged list; loading, error and empty states first.
 */
export function RowsView<Row extends object>({
  state,
  columns,
  noun,
  fields,
  fileName,
  controls,
  paging,
}: {
  state: RowsState<Row>;
  columns: ResponsiveColumn<Row>[];
  /** What the rows are, for the count: 'backlinks', 'referring domains'. */
  noun: string;
  fields: readonly (keyof Row & string)[];
  fileName: string;
  controls?: ReactNode;
  paging?: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage(): Promise<unknown>;
  };
}) {
  const rows = state.rows ?? [];
  // A row's place in the merged list is its key: pages only append, and no field is unique (one
  // page can link to one URL twice, with two anchors).
  const position = new Map(rows.map((row, index) => [row, String(index)]));
  let body: ReactNode;
  if (state.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!state.rows) body = <SeoDataErrorAlert error={state.error} />;
  else if (rows.length === 0) body = <Empty description={SEO_DATA_MESSAGES.noBacklinks} />;
  else
    body = (
      <>
        <DataTable<Row>
          className="bl-table"
          rowKey={(row) => position.get(row) ?? ''}
          size="middle"
          columns={columns}
          dataSource={rows}
        />
        {paging?.isFetchNextPageError && <SeoDataErrorAlert error={paging.error} />}
        {paging && <LoadMoreButton query={paging} />}
      </>
    );

  return (
    <div className="seo-data-stack">
      <div className="seo-data-toolbar">
        <div className="seo-data-controls">
          {controls}
          {rows.length > 0 && (
            <Typography.Text type="secondary">
              {messages.shown(rows.length, Math.max(state.total, rows.length), noun)}
            </Typography.Text>
          )}
          <CacheHint reply={state.source} />
        </div>
        <ExportButtons rows={rows} total={state.total} fields={fields} fileName={fileName} />
      </div>
      {body}
    </div>
  );
}
