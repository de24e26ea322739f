import { Line, LineChart, YAxis } from 'recharts';
import { seriesColor } from '../../components/charts/palette';
import { formatCount } from './keyword-values';

const WIDTH = 96;
const HEIGHT = 28;

const messages = {
  label: (phrase: string) => `Monthly search volume of ${phrase}`,
  values: (trends: number[]) => `Monthly search volume, oldest first: ${trends.map(formatCount).join(', ')}`,
};

/**
 * A keyword's monthly search volumes (twelve, oldest first) as a line with no axes; '-' without any.
 * A fixed size, not a ResponsiveContainer: a table holds a hundred of these.
 */
export function TrendSparkline({ phrase, trends }: { phrase: string; trends: number[] }) {
  if (trends.length === 0) return '-';
  const data = trends.map((volume, month) => ({ month, volume }));
  return (
    <figure className="kw-sparkline" aria-label={messages.label(phrase)} title={messages.values(trends)}>
      <LineChart width={WIDTH} height={HEIGHT} data={data} margin={{ top: 3, right: 2, bottom: 3, left: 2 }}>
        {/* The change shows: a steady volume is a flat line in the middle, not one at the top. */}
        <YAxis hide domain={['dataMin', 'dataMax']} />
        <Line
          type="monotone"
          dataKey="volume"
          stroke={seriesColor(0)}
          strokeWidth={1.5}
          dot={trends.length === 1 ? { r: 2 } : false}
          isAnimationActive={false}
        />
      </LineChart>
    </figure>
  );
}
