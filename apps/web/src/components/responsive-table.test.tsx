import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DomainName,
  EXPANDER_WIDTH,
  fitColumns,
  KEY_COLUMN_CLASS,
  type ResponsiveColumn,
  ResponsiveTable,
} from './responsive-table';

interface Row {
  phrase: string;
  pos: number;
  volume: number;
  url: string;
}

const COLUMNS: ResponsiveColumn<Row>[] = [
  { key: 'phrase', title: 'Keyword', dataIndex: 'phrase', width: 200, narrowWidth: 120, priority: 'key' },
  { key: 'pos', title: 'Position', dataIndex: 'pos', width: 80, priority: 'key' },
  { key: 'volume', title: 'Search volume', dataIndex: 'volume', width: 120, priority: 1 },
  {
    key: 'url',
    title: 'URL',
    width: 300,
    priority: 2,
    render: (_value, row) => <a href={row.url}>{row.url}</a>,
  },
];

const keys = (columns: ResponsiveColumn<Row>[]) => columns.map((column) => column.key);

describe('fitColumns', () => {
  it('shows every column where they fit, and all of them before the box is measured', () => {
    expect(keys(fitColumns(COLUMNS, 700).shown)).toEqual(['phrase', 'pos', 'volume', 'url']);
    expect(keys(fitColumns(COLUMNS, 0).shown)).toEqual(['phrase', 'pos', 'volume', 'url']);
  });

  it('lets the lesser columns give way, the highest priority number first, with room for the expander', () => {
    const fitted = fitColumns(COLUMNS, 500);
    expect(keys(fitted.shown)).toEqual(['phrase', 'pos', 'volume']);
    expect(keys(fitted.hidden)).toEqual(['url']);
    expect(fitted.scrollX).toBeUndefined();
    // 200 + 80 + 120 + the expander is over 420: the volume goes too.
    expect(keys(fitColumns(COLUMNS, 420).shown)).toEqual(['phrase', 'pos']);
  });

  it('needs no expander when only a column left out of the details gives way', () => {
    const numbered: ResponsiveColumn<Row>[] = [
      { key: 'n', title: '#', width: 48, priority: 9, inDetails: false },
      ...COLUMNS.slice(0, 3),
    ];
    const fitted = fitColumns(numbered, 420);
    expect(keys(fitted.shown)).toEqual(['phrase', 'pos', 'volume']);
    expect(fitted.scrollX).toBeUndefined();
  });

  it('narrows the key columns before it scrolls, and scrolls only past their narrow widths', () => {
    const narrow = fitColumns(COLUMNS, 260);
    expect(keys(narrow.shown)).toEqual(['phrase', 'pos']);
    expect(narrow.shown.map((column) => column.width)).toEqual([120, 80]);
    expect(narrow.scrollX).toBeUndefined();
    expect(fitColumns(COLUMNS, 200).scrollX).toBe(120 + 80 + EXPANDER_WIDTH);
  });
});

describe('ResponsiveTable', () => {
  afterEach(() => vi.restoreAllMocks());
  const rows: Row[] = [
    { phrase: 'harbour moorings', pos: 7, volume: 1300, url: 'https://example.com/moorings' },
  ];

  it("marks its key columns, and shows a lesser column's cell in the row's details", () => {
    // jsdom lays nothing out: the box is given a phone's width.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const { container } = render(
      <ResponsiveTable<Row> rowKey="phrase" columns={COLUMNS} dataSource={rows} />,
    );
    const headers = [...container.querySelectorAll('th')];
    expect(
      headers.filter((th) => th.classList.contains(KEY_COLUMN_CLASS)).map((th) => th.textContent),
    ).toEqual(['Keyword', 'Position']);
    expect(screen.queryByRole('columnheader', { name: 'URL' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const details = container.querySelector('.rt-details') as HTMLElement;
    expect(within(details).getByText('Search volume')).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'https://example.com/moorings' })).toBeTruthy();
  });

  it('shows every column, without an expander, where they fit', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    render(<ResponsiveTable<Row> rowKey="phrase" columns={COLUMNS} dataSource={rows} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Keyword',
      'Position',
      'Search volume',
      'URL',
    ]);
    expect(screen.queryByRole('button', { name: /expand row/i })).toBeNull();
  });
});

describe('DomainName', () => {
  it('may break after a dot, and reads as the domain', () => {
    const { container } = render(<DomainName domain="harbour-guide.co.uk" />);
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
    expect(screen.getByText('harbour-guide.co.uk')).toBeTruthy();
  });
});
