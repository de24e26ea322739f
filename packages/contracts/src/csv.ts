/** A value of a CSV cell: the exports hold texts, numbers, booleans, dates and nothing. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** Characters a spreadsheet reads as the start of a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, the same for the server's exports and the ones the browser makes: a text a
 * spreadsheet would run as a formula gets a leading single quote, and a cell with a comma, a quote
 * or a line break is quoted with its quotes doubled (RFC 4180). Numbers stay numbers, so a
 * negative one keeps its sign.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV record, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;
