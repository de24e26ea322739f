import { Descriptions, Image, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { tokenStore } from '../../api/token-store';

/** Fields every result has; the rest are the check's own data. */
const COMMON = new Set([
  'status',
  'message',
  'how_to_fix',
  'how_to_fix_video',
  'relevance',
  'recommendation',
  'description',
  'error',
]);

/** Sizes as the spec writes them: B, Kb, Mb, and '> 1 Gb' above that. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return '> 1 Gb';
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(2)} Mb`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} Kb`;
  return `${bytes} B`;
}

/** A duration in milliseconds: fast ones in ms ("14 ms", not "0.01 s"), the rest in seconds. */
export function formatDuration(ms: number): string {
  return ms < 100 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Keyword cloud font size (spec): 14 + 2 × (count − 1) up to a count of 15, then 42. */
export function cloudFontSize(count: number): number {
  return count > 15 ? 42 : 14 + 2 * (Math.max(1, count) - 1);
}

const VITALS: Record<string, { label: string; good: number; poor: number; unit: 'ms' | '' }> = {
  lcp: { label: 'Largest Contentful Paint', good: 2500, poor: 4000, unit: 'ms' },
  fcp: { label: 'First Contentful Paint', good: 1800, poor: 3000, unit: 'ms' },
  ttfb: { label: 'Time to First Byte', good: 800, poor: 1800, unit: 'ms' },
  cls: { label: 'Cumulative Layout Shift', good: 0.1, poor: 0.25, unit: '' },
};

function VitalValue({ name, value }: { name: string; value: number }) {
  const vital = VITALS[name]!;
  const color = value <= vital.good ? 'green' : value < vital.poor ? 'orange' : 'red';
  const shown = vital.unit === 'ms' ? formatDuration(value) : value.toFixed(3);
  const limits =
    vital.unit === 'ms'
      ? `good ≤ ${vital.good / 1000} s, poor > ${vital.poor / 1000} s`
      : `good ≤ ${vital.good}, poor ≥ ${vital.poor}`;
  return (
    <span>
      <Tag color={color}>{shown}</Tag>
      <Typography.Text type="secondary">{limits}</Typography.Text>
    </span>
  );
}

/** The mobile snapshot: fetched with the session's token, since an <img> cannot send it. */
function Snapshot({ src }: { src: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let revoke: string | null = null;
    const token = tokenStore.get();
    fetch(src, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        revoke = URL.createObjectURL(blob);
        setUrl(revoke);
      })
      .catch(() => setFailed(true));
    return () => {
      if (revoke) URL.revokeObjectURL(revoke);
    };
  }, [src]);
  if (failed) return <Typography.Text type="secondary">The screenshot could not be loaded.</Typography.Text>;
  if (!url) return null;
  return <Image src={url} alt="The page on a phone screen" width={180} className="mobile-snapshot" />;
}

function TopTable({
  title,
  values,
  format,
}: {
  title: string;
  values: Record<string, number>;
  format: (n: number) => string;
}) {
  const entries = Object.entries(values).sort((a, b) => b[1] - a[1]);
  const top = entries.slice(0, 10);
  const other = entries.slice(10).reduce((sum, [, v]) => sum + v, 0);
  const rows = [...top, ...(entries.length > 10 ? [['Other', other] as [string, number]] : [])];
  return (
    <Table
      size="small"
      pagination={false}
      title={() => title}
      rowKey={(row) => row[0]}
      dataSource={rows}
      columns={[
        { title: 'Name', render: (_, row) => row[0], ellipsis: true },
        { title: 'Value', render: (_, row) => format(row[1]), align: 'right' },
      ]}
    />
  );
}

/** Names a field's key does not say well on its own; the rest are the key in words. */
const LABELS: Record<string, string> = {
  snapshot_url: 'Screenshot',
  non_blank_ratio: 'Screen with content',
  lcp_lazy: 'Main image loads lazily',
  offscreen_eager: 'Images below the first screen loaded at once',
  html_size: 'HTML size',
  html_transfer_size: 'HTML transferred',
  text_html_ratio: 'Text to HTML',
  small_text_pct: 'Text smaller than 12 px',
  js_only_words_pct: 'Words only in the rendered page',
  js_only_links: 'Links only in the rendered page',
  js_errors: 'JavaScript errors',
  js_execution: 'JavaScript execution',
  total_ms: 'Total',
  by_script: 'By script',
  tbt: 'Total Blocking Time',
  inp: 'Interaction to Next Paint',
  p75: '75th percentile',
  speed_index: 'Speed Index',
  load_time: 'Load time',
  dom_content_loaded: 'DOMContentLoaded',
  response_time: 'Response time',
  title_px: 'Title width',
  overflow_px: 'Wider than the screen by',
  dom: 'DOM',
  max_children: 'Most children of one element',
  max_children_parent: 'That element',
  ssl: 'HTTPS',
  sub_results: 'Checks',
  hsts_header: 'HSTS header',
  h1_list: 'H1 headings',
  h2_list: 'H2 headings',
  img_tags: 'Images',
  seo_unfriendly_urls: 'SEO-unfriendly URLs',
  ai_bots: 'AI crawlers',
  llms_txt: 'llms.txt',
  robots_txt_url: 'robots.txt',
  robots_txt_errors: 'robots.txt errors',
  favicon_url: 'Favicon',
  indexnow: 'IndexNow',
  cdn_usage: 'CDN usage',
  serp_preview: 'Search result preview',
  status_code: 'HTTP status',
  open_graph: 'Open Graph',
  twitter_card: 'Twitter card',
  url: 'URL',
};
const label = (key: string) => LABELS[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Durations the engine reports in milliseconds, shown as the page's timings are: in seconds. */
const MILLISECONDS = new Set([
  'tbt',
  'speed_index',
  'load_time',
  'dom_content_loaded',
  'response_time',
  'total_ms',
]);
/** Shares the engine reports as 0–1 ratios or as percentages. */
const RATIOS = new Set(['non_blank_ratio']);
const PERCENTS = new Set(['text_html_ratio', 'small_text_pct', 'js_only_words_pct']);
const PIXELS = new Set(['title_px', 'overflow_px']);

function numberValue(name: string, value: number): string | null {
  if (MILLISECONDS.has(name)) return formatDuration(value);
  if (RATIOS.has(name)) return `${Math.round(value * 1000) / 10} %`;
  if (PERCENTS.has(name)) return `${value} %`;
  if (PIXELS.has(name)) return `${value} px`;
  if (/(_size|bytes)$/.test(name)) return formatBytes(value);
  return null;
}

function scalar(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^https?:\/\//.test(value))
    return (
      <Typography.Link href={value} target="_blank" rel="noopener noreferrer" ellipsis>
        {value}
      </Typography.Link>
    );
  if (typeof value === 'object') return <code className="check-json">{JSON.stringify(value)}</code>;
  return String(value);
}

/** A list of records as a table; of plain values as a compact list. */
function ListValue({ name, items }: { name: string; items: unknown[] }) {
  if (items.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  if (items.every((item) => item && typeof item === 'object' && !Array.isArray(item))) {
    const keys = [...new Set(items.flatMap((item) => Object.keys(item as object)))].slice(0, 6);
    return (
      <Table
        size="small"
        rowKey={(_, i) => `${name}-${i}`}
        dataSource={items.slice(0, 100) as Record<string, unknown>[]}
        pagination={items.length > 10 ? { pageSize: 10, size: 'small' } : false}
        scroll={{ x: 'max-content' }}
        columns={keys.map((key) => ({
          title: label(key),
          dataIndex: key,
          render: (value: unknown) => scalar(value),
        }))}
      />
    );
  }
  return (
    <ul className="check-list">
      {items.slice(0, 50).map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat
        <li key={i}>{scalar(item)}</li>
      ))}
    </ul>
  );
}

function FieldValue({ name, value }: { name: string; value: unknown }): ReactNode {
  if (name === 'snapshot_url' && typeof value === 'string') return <Snapshot src={value} />;
  if (name === 'keywords_cloud' && Array.isArray(value))
    return (
      <div className="keyword-cloud">
        {(value as { term: string; count: number }[]).map((term) => (
          <span key={term.term} style={{ fontSize: cloudFontSize(term.count) }}>
            {term.term}
          </span>
        ))}
      </div>
    );
  if (name in VITALS) {
    const number =
      typeof value === 'number'
        ? value
        : ((value as { duration?: number; score?: number; total?: number } | null)?.duration ??
          (value as { score?: number } | null)?.score ??
          (value as { total?: number } | null)?.total);
    if (typeof number === 'number')
      return (
        <>
          <VitalValue name={name} value={number} />
          {value && typeof value === 'object' && <NestedValue value={value as Record<string, unknown>} />}
        </>
      );
  }
  if (name === 'page_objects' && value && typeof value === 'object') {
    const po = value as Record<string, unknown>;
    return (
      <div className="page-objects">
        <TopTable
          title="Size by type"
          values={(po.size_by_type as Record<string, number>) ?? {}}
          format={formatBytes}
        />
        <TopTable
          title="Requests by type"
          values={(po.requests_by_type as Record<string, number>) ?? {}}
          format={String}
        />
        <TopTable
          title="Size by domain"
          values={(po.size_by_domain as Record<string, number>) ?? {}}
          format={formatBytes}
        />
        <TopTable
          title="Requests by domain"
          values={(po.requests_by_domain as Record<string, number>) ?? {}}
          format={String}
        />
      </div>
    );
  }
  if (Array.isArray(value)) return <ListValue name={name} items={value} />;
  if (value && typeof value === 'object') return <NestedValue value={value as Record<string, unknown>} />;
  if (typeof value === 'number') return numberValue(name, value) ?? scalar(value);
  return scalar(value);
}

function NestedValue({ value }: { value: Record<string, unknown> }) {
  const entries = Object.entries(value);
  if (entries.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Descriptions size="small" column={1} bordered>
      {entries.map(([key, v]) => (
        <Descriptions.Item key={key} label={label(key)}>
          <FieldValue name={key} value={v} />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** Every field a check returned, each in the form that reads best: tables, clouds, images, thresholds. */
export function CheckData({ result }: { result: Record<string, unknown> }) {
  const fields = Object.entries(result).filter(([key]) => !COMMON.has(key));
  if (fields.length === 0) return null;
  return (
    <div className="check-data">
      {fields.map(([key, value]) => (
        <section key={key} className="check-field">
          <Typography.Text strong>{label(key)}</Typography.Text>
          <div>
            <FieldValue name={key} value={value} />
          </div>
        </section>
      ))}
    </div>
  );
}
