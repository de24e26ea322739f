import { formatDate } from '@sitelens/contracts';
import { Tooltip, Typography } from 'antd';
import './seo-data.css';

const messages = {
  from: (at: string) => `Data from ${formatDate(at)}`,
  why: 'A saved answer: no provider call was made (or paid) for it.',
};

/** 'Data from Nov 24, 2026' beside an answer served from the cache; nothing for a fresh one. */
export function CacheHint({ reply }: { reply: { from_cache: boolean; fetched_at: string } | undefined }) {
  if (!reply?.from_cache) return null;
  return (
    <Tooltip title={messages.why}>
      <Typography.Text type="secondary" className="seo-data-cache-hint">
        {messages.from(reply.fetched_at)}
      </Typography.Text>
    </Tooltip>
  );
}
