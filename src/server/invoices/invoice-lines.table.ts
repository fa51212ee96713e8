import type { Generated } from 'kysely';
import type { EstimateLineKind } from '#shared/value-sets.ts';

/** A line of an invoice or credit note as issued, with its VAT rate and figures (pence). */
export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  kind: EstimateLineKind;
  description: string;
  quantity: number;
  unit_price_pence: number;
  vat_rate_bp: number;
  net_pence: number;
  vat_pence: number;
  gross_pence: number;
  /** On a credit note: the invoice's line it credits. */
  credited_line_id: number | null;
}
