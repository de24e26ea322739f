import {
  type LoadingTimeReport,
  MONITOR_REGIONS,
  type MonitorRegion,
  NO_PROBE_TEXT,
  type RegionProbe,
} from '@sitelens/contracts';
import { Alert } from 'antd';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { seriesColor } from '../../components/charts/palette';
import type { SpeedRange } from './monitoring.queries';
import { formatDay, formatTime } from './outage-timeline';
import { probeText } from './region-probes';

// The site speed chart (spec 4 and 9), on the Site Speed screen and, compact, on the dashboard's
// Loading Time card: the average loading time as a line over the band between the fastest and the
// slowest load, and on the screen the page size and the loading speed in their own small charts
// below it (each with its own unit, readable at 375 px). Times read in UTC, as the server groups them.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The hour of a 24-hour point, UTC: '14:00'. */
export const hourLabel = (time: number) => `${pad(new Date(time).getUTCHours())}:00`;
/** The day of a 7- or 30-day point, UTC: '26 Nov'. */
export const dayLabel = (time: number) => {
  const at = new Date(time);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;
};
const timeOfDay = (time: number) => {
  const at = new Date(time);
  return `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
};

/** The x axis label of a point: its hour over 24 hours, else its day. */
export const tickLabel = (range: SpeedRange) => (range === '24h' ? hourLabel : dayLabel);

/** A tooltip's title: over 24 hours only the hour; over days the day with its time of day (UTC). */
export const tooltipTitle = (range: SpeedRange, time: number) =>
  range === '24h' ? `${hourLabel(time)} UTC` : `${dayLabel(time)}, ${timeOfDay(time)} UTC`;

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const formatMs = (value: number) => `${number(Math.round(value))} ms`;
export const formatKb = (value: number) => `${number(value, 1)} Kb`;
export const formatSpeed = (value: number) => `${number(value, 1)} Kb/s`;

const messages = {
  label: (range: SpeedRange) =>
    `Loading time over the ${range === '24h' ? 'last 24 hours' : range === '7d' ? 'last 7 days' : 'last 30 days'}`,
  loadingTime: 'Loading time (ms)',
  pageSize: 'Page size (Kb)',
  speed: 'Loading speed (Kb/s)',
  average: 'Average',
  maximum: 'Maximum',
  minimum: 'Minimum',
  size: 'Page size',
  speedShort: 'Speed',
};

/** One point: a report at its moment, with the fastest-to-slowest band Recharts draws as a ranged area. */
interface Point extends LoadingTimeReport {
  time: number;
  band: [number, number];
}

const toPoints = (reports: LoadingTimeReport[]): Point[] =>
  reports
    .map((report) => ({
      ...report,
      time: new Date(report.c_at).getTime(),
      band: [report.min_loading_time, report.max_loading_time] as [number, number],
    }))
    .sort((a, b) => a.time - b.time);

/** The tooltip: the point's average, slowest and fastest loading time, its page size and speed. */
function SpeedTooltip({
  active,
  payload,
  range,
}: {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  range: SpeedRange;
}) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  const rows: [string, string][] = [
    [messages.average, formatMs(point.loading_time)],
    [messages.maximum, formatMs(point.max_loading_time)],
    [messages.minimum, formatMs(point.min_loading_time)],
    [messages.size, formatKb(point.page_size)],
    [messages.speedShort, formatSpeed(point.loading_speed)],
  ];
  return (
    <div className="speed-tooltip">
      <div className="speed-tooltip-title">{tooltipTitle(range, point.time)}</div>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const AXIS_TICK = { fontSize: 11, fill: '#8c8c8c' };
const MARGIN = { top: 8, right: 12, bottom: 0, left: 0 };
const SYNC = 'site-speed';

function timeAxis(range: SpeedRange) {
  return (
    <XAxis
      dataKey="time"
      type="number"
      scale="time"
      domain={['dataMin', 'dataMax']}
      tickFormatter={(time: number) => tickLabel(range)(time)}
      minTickGap={24}
      padding={{ left: 8, right: 8 }}
      tick={AXIS_TICK}
    />
  );
}

/** A small chart of one more figure (page size or speed), its cursor in step with the main chart's. */
function FigureChart({
  points,
  range,
  dataKey,
  title,
  color,
}: {
  points: Point[];
  range: SpeedRange;
  dataKey: 'page_size' | 'loading_speed';
  title: string;
  color: string;
}) {
  return (
    <div className="speed-chart-part">
      <div className="speed-chart-caption">{title}</div>
      <ResponsiveContainer width="100%" height={120}>
        <LineChart data={points} margin={MARGIN} syncId={SYNC}>
          <CartesianGrid stroke="#f0f0f0" vertical={false} />
          {timeAxis(range)}
          <YAxis width={44} tick={AXIS_TICK} allowDecimals={false} />
          {/* The main chart's tooltip tells every figure; this one only follows the cursor. */}
          <Tooltip content={() => null} />
          <Line
            type="monotone"
            dataKey={dataKey}
            name={title}
            stroke={color}
            strokeWidth={2}
            dot={points.length === 1 ? { r: 3 } : false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * The loading time of a range's reports. `compact` (the dashboard card) draws the loading time
 * alone, shorter; the screen adds the page size and the loading speed.
 */
export function LoadingTimeChart({
  reports,
  range,
  compact = false,
}: {
  reports: LoadingTimeReport[];
  range: SpeedRange;
  compact?: boolean;
}) {
  const points = toPoints(reports);
  const main = seriesColor(0);
  return (
    <figure
      className={compact ? 'speed-chart speed-chart-compact' : 'speed-chart'}
      aria-label={messages.label(range)}
    >
      <div className="speed-chart-part">
        {!compact && <div className="speed-chart-caption">{messages.loadingTime}</div>}
        <ResponsiveContainer width="100%" height={compact ? 140 : 220}>
          <ComposedChart data={points} margin={MARGIN} syncId={compact ? undefined : SYNC}>
            <CartesianGrid stroke="#f0f0f0" vertical={false} />
            {timeAxis(range)}
            <YAxis width={44} tick={AXIS_TICK} allowDecimals={false} />
            <Tooltip
              content={({ active, payload }) => (
                <SpeedTooltip active={active} payload={payload} range={range} />
              )}
            />
            <Area
              type="monotone"
              dataKey="band"
              name={`${messages.minimum} – ${messages.maximum}`}
              stroke="none"
              fill={main}
              fillOpacity={0.15}
              activeDot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="loading_time"
              name={messages.average}
              stroke={main}
              strokeWidth={2}
              dot={points.length === 1 ? { r: 3 } : false}
              activeDot={{ r: 4 }}
              // Read, not watched: a screenshot never catches a half-drawn line.
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      {!compact && (
        <>
          <FigureChart
            points={points}
            range={range}
            dataKey="page_size"
            title={messages.pageSize}
            color={seriesColor(1)}
          />
          <FigureChart
            points={points}
            range={range}
            dataKey="loading_speed"
            title={messages.speed}
            color={seriesColor(2)}
          />
        </>
      )}
    </figure>
  );
}

/** A range's figures: the average, fastest and slowest loading time and the average page size. */
export function speedSummary(reports: LoadingTimeReport[]) {
  if (reports.length === 0) return null;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    average: mean(reports.map((report) => report.loading_time)),
    fastest: Math.min(...reports.map((report) => report.min_loading_time)),
    slowest: Math.max(...reports.map((report) => report.max_loading_time)),
    pageSize: mean(reports.map((report) => report.page_size)),
  };
}

const RANGE_MS: Record<SpeedRange, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/**
 * What a range that began before the region's first page load says of its figures: 'Measured since
 * 09:14 UTC, 26 Nov; nothing before was monitored', or null when the whole range was measured (or
 * nothing was: then there are no figures to qualify).
 */
export function measuredSinceText(
  monitoredSince: string | null,
  range: SpeedRange,
  now = Date.now(),
): string | null {
  if (monitoredSince === null) return null;
  const since = Date.parse(monitoredSince);
  if (now - since >= RANGE_MS[range]) return null;
  return `Measured since ${formatTime(since)} UTC, ${formatDay(since)}; nothing before was monitored`;
}

/** What a region without a probe shows: its name, that nothing is measured there, and how to start one. */
export const noProbeTitle = (region: MonitorRegion) => `${MONITOR_REGIONS[region]}: ${NO_PROBE_TEXT}`;

/**
 * A region that no live probe measures: that no probe serves it, or, when one was heard there, the
 * probe on which machine last reported when (nothing measured since); and how an operator places one.
 */
export function NoProbeAlert({
  region,
  silent,
  compact = false,
}: {
  region: MonitorRegion;
  /** The probe last heard in the region, now silent. */
  silent?: RegionProbe;
  compact?: boolean;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      title={silent ? `${MONITOR_REGIONS[region]}: ${probeText(silent)}` : noProbeTitle(region)}
      description={
        compact ? (
          <>
            An operator starts one with <code>sitelens probe --region {region}</code>.
          </>
        ) : (
          <>
            Nothing new is measured from this region until a probe serves it. An operator starts one on a
            machine in the region with <code>sitelens probe --region {region}</code>, or sets the server's{' '}
            <code>PROBE_REGIONS</code> to <code>{region}</code> when the server itself runs there.
          </>
        )
      }
    />
  );
}
