import {
  EXCLUSION_LABELS,
  EXCLUSION_REASONS,
  type ExcludedReply,
  type ExclusionReason,
} from '@sitelens/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Empty, Select, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadMoreButton } from '../../components/load-more-button';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { excludedKey, fetchExcludedPage } from './webmaster-tools.queries';

type Excluded = ExcludedReply['data'][number];

const messages = {
  reason: 'Reason',
  allReasons: 'All reasons',
  none: 'Nothing was left out.',
  noneForReason: 'Nothing was left out for this reason.',
  noAnswer: 'No answer',
};

const columns: ResponsiveColumn<Excluded>[] = [
  {
    key: 'url',
    title: 'URL',
    width: 360,
    narrowWidth: 150,
    priority: 'key',
    render: (_value, row) => <span className="wt-url">{row.url}</span>,
  },
  {
    key: 'reason',
    title: 'Reason',
    width: 220,
    narrowWidth: 110,
    priority: 'key',
    render: (_value, row) => EXCLUSION_LABELS[row.reason],
  },
  {
    key: 'status',
    title: 'Status',
    width: 100,
    priority: 1,
    render: (_value, row) => row.status ?? messages.noAnswer,
  },
];

/** The crawled URLs a sitemap leaves out, 50 at a time by keyset, all or for one reason. */
export function ExcludedUrlsTable({
  guid,
  reason,
  onReasonChange,
}: {
  guid: string;
  reason: ExclusionReason | null;
  onReasonChange(reason: ExclusionReason | null): void;
}) {
  const rows = useInfiniteQuery({
    queryKey: excludedKey(guid, reason),
    queryFn: ({ pageParam }) => fetchExcludedPage(guid, reason, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.last_evaluated_key,
  });

  let body: ReactNode;
  const data = rows.data?.pages.flatMap((page) => page.data) ?? [];
  if (rows.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (!rows.data) body = <ServerErrorAlert error={rows.error} />;
  else if (data.length === 0) body = <Empty description={reason ? messages.noneForReason : messages.none} />;
  else
    body = (
      <>
        <ResponsiveTable<Excluded>
          className="wt-table"
          rowKey={(row) => `${row.reason}:${row.url}`}
          size="middle"
          columns={columns}
          dataSource={data}
          pagination={false}
        />
        <LoadMoreButton query={rows} />
      </>
    );

  return (
    <div className="wt-list">
      <div className="wt-filters">
        <Select<ExclusionReason | 'all'>
          aria-label={messages.reason}
          className="wt-reason-select"
          value={reason ?? 'all'}
          onChange={(value) => onReasonChange(value === 'all' ? null : value)}
          options={[
            { value: 'all', label: messages.allReasons },
            ...EXCLUSION_REASONS.map((value) => ({ value, label: EXCLUSION_LABELS[value] })),
          ]}
        />
      </div>
      {body}
    </div>
  );
}
