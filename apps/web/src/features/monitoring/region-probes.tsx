import { type MonitorRegion, NO_PROBE_TEXT, type RegionProbe, type Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { useErrorText } from '../websites/server-error-alert';
import { outageListQuery } from './monitoring.queries';
import { regionLabel, utcMoment } from './outage-timeline';
import './region-probes.css';

export const PROBE_MESSAGES = {
  title: 'Probes',
  measured: (machine: string, at: string) => `Measured by the probe on ${machine}, last report at ${at}`,
  silent: (machine: string, at: string) =>
    `The probe on ${machine} last reported at ${at}: nothing measured since`,
  none: NO_PROBE_TEXT,
  noRegion: 'No region is monitored yet.',
  failed: 'Which probe measures each region could not be read.',
} as const;

/** The machine a probe runs on: its host name, and its address when known. */
const machineOf = (probe: RegionProbe) => (probe.address ? `${probe.host} (${probe.address})` : probe.host);

/** What a region's probe says: the machine that measures it and its last report, or that nothing is measured. */
export function probeText(probe: RegionProbe, now = Date.now()): string {
  return probe.silent
    ? PROBE_MESSAGES.silent(machineOf(probe), utcMoment(Date.parse(probe.last_report_at), now))
    : PROBE_MESSAGES.measured(machineOf(probe), utcMoment(Date.parse(probe.last_report_at), now, true));
}

/**
 * For each region, the probes that measure it (host, address, last report), the silent one last
 * heard there (nothing measured since), or that no probe serves it: the operator places probes,
 * and this says where they stand.
 */
export function RegionProbes({
  regions,
  probes,
  now = Date.now(),
}: {
  regions: readonly MonitorRegion[];
  probes: readonly RegionProbe[];
  now?: number;
}) {
  if (regions.length === 0)
    return <Typography.Text type="secondary">{PROBE_MESSAGES.noRegion}</Typography.Text>;
  return (
    <ul className="region-probes" aria-label={PROBE_MESSAGES.title}>
      {regions.flatMap((region) => {
        const here = probes.filter((probe) => probe.region === region);
        const label = <span className="region-probe-region">{regionLabel(region)}</span>;
        if (here.length === 0)
          return [
            <li key={region} className="region-probe-silent">
              {label}: {PROBE_MESSAGES.none}
            </li>,
          ];
        return here.map((probe) => (
          <li
            key={`${region} ${probe.host} ${probe.address} ${probe.last_report_at}`}
            className={probe.silent ? 'region-probe-silent' : 'region-probe-live'}
          >
            {label}: {probeText(probe, now)}
          </li>
        ));
      })}
    </ul>
  );
}

/** A failed read, in a line: the server's text once read. */
function ProbesError({ error }: { error: unknown }) {
  const text = useErrorText(error);
  return <Typography.Text type="danger">{text ?? PROBE_MESSAGES.failed}</Typography.Text>;
}

/** The probes of a website's saved regions, from its outage list (read again every 30 s). */
export function WebsiteProbes({ website }: { website: Website }) {
  const regions = website.settings.regions;
  const list = useQuery({ ...outageListQuery(website.homepage_url), enabled: regions.length > 0 });
  return (
    <section className="website-probes" aria-label={PROBE_MESSAGES.title}>
      <Typography.Title level={5}>{PROBE_MESSAGES.title}</Typography.Title>
      {regions.length === 0 ? (
        <Typography.Text type="secondary">{PROBE_MESSAGES.noRegion}</Typography.Text>
      ) : list.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: regions.length }} />
      ) : list.isError ? (
        <ProbesError error={list.error} />
      ) : (
        <RegionProbes regions={regions} probes={list.data.probes} />
      )}
    </section>
  );
}
