import {
  type CheckDataCell,
  checkDataFields,
  checkFieldLabel,
  formatCheckCell,
  formatCheckValue,
  formatDuration,
  isCheckScalar,
  isRecordList,
  recordColumns,
  topEntries,
} from '@sitelens/contracts';
import { Descriptions, Image, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { requestBlob } from '../../api/client';
import { DomainName, ResponsiveTable } from '../../components/responsive-table';

// Labels and units come from @sitelens/contracts (check-data-format.ts), shared with the PDF.

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

/**
 * The mobile snapshot: fetched through the API client (the session's token, renewed when it has
 * expired), since an <img> cannot send it.
 */
function Snapshot({ src }: { src: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let revoke: string | null = null;
    requestBlob(src.replace(/^\/api(?=\/)/, ''))
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

/** A name → number map as a table: the ten largest, the rest as "Other" (spec: page objects). */
function TopTable({
  title,
  path,
  values,
}: {
  title: string;
  path: readonly string[];
  values: Record<string, number>;
}) {
  const byDomain = path.at(-1)?.endsWith('domain');
  return (
    <ResponsiveTable<[string, number]>
      size="small"
      pagination={false}
      title={() => title}
      rowKey={(row) => row[0]}
      dataSource={topEntries(values)}
      columns={[
        {
          key: 'name',
          title: byDomain ? 'Domain' : 'Type',
          width: 220,
          narrowWidth: 150,
          priority: 'key',
          render: (_, row) => (byDomain ? <DomainName domain={row[0]} /> : checkFieldLabel(row[0])),
        },
        {
          key: 'value',
          title: path.at(-1)?.startsWith('size') ? 'Size' : 'Requests',
          width: 100,
          narrowWidth: 80,
          priority: 'key',
          render: (_, row) => formatCheckValue([...path, row[0]], row[1]),
          align: 'right',
        },
      ]}
    />
  );
}

/** One cell of text, a web address as a link. */
function Cell({ cell }: { cell: CheckDataCell }): ReactNode {
  if (cell.text === '—') return <Typography.Text type="secondary">—</Typography.Text>;
  if (cell.href)
    return (
      <Typography.Link href={cell.href} target="_blank" rel="noopener noreferrer" ellipsis>
        {cell.text}
      </Typography.Link>
    );
  return cell.text;
}

/** A list of records as a table, a column per field; of plain values as a compact list. */
function ListValue({ path, items }: { path: readonly string[]; items: unknown[] }) {
  if (items.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  if (isRecordList(items)) {
    return (
      <ResponsiveTable<Record<string, unknown>>
        size="small"
        rowKey={(_, i) => `${path.join('.')}-${i}`}
        dataSource={items.slice(0, 100)}
        pagination={items.length > 10 ? { pageSize: 10, size: 'small' } : false}
        // The first field names the record; the others give way on a narrow screen, last first.
        columns={recordColumns(items).map((key, index) => ({
          key,
          title: checkFieldLabel(key),
          dataIndex: key,
          width: index === 0 ? 240 : 140,
          narrowWidth: index === 0 ? 180 : undefined,
          priority: index === 0 ? 'key' : index,
          render: (value: unknown) => <Cell cell={formatCheckCell([...path, key], value)} />,
        }))}
      />
    );
  }
  return (
    <ul className="check-list">
      {items.slice(0, 50).map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat
        <li key={i}>
          {isCheckScalar(item) || Array.isArray(item) ? (
            <Cell cell={formatCheckCell(path, item)} />
          ) : (
            <NestedValue path={path} value={item as Record<string, unknown>} />
          )}
        </li>
      ))}
    </ul>
  );
}

const VITAL_VALUE: Record<string, string> = { lcp: 'duration', cls: 'score', ttfb: 'total' };

function FieldValue({ path, value }: { path: readonly string[]; value: unknown }): ReactNode {
  const name = path.at(-1) ?? '';
  const top = path.length === 1;
  if (top && name === 'snapshot_url' && typeof value === 'string') return <Snapshot src={value} />;
  if (top && name === 'keywords_cloud' && Array.isArray(value))
    return (
      <div className="keyword-cloud">
        {(value as { term: string; count: number }[]).map((term) => (
          <span key={term.term} style={{ fontSize: cloudFontSize(term.count) }}>
            {term.term}
          </span>
        ))}
      </div>
    );
  if (top && name in VITALS) {
    const inner = VITAL_VALUE[name];
    const number =
      typeof value === 'number'
        ? value
        : inner && value && typeof value === 'object'
          ? (value as Record<string, unknown>)[inner]
          : undefined;
    if (typeof number === 'number')
      return (
        <>
          <VitalValue name={name} value={number} />
          {value && typeof value === 'object' && (
            // The rest of the measure (the element, its phases); the figure itself is in the tag.
            <NestedValue
              path={path}
              value={Object.fromEntries(Object.entries(value).filter(([key]) => key !== inner))}
            />
          )}
        </>
      );
  }
  if (top && name === 'page_objects' && value && typeof value === 'object') {
    const po = value as Record<string, unknown>;
    const counts = Object.fromEntries(Object.entries(po).filter(([, v]) => typeof v === 'number'));
    const broken = po.broken_resources;
    const table = (key: string, title: string) => (
      <TopTable title={title} path={[name, key]} values={(po[key] as Record<string, number>) ?? {}} />
    );
    return (
      <>
        {Object.keys(counts).length > 0 && <NestedValue path={path} value={counts} />}
        <div className="page-objects">
          {table('size_by_type', 'Size by type')}
          {table('requests_by_type', 'Requests by type')}
          {table('size_by_domain', 'Size by domain')}
          {table('requests_by_domain', 'Requests by domain')}
        </div>
        {broken && typeof broken === 'object' ? (
          <section className="check-field">
            <Typography.Text strong>{checkFieldLabel('broken_resources')}</Typography.Text>
            <NestedValue path={[name, 'broken_resources']} value={broken as Record<string, unknown>} />
          </section>
        ) : null}
      </>
    );
  }
  if (Array.isArray(value)) return <ListValue path={path} items={value} />;
  if (!isCheckScalar(value)) return <NestedValue path={path} value={value as Record<string, unknown>} />;
  return <Cell cell={formatCheckCell(path, value)} />;
}

function NestedValue({ path, value }: { path: readonly string[]; value: Record<string, unknown> }) {
  const entries = Object.entries(value);
  if (entries.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Descriptions size="small" column={1} bordered>
      {entries.map(([key, v]) => (
        <Descriptions.Item key={key} label={checkFieldLabel(key)}>
          <FieldValue path={[...path, key]} value={v} />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * Every field a check returned, each in the form that reads best: tables, clouds, images,
 * thresholds; labels and units from `@sitelens/contracts`, as in the PDF. Never raw JSON.
 */
export function CheckData({ result }: { result: Record<string, unknown> }) {
  const fields = checkDataFields(result);
  if (fields.length === 0) return null;
  return (
    <div className="check-data">
      {fields.map(([key, value]) => (
        <section key={key} className="check-field">
          <Typography.Text strong>{checkFieldLabel(key)}</Typography.Text>
          <div>
            <FieldValue path={[key]} value={value} />
          </div>
        </section>
      ))}
    </div>
  );
}
