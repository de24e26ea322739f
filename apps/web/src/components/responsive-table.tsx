import { Table, type TableColumnType, type TableProps } from 'antd';
import { Fragment, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import './responsive-table.css';

/**
 * 'key': always shown (what a user acts on: the name, the figure, the action). A number: a lesser
 * column, which gives way into its row's details when the table's box is too narrow for it; the
 * higher the number, the sooner (on a tie, the column further right).
 */
export type ColumnPriority = 'key' | number;

export type ResponsiveColumn<Row> = TableColumnType<Row> & {
  key: string;
  /** The room it asks for: the table fits its columns by these widths. */
  width: number;
  /** The least it can do with, taken when the columns left are still too wide (default: `width`). */
  narrowWidth?: number;
  priority: ColumnPriority;
  /** false: not repeated in the details when it gives way (a row number says nothing there). */
  inDetails?: boolean;
};

/** The class of a key column's cells (the end-to-end tests find the key columns by it). */
export const KEY_COLUMN_CLASS = 'rt-key';

/** The width of the row expander's column, which comes with the first column that gives way. */
export const EXPANDER_WIDTH = 40;

export interface FittedColumns<Row> {
  shown: ResponsiveColumn<Row>[];
  hidden: ResponsiveColumn<Row>[];
  /** The table's width when even its key columns are wider than its box (it scrolls), else undefined. */
  scrollX: number | undefined;
}

const widthOf = <Row,>(columns: ResponsiveColumn<Row>[]) => columns.reduce((sum, c) => sum + c.width, 0);

/**
 * The columns shown in a box `available` px wide: lesser ones give way, lowest priority first,
 * until the rest fit; if they still do not, they take their narrow widths, and past that the
 * table scrolls. 0 (not measured: jsdom, a closed tab) shows them all.
 */
export function fitColumns<Row>(columns: ResponsiveColumn<Row>[], available: number): FittedColumns<Row> {
  if (available <= 0 || widthOf(columns) <= available)
    return { shown: columns, hidden: [], scrollX: undefined };
  const givingWay = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.priority !== 'key')
    .sort((a, b) => Number(b.column.priority) - Number(a.column.priority) || b.index - a.index)
    .map(({ column }) => column);
  const hidden = new Set<ResponsiveColumn<Row>>();
  // The expander's column comes with the first column that gives way into the details.
  const expanderWidth = () => ([...hidden].some((column) => column.inDetails !== false) ? EXPANDER_WIDTH : 0);
  const widthShown = () => widthOf(columns.filter((column) => !hidden.has(column))) + expanderWidth();
  for (const column of givingWay) {
    if (widthShown() <= available) break;
    hidden.add(column);
  }
  let shown = columns.filter((column) => !hidden.has(column));
  const expander = expanderWidth();
  if (widthOf(shown) + expander > available) {
    shown = shown.map((column) => ({ ...column, width: column.narrowWidth ?? column.width }));
  }
  const needed = widthOf(shown) + expander;
  return {
    shown,
    hidden: columns.filter((column) => hidden.has(column)),
    scrollX: needed > available ? needed : undefined,
  };
}

/** A cell's content as its column renders it, for the details list. */
function cellOf<Row>(column: ResponsiveColumn<Row>, row: Row, index: number): ReactNode {
  const path = column.dataIndex === undefined ? [] : [column.dataIndex].flat();
  const value = path.reduce<unknown>(
    (object, part) => (object as Record<string, unknown> | undefined)?.[part as string],
    row,
  );
  if (!column.render) return value as ReactNode;
  const rendered = column.render(value, row, index) as ReactNode | { children?: ReactNode };
  // A render may answer { children, props } (a cell with a span); the details take its content.
  return rendered && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered)
    ? rendered.children
    : (rendered as ReactNode);
}

function Details<Row>({
  columns,
  row,
  index,
}: {
  columns: ResponsiveColumn<Row>[];
  row: Row;
  index: number;
}) {
  return (
    <dl className="rt-details">
      {columns.map((column) => (
        <div key={column.key} className="rt-detail">
          <dt>{typeof column.title === 'function' ? null : column.title}</dt>
          <dd>{cellOf(column, row, index)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The inline size of `element`'s box, kept current; 0 until it is laid out. */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The element's layout width: a modal's opening zoom does not change it, and jsdom's 0 stays 0
    // (its ResizeObserver stand-in reports a made-up size).
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A data table that fits its box: its key columns are always shown, lesser columns give way by
 * priority into a row expander's labelled list, and where even the key columns are too wide, its
 * horizontal scroll shows as such (a scrollbar and a fade at the cut edge). An `expandable` of the
 * caller keeps its own state and shows its content under the details.
 */
export function ResponsiveTable<Row extends object>({
  columns,
  className,
  expandable,
  ...props
}: Omit<TableProps<Row>, 'columns' | 'scroll' | 'tableLayout'> & { columns: ResponsiveColumn<Row>[] }) {
  const box = useBoxWidth();
  const { shown, hidden, scrollX } = fitColumns(columns, box.width);
  const marked = shown.map(({ priority, narrowWidth: _narrow, inDetails: _inDetails, ...column }) =>
    priority === 'key'
      ? { ...column, className: [column.className, KEY_COLUMN_CLASS].filter(Boolean).join(' ') }
      : column,
  );
  const own = expandable?.expandedRowRender;
  const details = hidden.filter((column) => column.inDetails !== false);
  const merged: TableProps<Row>['expandable'] =
    details.length > 0
      ? {
          ...expandable,
          columnWidth: EXPANDER_WIDTH,
          showExpandColumn: true,
          rowExpandable: () => true,
          expandedRowRender: (row, index, indent, expanded) => (
            <>
              <Details columns={details} row={row} index={index} />
              {own?.(row, index, indent, expanded)}
            </>
          ),
        }
      : expandable;
  return (
    <div ref={box.ref} className={scrollX ? 'rt rt-scrolls' : 'rt'}>
      <Table<Row>
        className={className}
        columns={marked}
        expandable={merged}
        // Fixed: the columns share the box by the widths they ask for, whatever their content.
        tableLayout="fixed"
        scroll={scrollX ? { x: scrollX } : undefined}
        {...props}
      />
    </div>
  );
}

/**
 * A domain in a narrow cell: it wraps after a dot ("harbour-guide.<wbr>co.<wbr>uk"), never inside a
 * word; only a name too long for the cell on its own wraps, after one of its hyphens.
 */
export function DomainName({ domain }: { domain: string }) {
  const labels = domain.split('.');
  return (
    <span className="rt-domain">
      {labels.map((label, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a domain's labels are in a fixed order
        <Fragment key={index}>
          {label}
          {index < labels.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}
