import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import './seo-data.css';

type Column<Row> = TableColumnsType<Row>[number];

/** A column of a fixed width whose cell is `cell(row, index)`. */
export const column = <Row,>(
  key: string,
  title: string,
  width: number,
  cell: (row: Row, index: number) => ReactNode,
): Column<Row> => ({ key, title, width, render: (_value, row, index) => cell(row, index) });

/** A column of text that may be long (a keyword, a domain, an anchor): it wraps anywhere. */
export const wrapColumn = <Row,>(key: string, title: string, width: number, text: (row: Row) => ReactNode) =>
  column<Row>(key, title, width, (row) => <span className="seo-data-wrap">{text(row)}</span>);

/** A page's URL as a link that opens it in a new tab. */
export const pageLink = (url: string) => (
  <a className="seo-data-wrap" href={url} target="_blank" rel="noopener noreferrer">
    {url}
  </a>
);

/** The 'URL' column: the page's link, '-' without one. */
export const urlColumn = <Row extends { url?: string | null }>(width: number) =>
  column<Row>('url', 'URL', width, (row) => (row.url ? pageLink(row.url) : '-'));

/**
 * A data list's table: every row it has read (a paged list shows 'Load more' under it), as wide as
 * its columns, scrolling sideways in its box on a narrow screen. `className` names the list (the
 * end-to-end tests find it by that name).
 */
export function DataTable<Row extends object>({
  className,
  columns = [],
  ...props
}: Omit<TableProps<Row>, 'pagination' | 'scroll'> & { className: string }) {
  const tableWidth = columns.reduce((sum, { width }) => sum + Number(width ?? 0), 0);
  return (
    <Table<Row>
      className={`seo-data-table ${className}`}
      columns={columns}
      pagination={false}
      scroll={{ x: tableWidth }}
      {...props}
    />
  );
}
