import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';

const messages = {
  up: (by: number) => `Up ${by} ${by === 1 ? 'position' : 'positions'}`,
  down: (by: number) => `Down ${by} ${by === 1 ? 'position' : 'positions'}`,
};

/**
 * The previous position, and beside it how far the keyword moved since: an up arrow with the gain,
 * a down arrow with the loss. '-' for a keyword without one (new since the provider's last update).
 */
export function PositionChange({ pos, prev }: { pos: number; prev: number | null }) {
  if (prev === null) return '-';
  const gain = prev - pos;
  return (
    <span className="kw-prev">
      {prev}
      {gain > 0 && (
        <span className="seo-data-change seo-data-up" title={messages.up(gain)}>
          <ArrowUpOutlined aria-hidden /> {gain}
        </span>
      )}
      {gain < 0 && (
        <span className="seo-data-change seo-data-down" title={messages.down(-gain)}>
          <ArrowDownOutlined aria-hidden /> {-gain}
        </span>
      )}
    </span>
  );
}
