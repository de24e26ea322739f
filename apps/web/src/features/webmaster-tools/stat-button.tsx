import { Typography } from 'antd';
import { useId } from 'react';

/**
 * A count that filters the list below it: pressed, the list shows that kind only; pressed again,
 * everything. A real button, so it is reached and read as one.
 */
export function StatButton({
  label,
  value,
  detail,
  pressed,
  onClick,
}: {
  label: string;
  value: number;
  detail?: string;
  pressed: boolean;
  onClick(): void;
}) {
  const detailId = useId();
  const count = value.toLocaleString('en-US');
  return (
    <button
      type="button"
      className="wt-stat"
      aria-label={`${label} ${count}`}
      aria-describedby={detail ? detailId : undefined}
      aria-pressed={pressed}
      onClick={onClick}
    >
      <span className="wt-stat-label">{label}</span>
      <span className="wt-stat-value">{count}</span>
      {detail && (
        <Typography.Text id={detailId} type="secondary" className="wt-stat-detail">
          {detail}
        </Typography.Text>
      )}
    </button>
  );
}
