import type { TopKeywordsOverviewReply } from '@sitelens/contracts';
import { CacheHint } from '../seo-data/cache-hint';
import { DataTiles } from '../seo-data/data-tiles';
import { formatAveragePosition, formatCount } from './keyword-values';

const TILES: { label: string; value(reply: TopKeywordsOverviewReply): string }[] = [
  { label: 'Average position', value: (reply) => formatAveragePosition(reply.avg_pos) },
  { label: 'Increased', value: (reply) => formatCount(reply.increased) },
  { label: 'Unchanged', value: (reply) => formatCount(reply.unchanged) },
  { label: 'Dropped', value: (reply) => formatCount(reply.dropped) },
];

/**
 * The four tiles (spec 2.4): the average position of the top 100 keywords ('-' without any), and how
 * many keywords went up, stayed or went down since the provider's last update.
 */
export function TopKeywordsOverview({ reply }: { reply: TopKeywordsOverviewReply }) {
  return (
    <div className="seo-data-stack">
      <DataTiles tiles={TILES.map(({ label, value }) => ({ label, value: value(reply) }))} />
      <CacheHint reply={reply} />
    </div>
  );
}
