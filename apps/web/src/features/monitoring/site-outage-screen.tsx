import { displayHost, NO_PROBE_TEXT, type OutageListReply } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { WebsiteDataCard } from '../seo-data/website-data-card';
import { type SelectedWebsite, SelectedWebsiteGate } from '../websites/selected-website-gate';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { OUTAGE_POLL_MS, outageListQuery } from './monitoring.queries';
import { OutageIssues } from './outage-issues';
import { OutageMap } from './outage-map';
import { OutageDayTimeline, OutageStrip } from './outage-strip';
import {
  dayStrip,
  dayTimeline,
  defaultOutage,
  formatDay,
  formatTime,
  monitoredSinceOf,
  outageIntervals,
  outageSpan,
  regionLabel,
  utcDay,
} from './outage-timeline';
import { PROBE_MESSAGES, RegionProbes } from './region-probes';
import './site-outage.css';

const messages = {
  overview: 'Outage overview',
  range: 'Last 30 days, times in UTC',
  noWebsite: 'You do not track any website yet. Add one on the dashboard to watch its outages here.',
  down: (domain: string, since: number, regions: string) =>
    `${domain} is down since ${formatTime(since)} UTC (${regions})`,
  noProbe: (regions: string) => `${regions}: ${NO_PROBE_TEXT}`,
  noProbeHelp:
    'Nothing is measured there, so no outage can show. An operator starts a probe with `sitelens probe --region <code>` on a machine in the region, or sets PROBE_REGIONS to it when the server itself runs there.',
  selected: 'Selected outage:',
  noOutage: (day: number) => `No outage on ${formatDay(day)}`,
  notMonitoredDay: (day: number) => `${formatDay(day)} was not monitored: it is before the first check.`,
  notYet: 'Not monitored yet: the first check has not run. Days show as monitored from the first check on.',
  since: (at: number) =>
    `Monitored since ${formatTime(at)} UTC, ${formatDay(at)}: the time before is not monitored (grey), not counted as up.`,
};

/** The current time, read again every 30 s (as often as the list), so today's timeline moves on. */
export function useNow(everyMs = OUTAGE_POLL_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * /site-outage[?w_guid=]: the selected website's outages of the last 30 days (checkup document 4
 * and 9): a strip of days, the chosen day's timeline, the regions on a world map, and the failed
 * checks of the chosen outage.
 */
export function SiteOutageScreen() {
  return (
    <div className="outage-page">
      <SelectedWebsiteGate noWebsite={messages.noWebsite}>
        {(selected) => <WebsiteOutages key={selected.website.guid} {...selected} />}
      </SelectedWebsiteGate>
    </div>
  );
}

function WebsiteOutages(selected: SelectedWebsite) {
  const list = useQuery(outageListQuery(selected.website.homepage_url));
  return (
    <WebsiteDataCard title={messages.overview} selected={selected}>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : list.isError ? (
        <ServerErrorAlert error={list.error} />
      ) : (
        <OutageOverview selected={selected} reply={list.data} />
      )}
    </WebsiteDataCard>
  );
}

function OutageOverview({
  selected: { website },
  reply,
}: {
  selected: SelectedWebsite;
  reply: OutageListReply;
}) {
  const now = useNow();
  const [day, setDay] = useState(() => utcDay(now));
  // The outage clicked on this day; none yet means the day's default.
  const [picked, setPicked] = useState<string | null>(null);
  const intervals = outageIntervals(reply, now);
  const since = monitoredSinceOf(reply);
  const strip = dayStrip(intervals, now, since);
  const segments = dayTimeline(intervals, day, now, since);
  const dayMonitored = strip.find((d) => d.day === day)?.monitored ?? 'full';
  const onDay = segments.flatMap((segment) => (segment.kind === 'outage' ? [segment.outage] : []));
  const outage = onDay.find((o) => o.guid === picked) ?? defaultOutage(intervals, day);
  const active = intervals.find((o) => o.active) ?? null;
  const regions = website.settings.regions;
  const down = (outage ?? active)?.regions ?? [];

  return (
    <div className="outage-stack">
      {active && (
        <Alert
          type="error"
          showIcon
          title={messages.down(
            displayHost(website.domain),
            active.start,
            active.regions.map(regionLabel).join(', '),
          )}
        />
      )}
      {reply.no_probe.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={messages.noProbe(reply.no_probe.map(regionLabel).join(', '))}
          description={messages.noProbeHelp}
        />
      )}
      <Typography.Text type="secondary">{messages.range}</Typography.Text>
      {since === null ? (
        <Alert type="info" showIcon className="outage-monitored-since" title={messages.notYet} />
      ) : (
        strip[0] &&
        since > strip[0].day && (
          <Typography.Text className="outage-monitored-since">{messages.since(since)}</Typography.Text>
        )
      )}
      <OutageStrip
        days={strip}
        selected={day}
        onSelect={(next) => {
          setDay(next);
          setPicked(null);
        }}
      />
      <section className="outage-day-view" aria-label={`Outages of ${formatDay(day)}`}>
        <Typography.Title level={5}>{formatDay(day)}</Typography.Title>
        <OutageDayTimeline
          day={day}
          segments={segments}
          selected={outage?.guid ?? null}
          onSelect={(o) => setPicked(o.guid)}
        />
        <p className="outage-selected">
          {outage ? (
            <>
              {messages.selected} <strong>{outageSpan(outage)}</strong>
            </>
          ) : dayMonitored === 'none' ? (
            messages.notMonitoredDay(day)
          ) : (
            messages.noOutage(day)
          )}
        </p>
      </section>
      <div className="outage-details">
        <OutageMap regions={regions} down={down} noProbe={reply.no_probe} />
        <OutageIssues outage={outage} />
      </div>
      <section className="outage-probes" aria-label={PROBE_MESSAGES.title}>
        <Typography.Title level={5}>{PROBE_MESSAGES.title}</Typography.Title>
        <RegionProbes regions={regions} probes={reply.probes} now={now} />
      </section>
    </div>
  );
}
