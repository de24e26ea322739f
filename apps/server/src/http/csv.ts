import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// One set of cell rules for every CSV the product makes, on the server or in the browser.
export { csvCell, csvLine } from '@sitelens/contracts';

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
