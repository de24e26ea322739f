import { formatDate, type OverviewRow } from '@sitelens/contracts';

const COLORS = ['#1677ff', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#52c41a'];
const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 36, right: 12, top: 12, bottom: 28 };

interface Series {
  name: string;
  points: { time: number; score: number }[];
}

/** Scores over time, the checked site first and each competitor after it: a plain SVG line chart. */
export function ScoreProgressChart({
  main,
  competitors,
}: {
  main: OverviewRow[];
  competitors: OverviewRow[];
}) {
  const byUrl = new Map<string, OverviewRow[]>();
  for (const row of [...main, ...competitors]) byUrl.set(row.url, [...(byUrl.get(row.url) ?? []), row]);
  const series: Series[] = [...byUrl].map(([name, rows]) => ({
    name,
    points: rows
      .map((r) => ({ time: new Date(r.created_at).getTime(), score: r.score }))
      .sort((a, b) => a.time - b.time),
  }));
  const times = series.flatMap((s) => s.points.map((p) => p.time));
  const min = Math.min(...times);
  const max = Math.max(...times);
  const x = (time: number) =>
    PAD.left + (max === min ? 0.5 : (time - min) / (max - min)) * (WIDTH - PAD.left - PAD.right);
  const y = (score: number) => PAD.top + (1 - score / 100) * (HEIGHT - PAD.top - PAD.bottom);

  return (
    <figure className="score-chart" aria-label="SEO Score Progress">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Scores over the selected month">
        {[0, 25, 50, 75, 100].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#f0f0f0" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#8c8c8c">
              {tick}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 6} fontSize="11" fill="#8c8c8c">
          {formatDate(min)}
        </text>
        {max !== min && (
          <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" fontSize="11" fill="#8c8c8c">
            {formatDate(max)}
          </text>
        )}
        {series.map((s, i) => (
          <g key={s.name} stroke={COLORS[i % COLORS.length]} fill={COLORS[i % COLORS.length]}>
            <polyline
              fill="none"
              strokeWidth="2"
              points={s.points.map((p) => `${x(p.time)},${y(p.score)}`).join(' ')}
            />
            {s.points.map((p) => (
              <circle key={p.time} cx={x(p.time)} cy={y(p.score)} r="3.5">
                <title>{`${s.name}: ${p.score} on ${formatDate(p.time)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="score-chart-legend">
        {series.map((s, i) => (
          <span key={s.name}>
            <i style={{ background: COLORS[i % COLORS.length] }} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
