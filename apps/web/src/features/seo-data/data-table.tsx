import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import './seo-data.css';

/**
 * A column of a fixed width whose cell is `cell(row, index)`: a lesser one, which gives way on a
 * narrow screen, unless its table marks it `priority: 'key'`.
 */
export const column = <Row,>(
  key: string,
  title: string,
  width: number,
  cell: (row: Row, index: number) => ReactNode,
): ResponsiveColumn<Row> => ({
  key,
  title,
  width,
  priority: 1,
  render: (_value, row, index) => cell(row, index),
});

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
 * A data list's table: every row it has read (a paged list shows 'Load more' under it), fitted to
 * its box (lesser columns give way into the row's details). `className` names the list (the
 * end-to-end tests find it by that name).
 */
export function DataTable<Row extends object>({
  className,
  ...props
}: Omit<TableProps<Row>, 'pagination' | 'scroll' | 'columns' | 'tableLayout'> & {
  className: string;
  columns: ResponsiveColumn<Row>[];
}) {
  return <ResponsiveTable<Row> className={`seo-data-table ${className}`} pagination={false} {...props} />;
}
