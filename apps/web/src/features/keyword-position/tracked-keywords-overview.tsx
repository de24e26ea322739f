import type { TrackedKeywordsOverviewReply } from '@sitelens/contracts';
import { Typography } from 'antd';
import { formatAveragePosition, formatCount } from '../keywords/keyword-values';
import { DataTiles } from '../seo-data/data-tiles';

const messages = {
  pending: (n: number) =>
    n === 1
      ? '1 keyword waiting for its first check'
      : `${formatCount(n)} keywords waiting for their first check`,
};

const TILES: { label: string; value(reply: TrackedKeywordsOverviewReply): string }[] = [
  { label: 'Average position', value: (reply) => formatAveragePosition(reply.avg_pos) },
  { label: 'Increased', value: (reply) => formatCount(reply.increased) },
  { label: 'Unchanged', value: (reply) => formatCount(reply.unchanged) },
  { label: 'Dropped', value: (reply) => formatCount(reply.dropped) },
];

/**
 * The tracker's tiles: the average latest position of the keywords in the top 100 ('-' without
 * any), and how many went up, stayed or went down since the check before; then how many are still
 * waiting for a first check, unless nothing will check them (no data source).
 */
export function TrackedKeywordsOverview({
  reply,
  showPending,
}: {
  reply: TrackedKeywordsOverviewReply;
  showPending: boolean;
}) {
  return (
    <div className="seo-data-stack">
      <DataTiles
        className="seo-data-tiles kp-tiles"
        tiles={TILES.map(({ label, value }) => ({ label, value: value(reply) }))}
      />
      {showPending && reply.pending > 0 && (
        <Typography.Text type="secondary">{messages.pending(reply.pending)}</Typography.Text>
      )}
    </div>
  );
}
