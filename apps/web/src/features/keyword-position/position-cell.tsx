import { ArrowDownOutlined, ArrowUpOutlined, WarningOutlined } from '@ant-design/icons';
import { formatDate, type TrackedKeyword } from '@sitelens/contracts';
import { Spin, Tooltip } from 'antd';
import { dayTime, formatPosition, positionChange, utcTime } from './position-values';

const messages = {
  waiting: 'Waiting for its first check',
  noSource: 'Not checked: no data source',
  retry: (time: string) => `The last lookup failed; it is tried again at ${time} UTC.`,
  previous: (pos: string) => `Previous: ${pos}`,
  checked: (day: string) => `Checked on ${formatDate(dayTime(day))}`,
  up: (by: number) => `Up ${by} ${by === 1 ? 'position' : 'positions'}`,
  down: (by: number) => `Down ${by} ${by === 1 ? 'position' : 'positions'}`,
};

/**
 * A tracked keyword's position (spec 2.5): a spinner until its first check ('-' with a hint when
 * no data source will ever check it), '-' outside the top 100, else the position capped at 100;
 * beside it the move since the check before, and under it the previous position. A failed lookup
 * adds a warning: the keyword keeps what it showed until the retry.
 */
export function PositionCell({
  keyword,
  sourceConfigured,
}: {
  keyword: TrackedKeyword;
  sourceConfigured: boolean | undefined;
}) {
  const retry = keyword.retry_at ? <RetryWarning at={keyword.retry_at} /> : null;
  if (keyword.pos === undefined)
    return (
      <span className="kp-position">
        {sourceConfigured === false ? (
          <Tooltip title={messages.noSource}>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on focus */}
            <span className="kp-unchecked" tabIndex={0}>
              -
            </span>
          </Tooltip>
        ) : (
          <span className="kp-waiting" title={messages.waiting}>
            <Spin size="small" />
          </span>
        )}
        {retry}
      </span>
    );
  return (
    <span className="kp-position-cell">
      <span className="kp-position">
        <span
          className="kp-pos"
          title={keyword.checked_on ? messages.checked(keyword.checked_on) : undefined}
        >
          {formatPosition(keyword.pos)}
        </span>
        <PositionChange change={positionChange(keyword)} />
        {retry}
      </span>
      {keyword.prev_pos !== undefined && (
        <span className="kp-prev">{messages.previous(formatPosition(keyword.prev_pos))}</span>
      )}
    </span>
  );
}

function PositionChange({ change }: { change: number | null }) {
  if (!change) return null;
  if (change > 0)
    return (
      <span className="seo-data-change seo-data-up" title={messages.up(change)}>
        <ArrowUpOutlined aria-hidden />+{change}
      </span>
    );
  return (
    <span className="seo-data-change seo-data-down" title={messages.down(-change)}>
      <ArrowDownOutlined aria-hidden />-{-change}
    </span>
  );
}

function RetryWarning({ at }: { at: string }) {
  const text = messages.retry(utcTime(at));
  return (
    <Tooltip title={text}>
      <WarningOutlined className="kp-retry" aria-label={text} tabIndex={0} />
    </Tooltip>
  );
}
