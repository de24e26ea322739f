import { type CsvValue, csvLine } from '@sitelens/contracts';

/** Rows as CSV: a header of the field names, then a CRLF-terminated record per row. */
export function toCsv<T extends object>(rows: readonly T[], fields: readonly (keyof T & string)[]): string {
  return (
    csvLine([...fields]) + rows.map((row) => csvLine(fields.map((field) => row[field] as CsvValue))).join('')
  );
}

/** Saves text made in the browser as a download named `fileName`. */
export function downloadText(text: string, type: string, fileName: string): void {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const downloadCsvRows = <T extends object>(
  rows: readonly T[],
  fields: readonly (keyof T & string)[],
  fileName: string,
) => downloadText(toCsv(rows, fields), 'text/csv;charset=utf-8', `${fileName}.csv`);

export const downloadJsonRows = (rows: readonly object[], fileName: string) =>
  downloadText(`${JSON.stringify(rows, null, 2)}\n`, 'application/json', `${fileName}.json`);
