/**
 * An invoice or credit note as a PDF (pdfkit), in the estimate PDF's style (estimate-pdf.ts): the
 * shop's name, address and VAT number, the document's number, date and time of supply, the
 * customer, every line with its VAT rate and VAT, the VAT summary per rate, the totals, the
 * insurer's share and the excess for an insured job, what was paid and what is due. Every figure
 * is the issued document's (invoice-presenter.ts): nothing is worked out again here.
 */
import type { Invoice } from '#shared/schemas/invoices.ts';
import { formatCalendarDate, formatDate } from '#shared/format/dates.ts';
import { drawPricedLines, drawVatTotals, startPdf, totalRowWriter } from '#server/estimates/priced-lines-pdf.ts';

export interface InvoicePdfInput {
  invoice: Invoice & { credited_number: string | null };
  timeZone: string;
}

export async function renderInvoicePdf({ invoice, timeZone }: InvoicePdfInput): Promise<Buffer> {
  const vat = invoice.vat_registered;
  const credit = invoice.series === 'CN';
  const title = credit
    ? `Credit note ${invoice.display_number}`
    : vat
      ? `VAT invoice ${invoice.display_number}`
      : `Invoice ${invoice.display_number}`;
  const { doc, done } = await startPdf({ Title: title, Author: invoice.shop_name });

  doc.font('Helvetica-Bold').fontSize(18).text(invoice.shop_name);
  doc.font('Helvetica').fontSize(10).text(invoice.shop_address);
  if (vat) doc.text(`VAT number: ${invoice.shop_vat_number}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc.font('Helvetica').fontSize(10);
  if (credit && invoice.credited_number) doc.text(`Credits invoice ${invoice.credited_number}`);
  doc.text(`Date of issue: ${formatDate(invoice.issued_at, { timeZone })}`);
  doc.text(`Time of supply: ${formatCalendarDate(invoice.supplied_on)}`);
  doc.text(`Job: ${invoice.job_reference}`);
  doc.moveDown(0.5);
  doc.text(`Customer: ${invoice.customer_name}`);
  if (invoice.customer_address) doc.text(invoice.customer_address);
  if (invoice.customer_email) doc.text(invoice.customer_email);
  if (invoice.vehicle) doc.text(`Vehicle: ${invoice.vehicle}${invoice.registration ? ` (${invoice.registration})` : ''}`);
  if (invoice.insurer_name) doc.text(`Insurer: ${invoice.insurer_name}${invoice.claim_number ? `, claim ${invoice.claim_number}` : ''}`);
  if (credit && invoice.reason) doc.text(`Reason: ${invoice.reason}`);
  doc.moveDown();

  drawPricedLines(doc, invoice.lines, vat);
  const totalRow = totalRowWriter(doc);
  drawVatTotals(totalRow, invoice.totals, vat, {
    withVat: credit ? 'Total credited including VAT' : 'Total including VAT',
    withoutVat: credit ? 'Total credited' : 'Total',
  });
  if (!credit) {
    doc.moveDown(0.5);
    if (invoice.insurer_name) {
      totalRow(`Payable by ${invoice.insurer_name}`, invoice.insurer_share_pence);
      totalRow('Excess payable by you', invoice.excess_pence);
    }
    totalRow('Paid', invoice.paid_pence);
    totalRow(invoice.insurer_name ? 'Due from you' : 'Amount due', invoice.due_pence, true);
  }
  doc.end();
  return done;
}
