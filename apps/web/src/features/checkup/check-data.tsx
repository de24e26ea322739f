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
  const shown = vital.unit === 'ms' ? `${(value / 1000).toFixed(2)} s` : value.toFixed(3);
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

const label = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

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
  if (typeof value === 'number' && /(_size|bytes)$/.test(name)) return formatBytes(value);
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
