import type { SeoDataUsageReply } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { seoDataUsageQuery } from './seo-data.queries';
import './seo-data.css';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * 'Data spend this month: $0.42 of $20.00 · 12 provider calls · 30 answers from cache'; without a
 * cap, '$0.42 (no cap)'.
 */
export function dataSpendText(usage: SeoDataUsageReply): string {
  const cap = usage.cap_usd === null ? '(no cap)' : `of ${usd.format(usage.cap_usd)}`;
  return [
    `Data spend this month: ${usd.format(usage.spent_usd)} ${cap}`,
    count(usage.calls, 'provider call', 'provider calls'),
    count(usage.cached_answers, 'answer from cache', 'answers from cache'),
  ].join(' · ');
}

/**
 * The organization's keyword and backlink data spend this month. A hint, not a gate: hidden while
 * it loads, when it fails, and when the server has no data source.
 */
export function DataSpend() {
  const usage = useQuery(seoDataUsageQuery);
  if (!usage.data?.configured) return null;
  return (
    <Typography.Text type="secondary" className="seo-data-spend">
      {dataSpendText(usage.data)}
    </Typography.Text>
  );
}
