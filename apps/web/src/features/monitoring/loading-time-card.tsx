import { type LoadingTimeReply, MONITOR_REGIONS, type Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useErrorText } from '../websites/server-error-alert';
import { formatMs, hourLabel, LoadingTimeChart, measuredSinceText, NoProbeAlert } from './loading-time-chart';
import { loadingTimeQuery } from './monitoring.queries';
import { siteSpeedPath } from './paths';
import './site-speed.css';

const messages = {
  title: 'Loading Time',
  viewSiteSpeed: 'View site speed',
  noData: 'No data for this url',
  latest: 'Latest average',
  failed: 'The loading time could not be read.',
  from: (label: string) => `Last 24 hours from ${label}`,
};

/** A failed read, in a line: the server's text once read. */
function CardError({ error }: { error: unknown }) {
  const text = useErrorText(error);
  return <Typography.Text type="danger">{text ?? messages.failed}</Typography.Text>;
}

function CardBody({ reply }: { reply: LoadingTimeReply }) {
  const latest = reply.reports.at(-1);
  const since = measuredSinceText(reply.monitored_since, '24h');
  return (
    <div className="speed-card-body">
      {latest === undefined ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.noData} />
      ) : (
        <>
          <section className="speed-card-latest" aria-label={messages.latest}>
            <span className="speed-card-latest-value">{formatMs(latest.loading_time)}</span>
            <Typography.Text type="secondary" className="speed-card-note">
              {messages.latest}, {hourLabel(new Date(latest.c_at).getTime())} UTC
            </Typography.Text>
          </section>
          {since && (
            <Typography.Text type="secondary" className="speed-card-note">
              {since}
            </Typography.Text>
          )}
          <LoadingTimeChart reports={reply.reports} range="24h" compact />
        </>
      )}
    </div>
  );
}

/**
 * The dashboard's 'Loading Time' card: the homepage's last 24 hours from the website's primary
 * region, its latest average, and the link to the Site Speed screen.
 */
export function LoadingTimeCard({ website }: { website: Website }) {
  const region = website.settings.regions[0];
  const reply = useQuery({
    ...loadingTimeQuery(website.homepage_url, region ?? 'us-east-1', '24h'),
    enabled: region !== undefined,
  });
  return (
    <Card
      title={messages.title}
      className="speed-card"
      extra={<Link to={siteSpeedPath(website)}>{messages.viewSiteSpeed}</Link>}
    >
      {region !== undefined && (
        <Typography.Text type="secondary" className="speed-card-note speed-card-region">
          {messages.from(MONITOR_REGIONS[region])}
        </Typography.Text>
      )}
      {region === undefined ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.noData} />
      ) : reply.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : reply.isError ? (
        <CardError error={reply.error} />
      ) : (
        <>
          {reply.data.no_probe && <NoProbeAlert region={region} compact />}
          <CardBody reply={reply.data} />
        </>
      )}
    </Card>
  );
}
