import type { InvoiceSeries } from '#shared/value-sets.ts';

/** "INV-000042" from the series and number: six digits, more once a series passes 999,999. */
export function invoiceNumberText(series: InvoiceSeries, number: number): string {
  return `${series}-${String(number).padStart(6, '0')}`;
}
