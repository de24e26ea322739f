import { formatDate, type MetricPoint } from '@sitelens/contracts';
import { Area, AreaChart, ResponsiveContainer, Tooltip, YAxis } from 'recharts';
import { seriesColor } from '../../components/charts/palette';

const HEIGHT = 48;

/** A metric's weekly points as a small area chart: no axes, the week and the value on hover. */
export function MetricTrendChart({
  label,
  points,
  format,
}: {
  label: string;
  points: MetricPoint[];
  format(value: number): string;
}) {
  const data = points.map((point) => ({ c_at: point.c_at, value: point.value }));
  const color = seriesColor(0);
  return (
    <figure className="bl-trend" aria-label={`${label} by week`}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <AreaChart data={data} margin={{ top: 4, right: 2, bottom: 2, left: 2 }}>
          {/* A flat series fills the box's height from its value down, not from zero: the weekly change shows. */}
          <YAxis hide domain={['dataMin', 'dataMax']} />
          <Tooltip
            labelFormatter={(_label, payload) => {
              const at = payload?.[0]?.payload?.c_at;
              return typeof at === 'string' ? `Week of ${formatDate(at)}` : '';
            }}
            formatter={(value) => [format(Number(value)), label]}
          />
          <Area
            type="monotone"
            dataKey="value"
            stroke={color}
            fill={color}
            fillOpacity={0.15}
            strokeWidth={2}
            dot={points.length === 1 ? { r: 2 } : false}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </figure>
  );
}
