/**
 * An invoice or credit note as a PDF (pdfkit), in the estimate PDF's style (estimate-pdf.ts): the
 * shop's name, address and VAT number, the document's number, date and time of supply, the
 * customer, every line with its VAT rate and VAT, the VAT summary per rate, the totals, the
 * insurer's share and the excess for an insured job, what was paid and what is due. Every figure
 * is the issued document's (invoice-presenter.ts): nothing is worked out again here.
 */
import PDFDocument from 'pdfkit';
import type { Invoice } from '#shared/schemas/invoices.ts';
import { formatPence } from '#shared/format/money.ts';
import { formatCalendarDate, formatDate } from '#shared/format/dates.ts';

const MARGIN = 50;
const PAGE_BOTTOM = 780;

function quantityText(line: Pick<Invoice['lines'][number], 'kind' | 'quantity'>): string {
  if (line.kind !== 'labour') return String(line.quantity);
  const hours = `${Math.trunc(line.quantity / 100)}${
    line.quantity % 100 === 0
      ? ''
      : `.${String(line.quantity % 100)
          .padStart(2, '0')
          .replace(/0$/, '')}`
  }`;
  return `${hours} h`;
}

const rateText = (bp: number) => `${bp / 100}%`;

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
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: invoice.shop_name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

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

  const cols = vat
    ? { desc: [MARGIN, 200], qty: [255, 45], unit: [305, 65], rate: [375, 40], vat: [420, 55], total: [480, 65] }
    : { desc: [MARGIN, 300], qty: [355, 50], unit: [410, 65], rate: null, vat: null, total: [480, 65] };
  const row = (cells: { desc: string; qty: string; unit: string; rate?: string; vat?: string; total: string }, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(12, doc.heightOfString(cells.desc, { width: cols.desc[1] }));
    if (doc.y + height > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    doc.text(cells.desc, cols.desc[0], y, { width: cols.desc[1] });
    doc.text(cells.qty, cols.qty[0], y, { width: cols.qty[1], align: 'right' });
    doc.text(cells.unit, cols.unit[0], y, { width: cols.unit[1], align: 'right' });
    if (cols.rate) doc.text(cells.rate ?? '', cols.rate[0], y, { width: cols.rate[1], align: 'right' });
    if (cols.vat) doc.text(cells.vat ?? '', cols.vat[0], y, { width: cols.vat[1], align: 'right' });
    doc.text(cells.total, cols.total[0], y, { width: cols.total[1], align: 'right' });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  };
  row({ desc: 'Description', qty: 'Qty', unit: 'Unit price', rate: 'VAT %', vat: 'VAT', total: vat ? 'Net' : 'Amount' }, true);
  for (const line of invoice.lines) {
    row({
      desc: line.description,
      qty: quantityText(line),
      unit: formatPence(line.unit_price_pence),
      rate: rateText(line.vat_rate_bp),
      vat: formatPence(line.vat_pence),
      total: formatPence(line.net_pence),
    });
  }
  doc.moveDown();

  const totalRow = (label: string, pence: number, bold = false) => {
    if (doc.y + 14 > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, 250, y, { width: 225, align: 'right' });
    doc.text(formatPence(pence), 480, y, { width: 65, align: 'right' });
    doc.x = MARGIN;
    doc.y = y + 14;
  };
  if (vat) {
    totalRow('Total before VAT', invoice.totals.net_pence);
    for (const rate of invoice.totals.by_rate)
      totalRow(`VAT at ${rateText(rate.vat_rate_bp)} on ${formatPence(rate.net_pence)}`, rate.vat_pence);
    totalRow(credit ? 'Total credited including VAT' : 'Total including VAT', invoice.totals.gross_pence, true);
  } else {
    totalRow(credit ? 'Total credited' : 'Total', invoice.totals.gross_pence, true);
  }
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
