import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Characters a spreadsheet reads as the start of a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text a spreadsheet would run as a formula gets a leading single quote, and a cell
 * with a comma, a quote or a line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | boolean | Date | null): string {
  if (value === null) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV record, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: readonly (string | number | boolean | Date | null)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** A CSV file streamed as it is read. */
export interface CsvExport {
  fileName: string;
  body: Readable;
}

/** Sends a CSV export as a download; the response schemas only describe JSON answers. */
export const sendCsv = (reply: FastifyReply, csv: CsvExport) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.fileName}"`)
    .send(csv.body as never);
