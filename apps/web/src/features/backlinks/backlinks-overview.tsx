import { BACKLINK_METRICS, type BacklinkMetric, type BacklinksOverviewReply } from '@sitelens/contracts';
import { CacheHint } from '../seo-data/cache-hint';
import { DataTiles } from '../seo-data/data-tiles';
import { MetricTrendChart } from './metric-trend-chart';

const count = (value: number) => value.toLocaleString('en-US');

/** Each backlink metric's box label and number format (the dashboard's card uses them too). */
export const BACKLINK_METRIC_FORMATS: Record<
  BacklinkMetric,
  { label: string; format(value: number): string }
> = {
  total_backlinks: { label: 'Total backlinks', format: count },
  referring_domains: { label: 'Referring domains', format: count },
  domain_rank: { label: 'Domain rank', format: (value) => `${count(value)} / 1000` },
  follow_links: { label: 'Follow links', format: count },
  nofollow_links: { label: 'Nofollow links', format: count },
};

/** A metric's current value: its last weekly point (null when the provider has none). */
export const currentValue = (points: { value: number }[]): number | null => points.at(-1)?.value ?? null;

/** The five backlink metrics as boxes, each with its current value and its last 4 weeks. */
export function BacklinksOverview({ reply }: { reply: BacklinksOverviewReply }) {
  const tiles = BACKLINK_METRICS.map((metric) => {
    const { label, format } = BACKLINK_METRIC_FORMATS[metric];
    const points = reply.data[metric];
    const value = currentValue(points);
    return {
      label,
      value: value === null ? '-' : format(value),
      more: points.length > 0 && <MetricTrendChart label={label} points={points} format={format} />,
    };
  });
  return (
    <div className="seo-data-stack">
      <DataTiles className="bl-boxes" tiles={tiles} />
      <CacheHint reply={reply} />
    </div>
  );
}
