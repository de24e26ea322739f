import { MONITOR_REGIONS, type MonitorRegion, type Website } from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Radio, Select, Skeleton, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { errorText } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { DataTiles } from '../seo-data/data-tiles';
import { WebsiteDataCard } from '../seo-data/website-data-card';
import { type SelectedWebsite, SelectedWebsiteGate } from '../websites/selected-website-gate';
import { ServerErrorAlert } from '../websites/server-error-alert';
import {
  formatKb,
  formatMs,
  LoadingTimeChart,
  measuredSinceText,
  NoProbeAlert,
  noProbeTitle,
  speedSummary,
} from './loading-time-chart';
import {
  EMPTY_SPEED_REFETCH_MS,
  loadingTimeQuery,
  monitoringKey,
  requestPageLoad,
  type SpeedRange,
} from './monitoring.queries';
import { RegionProbes } from './region-probes';
import './site-speed.css';

export const SITE_SPEED_MESSAGES = {
  overview: 'Site Speed overview',
  url: 'Homepage',
  region: 'From region',
  range: 'Range',
  checkNow: 'Check now',
  noData: 'No data for this url',
  noRegion: 'This website is monitored from no region. Choose one in its settings on the dashboard.',
  noWebsite: 'You do not track any website yet. Add one on the dashboard to watch its loading time here.',
  queued: (label: string) => `Loading the page now from ${label}; the chart shows it within a minute.`,
  underWay: (label: string) =>
    `A page load from ${label} is already under way; the chart shows it within a minute.`,
  average: 'Average loading time',
  fastest: 'Fastest',
  slowest: 'Slowest',
  pageSize: 'Average page size',
} as const;
const messages = SITE_SPEED_MESSAGES;

export const SPEED_RANGES: { value: SpeedRange; label: string }[] = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

/**
 * /site-speed[?w_guid=]: the loading time of the selected website's homepage from one of its regions
 * over the last 24 hours, 7 or 30 days (spec 4 and 9), and a check on demand.
 */
export function SiteSpeedScreen() {
  return (
    <div className="site-speed-page">
      <SelectedWebsiteGate noWebsite={messages.noWebsite}>
        {(selected) => (
          // Keyed: another website starts again from its own primary region.
          <WebsiteSpeed key={selected.website.guid} {...selected} />
        )}
      </SelectedWebsiteGate>
    </div>
  );
}

function WebsiteSpeed(selected: SelectedWebsite) {
  const { website } = selected;
  const regions = website.settings.regions;
  const [region, setRegion] = useState<MonitorRegion | undefined>(regions[0]);
  const [range, setRange] = useState<SpeedRange>('24h');
  const regionId = useId();
  return (
    <WebsiteDataCard title={messages.overview} selected={selected}>
      <div className="site-speed-stack">
        <Typography.Text className="site-speed-url">
          {messages.url}:{' '}
          <a href={website.homepage_url} target="_blank" rel="noopener noreferrer">
            {website.homepage_url}
          </a>
        </Typography.Text>
        {region === undefined ? (
          <Alert type="info" showIcon title={messages.noRegion} />
        ) : (
          <>
            <div className="site-speed-controls">
              <div className="site-speed-region">
                <label htmlFor={regionId}>{messages.region}</label>
                <Select<MonitorRegion>
                  id={regionId}
                  className="site-speed-region-select"
                  value={region}
                  onChange={setRegion}
                  options={regions.map((code) => ({ value: code, label: MONITOR_REGIONS[code] }))}
                />
              </div>
              <Radio.Group
                aria-label={messages.range}
                optionType="button"
                value={range}
                onChange={(event) => setRange(event.target.value)}
                options={SPEED_RANGES}
              />
              <CheckNow website={website} region={region} />
            </div>
            <SpeedReport url={website.homepage_url} region={region} range={range} />
          </>
        )}
      </div>
    </WebsiteDataCard>
  );
}

/** The range's figures and chart, or why there are none. */
function SpeedReport({ url, region, range }: { url: string; region: MonitorRegion; range: SpeedRange }) {
  const reply = useQuery(loadingTimeQuery(url, region, range));
  if (reply.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (reply.isError) return <ServerErrorAlert error={reply.error} />;
  const { reports, no_probe, probes, monitored_since } = reply.data;
  const summary = speedSummary(reports);
  const since = measuredSinceText(monitored_since, range);
  return (
    <>
      {no_probe ? (
        <NoProbeAlert region={region} silent={probes.find((probe) => probe.silent)} />
      ) : (
        // The machine that measures the region, placed there by the operator.
        <RegionProbes regions={[region]} probes={probes} />
      )}
      {summary === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.noData} />
      ) : (
        <>
          {since && (
            <Typography.Text type="secondary" className="site-speed-since">
              {since}
            </Typography.Text>
          )}
          <DataTiles
            tiles={[
              { label: messages.average, value: formatMs(summary.average) },
              { label: messages.fastest, value: formatMs(summary.fastest) },
              { label: messages.slowest, value: formatMs(summary.slowest) },
              { label: messages.pageSize, value: formatKb(summary.pageSize) },
            ]}
          />
          <LoadingTimeChart reports={reports} range={range} />
        </>
      )}
    </>
  );
}

/**
 * 'Check now': the region's probe loads the page within seconds (POST /api/loading-time). The
 * chart reads its answer again a minute later, when the load has joined the hour's figures.
 */
function CheckNow({ website, region }: { website: Website; region: MonitorRegion }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(0);
  const label = MONITOR_REGIONS[region];
  const check = useMutation({
    mutationFn: () => requestPageLoad(website.homepage_url, region),
    onSuccess: (answer) => {
      if (answer.queued.includes(region)) {
        toast.success(messages.queued(label));
        setChecked((n) => n + 1);
      } else if (answer.no_probe.includes(region)) toast.warning(noProbeTitle(region));
      else toast.info(messages.underWay(label));
    },
    onError: async (error) => toast.error(await errorText(error)),
  });

  useEffect(() => {
    if (checked === 0) return;
    const timer = setTimeout(
      // Every range of this URL and region.
      () =>
        queryClient.invalidateQueries({
          queryKey: [...monitoringKey, 'loading-time', website.homepage_url, region],
        }),
      EMPTY_SPEED_REFETCH_MS,
    );
    return () => clearTimeout(timer);
  }, [checked, queryClient, website.homepage_url, region]);

  return (
    <Button onClick={() => check.mutate()} loading={check.isPending}>
      {messages.checkNow}
    </Button>
  );
}
