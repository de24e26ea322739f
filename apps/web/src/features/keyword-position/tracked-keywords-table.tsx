import { BarChartOutlined, DeleteOutlined } from '@ant-design/icons';
import type { CompetitorPosition, TrackedKeyword } from '@sitelens/contracts';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useMemo } from 'react';
import { errorText } from '../../api/client';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { useToast } from '../../components/use-toast';
import { cpcColumn, resultsColumn, volumeColumn } from '../keywords/keyword-columns';
import { column, DataTable, urlColumn, wrapColumn } from '../seo-data/data-table';
import { useModalSubject } from '../seo-data/subject-modal';
import { deleteTrackedKeyword } from '../websites/settings/tracked-keywords.queries';
import { refreshWebsites } from '../websites/websites.queries';
import { trackedKeywordsKey, trackedKeywordsQuery } from './keyword-position.queries';
import { PositionCell } from './position-cell';
import { PositionTrendModal } from './position-trend-modal';
import { formatPosition, hasPosition } from './position-values';

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
          <span className="seo-data-wrap">{c.domain}</span>
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
}): ResponsiveColumn<TrackedKeyword>[] {
  // The keyword, its position and its delete action stay; the rest give way on a narrow screen.
  return [
    {
      ...column<TrackedKeyword>('index', '#', 48, (_row, index) => index + 1),
      priority: 9,
      inDetails: false,
    },
    {
      ...wrapColumn<TrackedKeyword>('keyword', 'Keyword', 200, (row) => row.keyword),
      narrowWidth: 120,
      priority: 'key',
    },
    {
      ...column<TrackedKeyword>('pos', 'Position', 120, (row) => (
        <PositionCell keyword={row} sourceConfigured={sourceConfigured} />
      )),
      narrowWidth: 80,
      priority: 'key',
    },
    {
      ...column<TrackedKeyword>('trend', 'Trend', 70, (row) =>
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
      ),
      priority: 1,
    },
    {
      ...column<TrackedKeyword>('competitors', 'Competitors', 200, (row) => (
        <CompetitorsCell competitors={row.competitors} />
      )),
      priority: 3,
    },
    { ...volumeColumn(110), priority: 2 },
    { ...cpcColumn(70), priority: 4 },
    { ...resultsColumn(100), priority: 5 },
    { ...urlColumn(220), priority: 3 },
    {
      ...column<TrackedKeyword>('action', 'Action', 70, (row) => (
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
      )),
      narrowWidth: 64,
      priority: 'key',
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
  const trend = useModalSubject<TrackedKeyword>();
  const columns = useMemo(
    () => columnsOf({ sourceConfigured, removing, showTrend: trend.show, remove }),
    [sourceConfigured, removing, trend.show, remove],
  );
  return (
    <>
      <DataTable<TrackedKeyword>
        className="kp-table"
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={keywords}
      />
      <PositionTrendModal keyword={trend.subject} open={trend.open} onClose={trend.close} />
    </>
  );
}
