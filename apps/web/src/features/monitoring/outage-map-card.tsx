import type { OutageListReply, Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { outageListQuery } from './monitoring.queries';
import { OutageMap } from './outage-map';
import { formatTime, monitoredSinceOf, outageCountText } from './outage-timeline';
import { siteOutagePath } from './paths';
import './site-outage.css';

const messages = {
  title: 'Site Outage',
  down: (since: number) => `Down since ${formatTime(since)} UTC`,
  error: 'The outages could not be loaded.',
  link: 'View outages',
};

/**
 * The card's status line: down since when, else how many outages the monitored part of the last
 * 30 days had (before the first check, that nothing was monitored).
 */
export function outageStatusLine(reply: OutageListReply, now = Date.now()): string {
  if (reply.active) return messages.down(reply.active.created_at * 1000);
  return outageCountText(reply.archived.length, monitoredSinceOf(reply), now);
}

/** The dashboard's Site Outage card: the website's regions now (the active outage's red) and a link to the screen. */
export function OutageMapCard({ website }: { website: Website }) {
  const list = useQuery(outageListQuery(website.homepage_url));
  return (
    <Card
      className="outage-map-card"
      title={messages.title}
      extra={<Link to={siteOutagePath(website)}>{messages.link}</Link>}
    >
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.isError ? (
        <Typography.Text type="danger">{messages.error}</Typography.Text>
      ) : (
        <div className="outage-stack">
          <Typography.Text
            strong={list.data.active !== null}
            type={list.data.active ? 'danger' : undefined}
            className="outage-status-line"
          >
            {outageStatusLine(list.data)}
          </Typography.Text>
          <OutageMap
            compact
            regions={website.settings.regions}
            down={list.data.active?.regions ?? []}
            noProbe={list.data.no_probe}
          />
        </div>
      )}
    </Card>
  );
}
