import { MONITOR_REGIONS, type MonitorRegion, NO_PROBE_TEXT, type Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { loadingTimeQuery, outageListQuery } from './monitoring.queries';
import { formatTime, monitoredSinceOf, outageCountText } from './outage-timeline';
import { siteOutagePath, siteSpeedPath } from './paths';

export const primaryRegion = (website: Website) =>
  (website.settings.regions[0] ?? 'us-east-1') as MonitorRegion;

const note = (text: string) => (
  <Typography.Text type="secondary" className="dash-tile-note">
    {text}
  </Typography.Text>
);

/** The summary's loading time: the latest hour's average page load at the primary region. */
export function LoadingTimeTileValue({ website }: { website: Website }) {
  const region = primaryRegion(website);
  const reply = useQuery(loadingTimeQuery(website.homepage_url, region, '24h'));
  if (reply.isPending) return note('Loading…');
  if (reply.isError) return note('The loading time could not be read.');
  const latest = reply.data.reports.at(-1);
  if (!latest)
    return note(
      reply.data.no_probe ? `${MONITOR_REGIONS[region]}: ${NO_PROBE_TEXT}` : 'No data for this url',
    );
  return (
    <>
      <span className="dash-tile-number">{Math.round(latest.loading_time).toLocaleString('en-US')} ms</span>
      <Link to={siteSpeedPath(website)}>View site speed</Link>
    </>
  );
}

/** The summary's outage status: down since when, or up with the last 30 days' count. */
export function OutageTileValue({ website }: { website: Website }) {
  const reply = useQuery(outageListQuery(website.homepage_url));
  if (reply.isPending) return note('Loading…');
  if (reply.isError) return note('The outages could not be read.');
  const { active, archived, no_probe } = reply.data;
  if (no_probe.length === website.settings.regions.length) return note(`Not measured: ${NO_PROBE_TEXT}`);
  const since = monitoredSinceOf(reply.data);
  // Before the first check nothing says the site is up.
  if (since === null && !active) return note(outageCountText(0, null, Date.now()));
  return (
    <>
      {active ? (
        <Typography.Text type="danger" strong className="dash-tile-number">
          Down since {formatTime(active.created_at * 1000)} UTC
        </Typography.Text>
      ) : (
        <Typography.Text type="success" strong className="dash-tile-number">
          Up
        </Typography.Text>
      )}
      {note(outageCountText(archived.length + (active ? 1 : 0), since, Date.now()))}
      <Link to={siteOutagePath(website)}>View outages</Link>
    </>
  );
}
