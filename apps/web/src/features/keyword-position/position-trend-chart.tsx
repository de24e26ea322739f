import { formatDate, type PositionPoint } from '@sitelens/contracts';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from '../../components/charts/palette';
import { type TrendPoint, trendSeries } from './position-values';

const messages = {
  label: (phrase: string) => `Positions of ${phrase} over the last 12 months`,
  position: 'Position',
  outside: '> 100',
};

const shortDay = (time: number) => formatDate(time).replace(/, \d{4}$/, '');

/**
 * A keyword's daily positions as a line, 1 at the top (spec 9): a day outside the top 100 sits on
 * the 100 line and reads '> 100'. It fills its box: the modal sets the height.
 */
export function PositionTrendChart({ phrase, points }: { phrase: string; points: PositionPoint[] }) {
  const { data, domain } = trendSeries(points);
  return (
    <figure className="kp-trend-chart" aria-label={messages.label(phrase)}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#f0f0f0" vertical={false} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={shortDay}
            minTickGap={24}
            padding={{ left: 8, right: 8 }}
            tick={{ fontSize: 11, fill: '#8c8c8c' }}
          />
          <YAxis
            reversed
            domain={domain}
            allowDecimals={false}
            allowDataOverflow
            width={36}
            tick={{ fontSize: 11, fill: '#8c8c8c' }}
          />
          <Tooltip
            labelFormatter={(time) => formatDate(Number(time))}
            formatter={(value, _name, item) => [
              (item.payload as TrendPoint).outside ? messages.outside : String(value),
              messages.position,
            ]}
          />
          <Line
            type="linear"
            dataKey="pos"
            name={messages.position}
            stroke={seriesColor(0)}
            strokeWidth={2}
            dot={data.length === 1 ? { r: 3 } : false}
            activeDot={{ r: 4 }}
            // Read, not watched: a screenshot never catches a half-drawn line.
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
