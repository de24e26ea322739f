import { Button, Space, Tooltip } from 'antd';
import { downloadCsvRows, downloadJsonRows } from './export-rows';

const messages = {
  csv: 'Export CSV',
  json: 'Export JSON',
  scope: (loaded: number, total: number) =>
    loaded < total
      ? `Exports the loaded rows: ${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}. Load more to export more.`
      : `Exports the loaded rows (${loaded.toLocaleString('en-US')}).`,
};

/**
 * 'Export CSV' and 'Export JSON' of the rows a list has loaded so far (made in the browser: the
 * provider is paid per page, so an export never asks it for the rest). `fileName` has no extension.
 */
export function ExportButtons<T extends object>({
  rows,
  total = rows.length,
  fields,
  fileName,
}: {
  rows: readonly T[];
  /** How many rows the list has in all, to say how many the export leaves out. */
  total?: number;
  /** The CSV's columns, in order (the contract's field names). */
  fields: readonly (keyof T & string)[];
  fileName: string;
}) {
  const scope = messages.scope(rows.length, Math.max(total, rows.length));
  const disabled = rows.length === 0;
  return (
    <Space size={8} wrap>
      <Tooltip title={scope}>
        <Button disabled={disabled} onClick={() => downloadCsvRows(rows, fields, fileName)}>
          {messages.csv}
        </Button>
      </Tooltip>
      <Tooltip title={scope}>
        <Button disabled={disabled} onClick={() => downloadJsonRows(rows, fileName)}>
          {messages.json}
        </Button>
      </Tooltip>
    </Space>
  );
}
