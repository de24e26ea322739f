import { formatDate, formatTime, type ToolPhase, type ToolRun } from '@sitelens/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Progress, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { useRefreshWhenFinished } from './run-hooks';
import type { ToolPath } from './webmaster-tools.queries';

const messages = {
  phases: {
    queued: 'Waiting for a crawler',
    crawling: 'Crawling the site',
    checking_links: 'Checking the links',
    writing_sitemap: 'Writing the sitemap',
    completed: 'Finished',
    failed: 'Failed',
  } satisfies Record<ToolPhase, string>,
  started: (at: string) => `Started ${formatDate(at)} ${formatTime(at)}`,
  pagesCrawled: 'Pages crawled',
  linksChecked: 'Links checked',
  brokenFound: 'Broken found',
  ofAtMost: (limit: number) => `of ${limit.toLocaleString('en-US')} at most`,
  of: (total: number) => `of ${total.toLocaleString('en-US')}`,
  failed: 'The run failed.',
};

/** How far the current phase has got; a sitemap being written has nothing left to count. */
function percentOf(run: ToolRun): number {
  const ratio = (done: number, total: number) =>
    total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
  switch (run.phase) {
    case 'crawling':
      return ratio(run.pages_crawled, run.pages_limit);
    case 'checking_links':
      return ratio(run.links_checked, run.links_found);
    case 'writing_sitemap':
      return 99;
    default:
      return 0;
  }
}

/** A running run: its phase, a bar for that phase, and what it has counted so far. */
export function RunProgress({ run }: { run: ToolRun }) {
  const links = run.tool === 'broken_links';
  return (
    <Card
      className="wt-progress"
      title={<span className="wt-url">{run.url}</span>}
      extra={<Typography.Text type="secondary">{messages.started(run.c_at)}</Typography.Text>}
    >
      <Typography.Text strong>{messages.phases[run.phase]}</Typography.Text>
      <Progress percent={percentOf(run)} status="active" aria-label={messages.phases[run.phase]} />
      <div className="wt-figures">
        <Statistic
          title={messages.pagesCrawled}
          value={run.pages_crawled}
          suffix={<span className="wt-suffix">{messages.ofAtMost(run.pages_limit)}</span>}
        />
        {links && (
          <>
            <Statistic
              title={messages.linksChecked}
              value={run.links_checked}
              suffix={<span className="wt-suffix">{messages.of(run.links_found)}</span>}
            />
            <Statistic title={messages.brokenFound} value={run.broken_found} />
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * A run's states, in order: loading, the server's error (an unknown or foreign run), running (its
 * progress, read every 3 s), failed (its error), then `children` with the finished run.
 */
export function RunStates<T extends { run: ToolRun }>({
  tool,
  query,
  children,
}: {
  tool: ToolPath;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  useRefreshWhenFinished(tool, query.data?.run.status);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  // A failed poll keeps what was read last: only a run never read is an error.
  if (!query.data) return <ServerErrorAlert error={query.error} />;
  const { run } = query.data;
  if (run.status === 'running') return <RunProgress run={run} />;
  if (run.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={run.error ?? messages.failed}
        description={<span className="wt-url">{run.url}</span>}
      />
    );
  return children(query.data);
}
