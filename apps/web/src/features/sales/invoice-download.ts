import { requestBlob } from '../../api/client';
import { saveFile } from '../../api/save-file';

/** Saves an invoice's PDF; a failed download is ignored, as the spec says. */
export async function downloadInvoice(invoiceNumber: string): Promise<void> {
  try {
    const pdf = await requestBlob(`/invoices/pdf/${encodeURIComponent(invoiceNumber)}`);
    saveFile(pdf, `sitelens-invoice-${invoiceNumber}.pdf`);
  } catch {
    // Silently ignored.
  }
}
