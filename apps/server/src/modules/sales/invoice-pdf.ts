import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatCents, formatDate } from '@sitelens/contracts';
import { createElement as h } from 'react';

export interface InvoiceDocument {
  number: string;
  createdAt: Date;
  status: string;
  totalInCents: number;
  description: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  billedTo: { name: string; company: string; vat_number: string; email: string };
  payment: string;
}

const styles = StyleSheet.create({
  page: { padding: 48, fontSize: 11, fontFamily: 'Helvetica', color: '#1f1f1f' },
  brand: { fontSize: 20, fontFamily: 'Helvetica-Bold', color: '#1677ff' },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginTop: 24, marginBottom: 16 },
  row: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 4 },
  label: { color: '#595959' },
  section: { marginTop: 20 },
  heading: { fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  line: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderTopWidth: 1,
    borderTopColor: '#d9d9d9',
    paddingTop: 8,
    marginTop: 8,
  },
  total: { fontFamily: 'Helvetica-Bold', fontSize: 13 },
});

const pair = (label: string, value: string) =>
  h(View, { style: styles.row }, h(Text, { style: styles.label }, label), h(Text, null, value));

/** The invoice as a one-page A4 PDF, from what was stored when it was issued. */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const period =
    invoice.periodStart && invoice.periodEnd
      ? `${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}`
      : '';
  const billedTo = [
    invoice.billedTo.name,
    invoice.billedTo.company,
    invoice.billedTo.vat_number && `VAT ${invoice.billedTo.vat_number}`,
    invoice.billedTo.email,
  ].filter(Boolean);
  const document = h(
    Document,
    { title: `Invoice ${invoice.number}`, author: 'Sitelens' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.brand }, 'Sitelens'),
      h(Text, { style: styles.title }, `Invoice ${invoice.number}`),
      pair('Date', formatDate(invoice.createdAt)),
      pair('Status', invoice.status === 'paid' ? 'Paid' : 'Unpaid'),
      pair('Payment', invoice.payment),
      h(
        View,
        { style: styles.section },
        h(Text, { style: styles.heading }, 'Billed to'),
        ...billedTo.map((line) => h(Text, { key: line }, line)),
      ),
      h(
        View,
        { style: styles.section },
        h(Text, { style: styles.heading }, 'Description'),
        h(
          View,
          { style: styles.row },
          h(Text, null, invoice.description),
          h(Text, null, formatCents(invoice.totalInCents)),
        ),
        period ? h(Text, { style: styles.label }, `Service period: ${period}`) : null,
        h(
          View,
          { style: styles.line },
          h(Text, { style: styles.total }, 'Total'),
          h(Text, { style: styles.total }, formatCents(invoice.totalInCents)),
        ),
      ),
    ),
  );
  return renderToBuffer(document);
}
