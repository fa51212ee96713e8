/**
 * The estimate as a PDF (pdfkit): the shop's details, the customer and vehicle, every line with
 * its figures, the totals and, only when the shop has a VAT number, each line's VAT rate and VAT,
 * the VAT summary per rate and the VAT number. Every figure comes from the presented version
 * (estimate-presenter.ts, shared/money/estimate-totals.ts): nothing is worked out again here.
 * Dates are the shop's (Europe/London unless its record says otherwise).
 */
import PDFDocument from 'pdfkit';
import type { EstimateLine, EstimateVersion } from '#shared/schemas/estimates.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { formatPence } from '#shared/format/money.ts';
import { formatDate } from '#shared/format/dates.ts';
import { formatAddressLine } from '#shared/format/address.ts';

export interface EstimatePdfInput {
  shop: Pick<Shop, 'name' | 'addressLines' | 'town' | 'county' | 'postcode' | 'telephone' | 'email' | 'timeZone'>;
  reference: string;
  customer_name: string;
  vehicle: string;
  registration: string | null;
  version: EstimateVersion;
}

const MARGIN = 50;
const PAGE_BOTTOM = 780;

/** "1.5 h" for labour (hundredths of an hour), the count otherwise. */
function quantityText(line: Pick<EstimateLine, 'kind' | 'quantity'>): string {
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

/** "20%", "5%", "0%", "17.5%" from basis points. */
function rateText(bp: number): string {
  return `${bp / 100}%`.replace('.00%', '%');
}

function statusText(version: EstimateVersion): string {
  if (version.status === 'draft') return 'Draft (not yet sent)';
  return `Version ${version.number}`;
}

export async function renderEstimatePdf(input: EstimatePdfInput): Promise<Buffer> {
  const { shop, version } = input;
  const vat = version.vat_registered;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Estimate ${input.reference}`, Author: shop.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const dateOpts = { timeZone: shop.timeZone };

  doc.font('Helvetica-Bold').fontSize(18).text(shop.name);
  doc.font('Helvetica').fontSize(10).text(formatAddressLine(shop));
  doc.text([shop.telephone, shop.email].filter(Boolean).join('  ·  '));
  if (vat) doc.text(`VAT number: ${version.vat_number}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(`Estimate ${input.reference}`);
  doc.font('Helvetica').fontSize(10).text(statusText(version));
  if (version.sent_at) doc.text(`Date: ${formatDate(version.sent_at, dateOpts)}`);
  if (version.valid_until) doc.text(`Valid until: ${formatDate(version.valid_until, dateOpts)}`);
  doc.moveDown(0.5);
  doc.text(`Customer: ${input.customer_name}`);
  doc.text(`Vehicle: ${input.vehicle}${input.registration ? ` (${input.registration})` : ''}`);
  doc.moveDown();

  // Columns: description, quantity, unit price, [VAT rate, VAT], line total (net).
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
  for (const line of version.lines) {
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
    doc.text(label, 300, y, { width: 175, align: 'right' });
    doc.text(formatPence(pence), 480, y, { width: 65, align: 'right' });
    doc.x = MARGIN;
    doc.y = y + 14;
  };
  if (vat) {
    totalRow('Total before VAT', version.totals.net_pence);
    for (const rate of version.totals.by_rate)
      totalRow(`VAT at ${rateText(rate.vat_rate_bp)} on ${formatPence(rate.net_pence)}`, rate.vat_pence);
    totalRow('Total including VAT', version.totals.gross_pence, true);
  } else {
    totalRow('Total', version.totals.gross_pence, true);
  }
  doc.moveDown();
  if (version.notes) {
    doc.font('Helvetica-Bold').fontSize(10).text('Notes', MARGIN);
    doc.font('Helvetica').fontSize(9).text(version.notes);
    doc.moveDown();
  }
  if (version.terms) {
    doc.font('Helvetica-Bold').fontSize(10).text('Terms', MARGIN);
    doc.font('Helvetica').fontSize(9).text(version.terms);
  }
  doc.end();
  return done;
}
