import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { InvoiceSeries } from '#shared/value-sets.ts';

/**
 * An issued invoice or credit note (invoices/invoices.repository.ts): its number in its series,
 * the snapshot of the shop and the customer, its figures in pence as issued. Never changed nor
 * deleted (a database trigger refuses it) except its user links set to null when an account goes.
 */
export interface InvoicesTable {
  id: Generated<number>;
  series: InvoiceSeries;
  number: number;
  credited_invoice_id: number | null;
  repair_job_id: number;
  user_id: number | null;
  estimate_version_id: number | null;
  issued_at: Timestamp;
  /** The tax point, a calendar date read back as 'YYYY-MM-DD'. */
  supplied_on: string;
  issued_by: number | null;
  shop_name: string;
  shop_address: string;
  shop_vat_number: ColumnType<string, string | undefined, never>;
  customer_name: string;
  customer_address: ColumnType<string, string | undefined, never>;
  customer_email: ColumnType<string, string | undefined, never>;
  job_reference: string;
  vehicle: ColumnType<string, string | undefined, never>;
  registration: string | null;
  net_pence: number;
  vat_pence: number;
  gross_pence: number;
  insurer_name: string | null;
  claim_number: string | null;
  insurer_share_pence: ColumnType<number, number | undefined, never>;
  excess_pence: ColumnType<number, number | undefined, never>;
  paid_pence: ColumnType<number, number | undefined, never>;
  due_pence: ColumnType<number, number | undefined, never>;
  reason: ColumnType<string, string | undefined, never>;
  created_at: Timestamp;
}
