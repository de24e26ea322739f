import { type PriorityBand, scoreColor } from '@sitelens/contracts';
import { Progress } from 'antd';

/** Priority and impact bands in the page report's colours (spec 9): low green, medium orange, high red. */
export const BAND_COLOR: Record<PriorityBand, string> = { LOW: 'green', MEDIUM: 'orange', HIGH: 'red' };

/** A score out of 100 in the spec's colours; '-' before any URL is analysed. */
export function ScoreCircle({
  score,
  size = 72,
  label,
}: {
  score: number | null;
  size?: number;
  label: string;
}) {
  return (
    <Progress
      type="circle"
      size={size}
      percent={score ?? 0}
      strokeColor={score === null ? undefined : scoreColor(score)}
      format={() => (score === null ? '-' : score)}
      aria-label={`${label}: ${score ?? 'not analyzed yet'}`}
    />
  );
}
