import { OUTAGE_ISSUES_SHOWN } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { OUTAGE_POLL_MS, outageContextQuery } from './monitoring.queries';
import { type OutageInterval, type OutageIssue, outageIssues } from './outage-timeline';

const messages = {
  ping: 'Ping issues',
  http: 'HTTP issues',
  none: 'No issues found',
  more: '+More issues',
  less: '-Show less',
};

/**
 * 'Ping issues' and 'HTTP issues' of the selected outage, read from its context (the active one's
 * again as the list is). A context that fails to load leaves both lists empty.
 */
export function OutageIssues({ outage }: { outage: OutageInterval | null }) {
  const context = useQuery({
    ...outageContextQuery(outage?.guid ?? ''),
    enabled: outage !== null,
    retry: 1,
    refetchInterval: outage?.active ? OUTAGE_POLL_MS : false,
  });
  const loading = outage !== null && context.isPending;
  const { ping, http } = outageIssues(outage && context.data ? context.data.events : []);
  // Keyed by the outage: another one starts folded.
  const key = outage?.guid ?? 'none';
  return (
    <div className="outage-issues">
      <IssueList key={`ping-${key}`} title={messages.ping} issues={ping} loading={loading} />
      <IssueList key={`http-${key}`} title={messages.http} issues={http} loading={loading} />
    </div>
  );
}

function IssueList({ title, issues, loading }: { title: string; issues: OutageIssue[]; loading: boolean }) {
  const [open, setOpen] = useState(false);
  const shown = open ? issues : issues.slice(0, OUTAGE_ISSUES_SHOWN);
  return (
    <section className="outage-issue-list" aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : issues.length === 0 ? (
        <Typography.Text type="secondary">{messages.none}</Typography.Text>
      ) : (
        <>
          <ul>
            {shown.map((issue) => (
              <li key={issue.key} className="outage-issue">
                <span className="outage-issue-time">{issue.time}</span>
                <span className="outage-issue-region">{issue.region}</span>
                <span className="outage-issue-problem">{issue.problem}</span>
              </li>
            ))}
          </ul>
          {issues.length > OUTAGE_ISSUES_SHOWN && (
            <Button type="link" className="outage-issue-more" onClick={() => setOpen(!open)}>
              {open ? messages.less : messages.more}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
