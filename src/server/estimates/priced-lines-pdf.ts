/**
 * The parts the estimate PDF and the invoice PDF share (pdfkit): the page, the table of priced
 * lines (with VAT columns only for a VAT-registered shop) and the right-aligned totals. Every
 * figure is the caller's, presented already: nothing is worked out here.
 */
import type PDFDocumentType from 'pdfkit';
import { formatPence } from '#shared/format/money.ts';

export const MARGIN = 50;
const PAGE_BOTTOM = 780;

export interface PricedPdfLine {
  kind: string;
  description: string;
  quantity: number;
  unit_price_pence: number;
  vat_rate_bp: number;
  vat_pence: number;
  net_pence: number;
}

/** "1.5 h" for labour (hundredths of an hour), the count otherwise. */
export function quantityText(line: Pick<PricedPdfLine, 'kind' | 'quantity'>): string {
  if (line.kind !== 'labour') return String(line.quantity);
  const fraction = line.quantity % 100;
  const hours = `${Math.trunc(line.quantity / 100)}${fraction === 0 ? '' : `.${String(fraction).padStart(2, '0').replace(/0$/, '')}`}`;
  return `${hours} h`;
}

/** "20%", "5%", "0%", "17.5%" from basis points. */
export function rateText(bp: number): string {
  return `${bp / 100}%`;
}

/**
 * An A4 document and the promise of its bytes once `doc.end()` is called. pdfkit (and its fonts'
 * metrics, some 28 MB) is loaded by the first PDF made, not by every server start.
 */
export async function startPdf(info: { Title: string; Author: string }): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const PDFDocument: typeof PDFDocumentType = (await import('pdfkit')).default;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The lines' table: description, quantity, unit price, [VAT rate, VAT], the line's net. */
export function drawPricedLines(doc: PDFKit.PDFDocument, lines: readonly PricedPdfLine[], vat: boolean): void {
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
  for (const line of lines) {
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
}

/** Writes one totals row: its label right-aligned beside the amount. */
export function totalRowWriter(doc: PDFKit.PDFDocument): (label: string, pence: number, bold?: boolean) => void {
  return (label, pence, bold = false) => {
    if (doc.y + 14 > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, 250, y, { width: 225, align: 'right' });
    doc.text(formatPence(pence), 480, y, { width: 65, align: 'right' });
    doc.x = MARGIN;
    doc.y = y + 14;
  };
}

/** The VAT summary and the total: per rate when VAT-registered, one total otherwise. */
export function drawVatTotals(
  totalRow: ReturnType<typeof totalRowWriter>,
  totals: { net_pence: number; gross_pence: number; by_rate: readonly { vat_rate_bp: number; net_pence: number; vat_pence: number }[] },
  vat: boolean,
  labels: { withVat: string; withoutVat: string },
): void {
  if (vat) {
    totalRow('Total before VAT', totals.net_pence);
    for (const rate of totals.by_rate) totalRow(`VAT at ${rateText(rate.vat_rate_bp)} on ${formatPence(rate.net_pence)}`, rate.vat_pence);
    totalRow(labels.withVat, totals.gross_pence, true);
  } else {
    totalRow(labels.withoutVat, totals.gross_pence, true);
  }
}
