import { tokenStore } from '../../api/token-store';

/** Saves an invoice's PDF; a failed download is ignored, as the spec says. */
export async function downloadInvoice(invoiceNumber: string): Promise<void> {
  try {
    const response = await fetch(`/api/invoices/pdf/${encodeURIComponent(invoiceNumber)}`, {
      headers: { authorization: `Bearer ${tokenStore.get() ?? ''}` },
      credentials: 'same-origin',
    });
    if (!response.ok) return;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `sitelens-invoice-${invoiceNumber}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    // Silently ignored.
  }
}
