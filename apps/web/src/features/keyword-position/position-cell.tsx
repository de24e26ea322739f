import { ArrowDownOutlined, ArrowUpOutlined, WarningOutlined } from '@ant-design/icons';
import { formatDate, type TrackedKeyword } from '@sitelens/contracts';
import { Spin, Tooltip } from 'antd';
import { utcMoment } from '../monitoring/outage-timeline';
import { dayTime, formatPosition, positionChange, utcTime } from './position-values';

const messages = {
  waiting: (since: string) => `Waiting since ${since}`,
  queued: 'Queued for its first check',
  failed: (reason: string) => `The lookup failed: ${reason.replace(/\.$/, '')}`,
  noSource: 'Not checked: no data source',
  retry: (time: string) => `The last lookup failed; it is tried again at ${time} UTC.`,
  previous: (pos: string) => `Previous: ${pos}`,
  checked: (day: string) => `Checked on ${formatDate(dayTime(day))}`,
  up: (by: number) => `Up ${by} ${by === 1 ? 'position' : 'positions'}`,
  down: (by: number) => `Down ${by} ${by === 1 ? 'position' : 'positions'}`,
};

/**
 * A tracked keyword's position (spec 2.5): until its first check, since when it waits and why
 * (queued, with a spinner, or the failed lookup's reason; '-' with a hint when no data source will
 * ever check it), '-' outside the top 100, else the position capped at 100; beside it the move
 * since the check before, and under it the previous position. A failed lookup adds a warning: the
 * keyword keeps what it showed until the retry.
 */
export function PositionCell({
  keyword,
  sourceConfigured,
  now = Date.now(),
}: {
  keyword: TrackedKeyword;
  sourceConfigured: boolean | undefined;
  now?: number;
}) {
  const retry = keyword.retry_at ? <RetryWarning at={keyword.retry_at} /> : null;
  if (keyword.pos === undefined) {
    if (sourceConfigured === false)
      return (
        <span className="kp-position">
          <Tooltip title={messages.noSource}>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on focus */}
            <span className="kp-unchecked" tabIndex={0}>
              -
            </span>
          </Tooltip>
          {retry}
        </span>
      );
    // A lookup that failed is not under way: no spinner, the reason instead.
    const retryAt = keyword.retry_at;
    return (
      <span className="kp-position-cell">
        <span className="kp-position">
          {retryAt === undefined && <Spin size="small" />}
          <span className="kp-waiting">{messages.waiting(utcMoment(Date.parse(keyword.c_at), now))}</span>
          {retry}
        </span>
        <span className="kp-prev">
          {retryAt === undefined
            ? messages.queued
            : keyword.retry_reason
              ? messages.failed(keyword.retry_reason)
              : messages.retry(utcTime(retryAt))}
        </span>
      </span>
    );
  }
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
