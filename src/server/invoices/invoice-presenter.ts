/**
 * A document as the shop and the customer read it: its lines and figures exactly as issued (the
 * rows keep them), the VAT summary per rate worked out by the one money module, and its number
 * as printed. Nothing here is priced again: an issued invoice never changes.
 */
import { estimateTotals } from '#shared/money/estimate-totals.ts';
import { invoiceNumberText } from '#shared/format/invoice-number.ts';
import type { Invoice, InvoiceLine } from '#shared/schemas/invoices.ts';
import type { InvoiceLineRow, InvoiceRow } from './invoices.repository.ts';

export function presentInvoiceLine(row: InvoiceLineRow): InvoiceLine {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    quantity: row.quantity,
    unit_price_pence: row.unit_price_pence,
    vat_rate_bp: row.vat_rate_bp,
    net_pence: row.net_pence,
    vat_pence: row.vat_pence,
    gross_pence: row.gross_pence,
    credited_line_id: row.credited_line_id,
  };
}

/** The VAT summary per rate from the lines as issued (sums of the rounded lines, as the totals are). */
function byRate(lines: readonly InvoiceLineRow[]) {
  const rates = [...new Set(lines.map((l) => l.vat_rate_bp))].sort((a, b) => a - b);
  return rates.map((rate) => {
    const at = lines.filter((l) => l.vat_rate_bp === rate);
    return {
      vat_rate_bp: rate,
      net_pence: at.reduce((sum, l) => sum + l.net_pence, 0),
      vat_pence: at.reduce((sum, l) => sum + l.vat_pence, 0),
    };
  });
}

export function presentInvoice(row: InvoiceRow, lines: readonly InvoiceLineRow[]): Invoice {
  return {
    id: row.id,
    series: row.series,
    number: row.number,
    display_number: invoiceNumberText(row.series, row.number),
    credited_invoice_id: row.credited_invoice_id,
    repair_job_id: row.repair_job_id,
    job_reference: row.job_reference,
    issued_at: new Date(row.issued_at).toISOString(),
    supplied_on: row.supplied_on,
    shop_name: row.shop_name,
    shop_address: row.shop_address,
    shop_vat_number: row.shop_vat_number,
    vat_registered: row.shop_vat_number !== '',
    customer_name: row.customer_name,
    customer_address: row.customer_address,
    customer_email: row.customer_email,
    vehicle: row.vehicle,
    registration: row.registration,
    lines: lines.map(presentInvoiceLine),
    totals: { net_pence: row.net_pence, vat_pence: row.vat_pence, gross_pence: row.gross_pence, by_rate: byRate(lines) },
    insurer_name: row.insurer_name,
    claim_number: row.claim_number,
    insurer_share_pence: row.insurer_share_pence,
    excess_pence: row.excess_pence,
    paid_pence: row.paid_pence,
    due_pence: row.due_pence,
    reason: row.reason,
  };
}

/** Prices lines for a new document with the one money module: per line, half up (the rounding rule). */
export function priceInvoiceLines<
  L extends { kind: InvoiceLineRow['kind']; quantity: number; unit_price_pence: number; vat_rate_bp: number },
>(lines: readonly L[]) {
  const totals = estimateTotals(lines);
  return { lines: lines.map((l, i) => ({ ...l, ...totals.lines[i]! })), totals };
}
