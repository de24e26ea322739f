import { formatDate, formatTime, type ToolRun } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Tag } from 'antd';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { type ToolPath, toolRunsQuery } from './webmaster-tools.queries';

const messages = {
  title: 'Recent runs',
  open: 'Open',
  shown: 'Shown above',
  notMeasured: 'Not measured: the run failed',
  openLabel: (run: ToolRun) => `Open the run of ${when(run.c_at)} for ${run.url}`,
  status: { running: 'Running', completed: 'Completed', failed: 'Failed' } satisfies Record<
    ToolRun['status'],
    string
  >,
};

const STATUS_COLORS: Record<ToolRun['status'], string> = {
  running: 'processing',
  completed: 'success',
  failed: 'error',
};

export const when = (value: string) => `${formatDate(value)} ${formatTime(value)}`;

/**
 * The latest runs of a tool: the tracked website's (`w`), or the organization's runs of URLs typed
 * in (`w` null). Opening one shows it above, in `?run=`.
 */
export function RecentRuns({
  tool,
  w,
  current,
  empty,
  onOpen,
}: {
  tool: ToolPath;
  w: string | null;
  current: string | null;
  /** What an empty list says, e.g. 'No checks yet. …'. */
  empty: string;
  onOpen(guid: string): void;
}) {
  const runs = useQuery(toolRunsQuery(tool, w));
  // The URL, what the run found and Open stay; the date and status give way on a narrow screen.
  const columns: ResponsiveColumn<ToolRun>[] = [
    { key: 'date', title: 'Date', width: 160, priority: 2, render: (_value, run) => when(run.c_at) },
    {
      key: 'url',
      title: 'URL',
      width: 280,
      narrowWidth: 110,
      priority: 'key',
      render: (_value, run) => <span className="wt-url">{run.url}</span>,
    },
    {
      key: tool === 'broken-links' ? 'broken' : 'pages',
      title: tool === 'broken-links' ? 'Broken found' : 'Pages crawled',
      width: 120,
      narrowWidth: 90,
      priority: 'key',
      // A run that could not read its site measured nothing: no figure, rather than a 0.
      render: (_value, run) =>
        run.status === 'failed' ? (
          <span className="wt-muted" title={messages.notMeasured}>
            —
          </span>
        ) : tool === 'broken-links' ? (
          run.broken_found
        ) : (
          run.pages_crawled
        ),
    },
    {
      key: 'status',
      title: 'Status',
      width: 120,
      priority: 1,
      render: (_value, run) => <Tag color={STATUS_COLORS[run.status]}>{messages.status[run.status]}</Tag>,
    },
    {
      key: 'open',
      title: <span className="visually-hidden">Actions</span>,
      width: 110,
      narrowWidth: 70,
      priority: 'key',
      render: (_value, run) =>
        run.guid === current ? (
          <span className="wt-muted">{messages.shown}</span>
        ) : (
          <Button
            type="link"
            className="wt-inline-link"
            aria-label={messages.openLabel(run)}
            onClick={() => onOpen(run.guid)}
          >
            {messages.open}
          </Button>
        ),
    },
  ];

  return (
    <Card title={messages.title} className="wt-recent">
      {runs.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : runs.isError ? (
        <ServerErrorAlert error={runs.error} />
      ) : (
        <ResponsiveTable<ToolRun>
          rowKey="guid"
          size="middle"
          columns={columns}
          dataSource={runs.data.data}
          locale={{ emptyText: <Empty description={empty} /> }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          rowClassName={(run) => (run.guid === current ? 'wt-row-current' : '')}
        />
      )}
    </Card>
  );
}
