import { BarChartOutlined, DeleteOutlined } from '@ant-design/icons';
import type { CompetitorPosition, TrackedKeyword } from '@sitelens/contracts';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { deleteTrackedKeyword } from '../websites/settings/tracked-keywords.queries';
import { refreshWebsites } from '../websites/websites.queries';
import { trackedKeywordsKey, trackedKeywordsQuery } from './keyword-position.queries';
import { PositionCell } from './position-cell';
import { PositionTrendModal } from './position-trend-modal';
import { formatCount, formatCpc, formatPosition, hasPosition } from './position-values';

const messages = {
  trend: (phrase: string) => `Trend of ${phrase}`,
  remove: (phrase: string) => `Stop tracking ${phrase}`,
  confirm: (phrase: string) => `Stop tracking "${phrase}"? Its position history is deleted too.`,
  confirmOk: 'Stop tracking',
  removed: (phrase: string) => `"${phrase}" is no longer tracked.`,
};

/** One market's keyword: the same phrase may be tracked in two markets of one domain. */
const rowKey = (k: TrackedKeyword) => `${k.keyword}\u0000${k.location_name}\u0000${k.language_code}`;

function CompetitorsCell({ competitors }: { competitors: CompetitorPosition[] | undefined }) {
  if (!competitors?.length) return '-';
  return (
    <ul className="kp-competitors">
      {competitors.map((c) => (
        <li key={c.domain}>
          <span className="kp-wrap">{c.domain}</span>
          <span className="kp-competitor-pos">{formatPosition(c.pos)}</span>
        </li>
      ))}
    </ul>
  );
}

function columnsOf({
  sourceConfigured,
  removing,
  showTrend,
  remove,
}: {
  sourceConfigured: boolean | undefined;
  removing: Set<string>;
  showTrend(keyword: TrackedKeyword): void;
  remove(phrase: string): void;
}): TableColumnsType<TrackedKeyword> {
  return [
    { key: 'index', title: '#', width: 48, render: (_value, _row, index) => index + 1 },
    {
      key: 'keyword',
      title: 'Keyword',
      width: 200,
      render: (_value, row) => <span className="kp-wrap">{row.keyword}</span>,
    },
    {
      key: 'pos',
      title: 'Position',
      width: 130,
      render: (_value, row) => <PositionCell keyword={row} sourceConfigured={sourceConfigured} />,
    },
    {
      key: 'trend',
      title: 'Trend',
      width: 70,
      render: (_value, row) =>
        hasPosition(row) ? (
          <Button
            type="text"
            icon={<BarChartOutlined />}
            aria-label={messages.trend(row.keyword)}
            onClick={() => showTrend(row)}
          />
        ) : (
          '-'
        ),
    },
    {
      key: 'competitors',
      title: 'Competitors',
      width: 220,
      render: (_value, row) => <CompetitorsCell competitors={row.competitors} />,
    },
    { key: 'vol', title: 'Search volume', width: 120, render: (_value, row) => formatCount(row.vol) },
    { key: 'cpc', title: 'CPC', width: 80, render: (_value, row) => formatCpc(row.cpc) },
    { key: 'r_no', title: 'Results', width: 130, render: (_value, row) => formatCount(row.r_no) },
    {
      key: 'url',
      title: 'URL',
      width: 240,
      render: (_value, row) =>
        row.url ? (
          <a className="kp-wrap" href={row.url} target="_blank" rel="noopener noreferrer">
            {row.url}
          </a>
        ) : (
          '-'
        ),
    },
    {
      key: 'action',
      title: 'Action',
      width: 80,
      render: (_value, row) => (
        <Popconfirm
          title={messages.confirm(row.keyword)}
          okText={messages.confirmOk}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(row.keyword)}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={messages.remove(row.keyword)}
            loading={removing.has(row.keyword)}
          />
        </Popconfirm>
      ),
    },
  ];
}

/** Removes a keyword from a domain (in every market, as the server does); the row goes when it is done. */
function useStopTracking(domain: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutationKey = [...trackedKeywordsKey(domain), 'remove'];
  const remove = useMutation({
    mutationKey,
    mutationFn: (keyword: string) => deleteTrackedKeyword({ domain, keyword }),
    onSuccess: async (_reply, keyword) => {
      queryClient.setQueryData(trackedKeywordsQuery(domain, undefined).queryKey, (list) =>
        list
          ? { ...list, tracked_keywords: list.tracked_keywords.filter((k) => k.keyword !== keyword) }
          : list,
      );
      toast.success(messages.removed(keyword));
      // The counts, the tiles and the website's own keyword list change too.
      await refreshWebsites(queryClient);
    },
    onError: async (error) => toast.error(await errorText(error)),
  });
  // Every keyword being removed shows its spinner, not only the latest one clicked.
  const pending = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as string,
  });
  return { remove: remove.mutate, removing: useMemo(() => new Set(pending), [pending]) };
}

/** The tracked keywords of a domain (spec 2.5), in the order they were added, with their trend modal. */
export function TrackedKeywordsTable({
  domain,
  keywords,
  sourceConfigured,
}: {
  domain: string;
  keywords: TrackedKeyword[];
  sourceConfigured: boolean | undefined;
}) {
  const { remove, removing } = useStopTracking(domain);
  const [trendOf, setTrendOf] = useState<TrackedKeyword | null>(null);
  const [trendOpen, setTrendOpen] = useState(false);
  const showTrend = useCallback((keyword: TrackedKeyword) => {
    setTrendOf(keyword);
    setTrendOpen(true);
  }, []);
  const columns = useMemo(
    () => columnsOf({ sourceConfigured, removing, showTrend, remove }),
    [sourceConfigured, removing, showTrend, remove],
  );
  const scrollX = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);
  return (
    <>
      <Table<TrackedKeyword>
        className="kp-table"
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={keywords}
        pagination={false}
        scroll={{ x: scrollX }}
      />
      {/* Closing keeps the keyword through the closing animation; the title does not go blank. */}
      <PositionTrendModal keyword={trendOf} open={trendOpen} onClose={() => setTrendOpen(false)} />
    </>
  );
}
