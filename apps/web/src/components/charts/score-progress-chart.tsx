import { formatDate, formatTime, type OverviewRow } from '@sitelens/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from './palette';

const HEIGHT = 240;
const SCORE_TICKS = [0, 25, 50, 75, 100];

/** One point of the chart: a moment, and the score of each series checked then (`s0`, `s1`, …). */
type Point = { time: number } & Record<string, number>;

/**
 * The rows of every URL on one time axis. Each URL is a series keyed by its index, not its URL: a
 * Recharts dataKey with dots reads as a path. Checkups of different URLs rarely share a moment, so
 * most points hold one score and the lines join across the gaps (`connectNulls`).
 */
export function chartSeries(rows: OverviewRow[]): {
  names: string[];
  points: Point[];
  ticks: number[];
  tickLabel: (time: number) => string;
} {
  const names = [...new Set(rows.map((row) => row.url))];
  const byTime = new Map<number, Point>();
  for (const row of rows) {
    const time = new Date(row.created_at).getTime();
    const point = byTime.get(time) ?? ({ time } as Point);
    point[`s${names.indexOf(row.url)}`] = row.score;
    byTime.set(time, point);
  }
  const points = [...byTime.values()].sort((a, b) => a.time - b.time);
  // One tick per day that has a checkup, so two checkups on one day do not print its date twice.
  const ticks: number[] = [];
  for (const { time } of points) {
    const last = ticks.at(-1);
    if (last === undefined || formatDate(last) !== formatDate(time)) ticks.push(time);
  }
  // Checkups all on one day: the axis tells them apart by their time of day instead.
  if (ticks.length === 1 && points.length > 1)
    return { names, points, ticks: points.map((p) => p.time), tickLabel: formatTime };
  return { names, points, ticks, tickLabel: formatDate };
}

const moment = (time: number) => `${formatDate(time)} ${formatTime(time)}`;

/** Scores over time, the checked site first and each competitor after it. */
export function ScoreProgressChart({
  main,
  competitors,
}: {
  main: OverviewRow[];
  competitors: OverviewRow[];
}) {
  const { names, points, ticks, tickLabel } = chartSeries([...main, ...competitors]);
  return (
    <figure className="score-chart" aria-label="SEO Score Progress">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#f0f0f0" vertical={false} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            ticks={ticks}
            tickFormatter={(time: number) => tickLabel(time)}
            minTickGap={16}
            padding={{ left: 16, right: 16 }}
            tick={{ fontSize: 11, fill: '#8c8c8c' }}
          />
          <YAxis
            domain={[0, 100]}
            ticks={SCORE_TICKS}
            allowDataOverflow
            width={32}
            tick={{ fontSize: 11, fill: '#8c8c8c' }}
          />
          <Tooltip labelFormatter={(time) => moment(Number(time))} />
          {/* The site first, then its competitors in their order, as the colours go; not alphabetical. */}
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {names.map((name, i) => (
            <Line
              key={name}
              name={name}
              dataKey={`s${i}`}
              type="linear"
              stroke={seriesColor(i)}
              fill={seriesColor(i)}
              strokeWidth={2}
              dot={{ r: 3.5 }}
              activeDot={{ r: 5 }}
              connectNulls
              // Read, not watched: a screenshot or a print never catches a half-drawn line.
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
