import type { TopKeywordsOverviewReply } from '@sitelens/contracts';
import { CacheHint } from '../seo-data/cache-hint';
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
    <div className="kw-overview">
      <div className="kw-tiles">
        {TILES.map(({ label, value }) => (
          <section key={label} className="kw-tile" aria-label={label}>
            <span className="kw-tile-label">{label}</span>
            <span className="kw-tile-value">{value(reply)}</span>
          </section>
        ))}
      </div>
      <CacheHint reply={reply} />
    </div>
  );
}
