/**
 * The estimate as a PDF (pdfkit): the shop's details, the customer and vehicle, every line with
 * its figures, the totals and, only when the shop has a VAT number, each line's VAT rate and VAT,
 * the VAT summary per rate and the VAT number. Every figure comes from the presented version
 * (estimate-presenter.ts, shared/money/estimate-totals.ts): nothing is worked out again here.
 * Dates are the shop's (Europe/London unless its record says otherwise).
 */
import type { EstimateVersion } from '#shared/schemas/estimates.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { formatDate } from '#shared/format/dates.ts';
import { formatAddressLine } from '#shared/format/address.ts';
import { drawPricedLines, drawVatTotals, MARGIN, startPdf, totalRowWriter } from './priced-lines-pdf.ts';

export interface EstimatePdfInput {
  shop: Pick<Shop, 'name' | 'addressLines' | 'town' | 'county' | 'postcode' | 'telephone' | 'email' | 'timeZone'>;
  reference: string;
  customer_name: string;
  vehicle: string;
  registration: string | null;
  version: EstimateVersion;
}

function statusText(version: EstimateVersion): string {
  if (version.status === 'draft') return 'Draft (not yet sent)';
  return `Version ${version.number}`;
}

export async function renderEstimatePdf(input: EstimatePdfInput): Promise<Buffer> {
  const { shop, version } = input;
  const vat = version.vat_registered;
  const { doc, done } = await startPdf({ Title: `Estimate ${input.reference}`, Author: shop.name });
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

  drawPricedLines(doc, version.lines, vat);
  drawVatTotals(totalRowWriter(doc), version.totals, vat, { withVat: 'Total including VAT', withoutVat: 'Total' });
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
