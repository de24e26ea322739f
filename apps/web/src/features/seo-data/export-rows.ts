import { type CsvValue, csvLine } from '@sitelens/contracts';
import { saveFile } from '../../api/save-file';

/** Rows as CSV: a header of the field names, then a CRLF-terminated record per row. */
export function toCsv<T extends object>(rows: readonly T[], fields: readonly (keyof T & string)[]): string {
  return (
    csvLine([...fields]) + rows.map((row) => csvLine(fields.map((field) => row[field] as CsvValue))).join('')
  );
}

/** Saves text made in the browser as a download named `fileName`. */
export function downloadText(text: string, type: string, fileName: string): void {
  saveFile(new Blob([text], { type }), fileName);
}

export const downloadCsvRows = <T extends object>(
  rows: readonly T[],
  fields: readonly (keyof T & string)[],
  fileName: string,
) => downloadText(toCsv(rows, fields), 'text/csv;charset=utf-8', `${fileName}.csv`);

export const downloadJsonRows = (rows: readonly object[], fileName: string) =>
  downloadText(`${JSON.stringify(rows, null, 2)}\n`, 'application/json', `${fileName}.json`);
